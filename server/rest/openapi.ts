// The OpenAPI 3.1 document of the REST paths, built from the route registry and the procedures' own zod
// input schemas (z.toJSONSchema, JSON Schema 2020-12, which OpenAPI 3.1 uses as is). Nothing here is
// written by hand per route: a new route is documented the moment it is registered (docs/decisions/0043).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyProcedure } from '@trpc/server';
import { z } from 'zod';
import { ERROR_TABLE } from '../lib/errors';
import { APP_ROOT } from '../lib/paths';
import { KEY_FORBIDDEN, type Access, type ProcedureMeta } from '../trpc/init';
import { WEBHOOK_EVENTS, webhookPayload, type WebhookEvent } from '../../shared/schemas/integrations';
import { PROCEDURES } from '../trpc/router';
import type { RestRoute } from './define';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const ACCESS_TEXT: Record<Access, string> = {
  public: 'anyone, no token needed',
  user: 'any logged-in user',
  company: "users of an approved company (MEMBER or MANAGER); other companies' objects answer 404",
  manager: "the company's MANAGER",
  admin: 'administrators',
  driver: 'drivers, with the token from POST /api/common/driver/login',
};

export const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'message_code', 'request_id'],
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_TABLE), description: 'Stable machine-readable code.' },
        message: { type: 'string', description: 'English text for people (SPEC wording).' },
        message_code: { type: 'string', description: 'The message as a code (shared/messages.ts), for showing it in another language.' },
        params: { type: 'object', additionalProperties: { type: ['string', 'number'] }, description: 'Values the message code fills in.' },
        fields: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Per-field problems of a refused input in English, keyed by field path.',
        },
        field_codes: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            required: ['code'],
            properties: { code: { type: 'string' }, params: { type: 'object', additionalProperties: { type: ['string', 'number'] } } },
          },
          description: 'The same per-field problems as message codes with their parameters.',
        },
        request_id: { type: 'string', description: 'Also sent as the X-Request-Id header; quote it when reporting a problem.' },
      },
    },
  },
};

const ERROR_RESPONSES = {
  BadRequest: 'The input was refused (VALIDATION carries `fields`).',
  Unauthorized: 'No valid bearer token, or the session expired.',
  Forbidden: 'Logged in, but this role may not do this.',
  NotFound: 'No such object, or it belongs to another company.',
  Error: 'Any other failure (409 conflict, 413, 415, 422, 429 with Retry-After, 500).',
} as const;

const errorResponse = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

function accessOf(proc: AnyProcedure): Access {
  const access = (proc._def.meta as ProcedureMeta | undefined)?.access;
  if (!access) throw new Error('procedure without a ladder rung');
  return access;
}

/** The procedure's input as JSON Schema (what a caller sends: before defaults and transforms). */
function inputSchema(proc: AnyProcedure): JsonSchema | null {
  const parser = (proc._def as { inputs: unknown[] }).inputs[0];
  if (!parser) return null;
  const { $schema: _drop, ...schema } = z.toJSONSchema(parser as z.ZodType, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return schema;
}

/**
 * A zod schema of what the server sends, as JSON Schema of the JSON on the wire: a Date is written as an ISO
 * 8601 string by JSON.stringify, so it is documented as one.
 */
export function answerSchema(parser: z.ZodType): JsonSchema {
  const { $schema: _drop, ...schema } = z.toJSONSchema(parser, {
    io: 'output',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: (ctx) => {
      if ((ctx.zodSchema as { _zod: { def: { type: string } } })._zod.def.type === 'date')
        Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as JsonSchema;
  return schema;
}

/** The procedure's declared output as JSON Schema (what it answers), or null where it declares none yet. */
function outputSchema(proc: AnyProcedure): JsonSchema | null {
  const parser = (proc._def as { output?: unknown }).output;
  return parser ? answerSchema(parser as z.ZodType) : null;
}

/** An API key may call the path (docs/decisions/0230): a company's REST path outside user management and keys. */
function keyMayCall(r: RestRoute, access: Access): boolean {
  return (
    r.path.startsWith('/api/') &&
    (access === 'user' || access === 'company' || access === 'manager') &&
    !KEY_FORBIDDEN.some((prefix) => r.procedure.startsWith(prefix))
  );
}

const openApiPath = (p: string) => p.replace(/:(\w+)/g, '{$1}');

function operationId(r: RestRoute): string {
  const words = [r.method, ...r.path.split(/[^A-Za-z0-9]+/).filter(Boolean)];
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

function pick(schema: JsonSchema, keys: string[]): JsonSchema {
  const properties = Object.fromEntries(keys.map((k) => [k, schema.properties?.[k] ?? {}]));
  const required = (schema.required ?? []).filter((k) => keys.includes(k));
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

function operation(r: RestRoute) {
  const proc = PROCEDURES[r.procedure];
  if (!proc) throw new Error(`${r.method.toUpperCase()} ${r.path}: no procedure ${r.procedure}`);
  const access = accessOf(proc);
  const schema = inputSchema(proc) ?? { type: 'object', properties: {} };
  const all = Object.keys(schema.properties ?? {});
  const required = new Set(schema.required ?? []);

  // Which input key comes from where, resolved as readInput does: explicit keys first, 'rest' takes the others.
  const fromParams = Object.values(r.params);
  const taken = new Set([
    ...fromParams,
    ...Object.keys(r.fixed ?? {}),
    ...(Array.isArray(r.query) ? r.query : []),
    ...(Array.isArray(r.body) ? r.body : []),
  ]);
  if (r.upload) taken.add(r.upload.fields.name).add(r.upload.fields.base64);
  const rest = all.filter((k) => !taken.has(k));
  const queryKeys = r.query === 'rest' ? rest : [...(r.query ?? [])];
  const bodyKeys = r.body === 'rest' ? rest : [...(r.body ?? [])];

  const parameters = [
    ...Object.entries(r.params).map(([name, key]) => ({ name, in: 'path', required: true, schema: schema.properties?.[key] ?? {} })),
    ...queryKeys.map((key) => ({ name: key, in: 'query', required: required.has(key), schema: schema.properties?.[key] ?? {} })),
  ];

  let requestBody: Record<string, unknown> | undefined;
  if (r.upload) {
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', format: 'binary', contentMediaType: r.upload.contentType, description: 'Exactly one file.' } },
          },
          encoding: { file: { contentType: r.upload.contentType } },
        },
      },
    };
  } else if (r.body) {
    requestBody = { required: true, content: { 'application/json': { schema: pick(schema, bodyKeys) } } };
  }

  // Every procedure behind a JSON path declares its output schema (the document test lists any that does not).
  const output = outputSchema(proc);
  const success = r.respond
    ? {
        description: 'Success: a file.',
        content: { [r.respond.contentType]: { schema: { type: 'string', contentMediaType: r.respond.contentType } } },
      }
    : {
        description: 'Success: a JSON object (the same data the web app receives).',
        content: { 'application/json': output ? { schema: output } : {} },
      };
  const responses: Record<string, unknown> = { [String(r.status)]: success };
  if (parameters.length || requestBody) responses['400'] = errorResponse('BadRequest');
  if (access !== 'public') responses['401'] = errorResponse('Unauthorized');
  if (access !== 'public' && access !== 'user') responses['403'] = errorResponse('Forbidden');
  if (Object.keys(r.params).length) responses['404'] = errorResponse('NotFound');
  responses.default = errorResponse('Error');

  return {
    operationId: operationId(r),
    tags: [r.procedure.split('.')[0]!],
    ...(r.summary ? { summary: r.summary } : {}),
    description: `Who may call: ${ACCESS_TEXT[access]}. Runs the tRPC procedure \`${r.procedure}\` (same input schema and rules as the web app).`,
    'x-trpc-procedure': r.procedure,
    ...(access === 'public' ? {} : { security: keyMayCall(r, access) ? [{ bearerAuth: [] }, { apiKey: [] }] : [{ bearerAuth: [] }] }),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

const WEBHOOK_HEADERS = [
  ['webhook-id', "The delivery's id (`msg_…`): the same on every attempt; deduplicate on it."],
  ['webhook-timestamp', 'Seconds since the Unix epoch when this attempt was signed.'],
  ['webhook-signature', '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the key after `whsec_`.'],
] as const;

/** One entry of the document's `webhooks` section: the POST a company's endpoint receives for the event. */
function webhookOperation(event: WebhookEvent) {
  return {
    post: {
      operationId: `webhook${event
        .split('.')
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join('')}`,
      summary: `${event} (Standard Webhooks)`,
      description: 'Signed per Standard Webhooks; retried for 24 hours until a 2xx answer (docs/integrations.md).',
      parameters: WEBHOOK_HEADERS.map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } })),
      requestBody: { required: true, content: { 'application/json': { schema: answerSchema(webhookPayload(event)) } } },
      responses: { '2XX': { description: 'Received. Any other answer, or none within 10 s, is retried.' } },
    },
  };
}

export function buildOpenApiDocument(routes: readonly RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) (paths[openApiPath(r.path)] ??= {})[r.method] = operation(r);
  return {
    openapi: '3.1.1',
    info: {
      title: 'Synergy marketplace REST API',
      version: packageVersion(),
      description:
        'The REST paths for external systems. Each calls the same procedure as the web app, so validation, permissions and errors are identical. ' +
        'Send `Authorization: Bearer <token>` (from POST /api/auth/login) or a company API key (`Authorization: Bearer sk_live_…`) where a lock is shown. ' +
        'Lists are paged from page 0. Webhook payloads are under `webhooks` (docs/integrations.md).',
    },
    servers: [{ url: '/' }],
    paths,
    webhooks: Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event, webhookOperation(event)])),
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A person's session token from POST /api/auth/login." },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sk_live_…',
          description: "A company's API key (POST /api/companies/{id}/api-keys): the company's REST paths, read or write by its scopes.",
        },
      },
      schemas: { Error: ERROR_SCHEMA },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([name, description]) => [
          name,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
    },
  };
}
