// Checks real answers against the OpenAPI document: a REST answer against its operation's documented response
// schema, a webhook body against the document's `webhooks` entry. JSON Schema 2020-12, as OpenAPI 3.1 uses it.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import type { z } from 'zod';
import { REST_ROUTES } from '../rest';
import { answerSchema, buildOpenApiDocument } from '../rest/openapi';

type Operation = { responses: Record<string, { content?: Record<string, { schema?: object }> }> };
let doc: { paths: Record<string, Record<string, Operation>> } | null = null;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();

function validate(key: string, schema: object, value: unknown) {
  let fn = compiled.get(key);
  if (!fn) compiled.set(key, (fn = ajv.compile(schema)));
  const ok = fn(value);
  expect(ok ? [] : fn.errors, `${key}: answer does not match the documented schema`).toEqual([]);
}

/** The answer of `method path` (the Express path, `/api/companies/:id`) matches its documented response schema. */
export function expectDocumentedAnswer(method: string, path: string, res: { status: number; body: unknown }) {
  doc ??= buildOpenApiDocument(REST_ROUTES) as unknown as typeof doc;
  const op = doc!.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method];
  if (!op) throw new Error(`${method} ${path}: not in the document`);
  const schema = op.responses[String(res.status)]?.content?.['application/json']?.schema;
  if (!schema || !Object.keys(schema).length) throw new Error(`${method} ${path} ${res.status}: no response schema documented`);
  validate(`${method} ${path} ${res.status}`, schema, res.body);
}

/** The REST route an Express app would run for `method url`: the first registered whose path matches, as Express picks. */
function routeFor(method: string, url: string) {
  const pathname = new URL(url, 'http://test').pathname;
  return REST_ROUTES.find((r) => r.method === method && routePattern(r.path).test(pathname));
}

const patterns = new Map<string, RegExp>();
function routePattern(path: string): RegExp {
  let re = patterns.get(path);
  if (!re) {
    // Express's defaults: a trailing slash is optional and case does not matter.
    const source = path
      .replace(/\/$/, '')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:\w+/g, '[^/]+');
    patterns.set(path, (re = new RegExp(`^${source}/?$`, 'i')));
  }
  return re;
}

/**
 * A JSON 2xx answer of a REST route matches its documented response schema; other answers (errors, files,
 * paths outside the REST registry) are left to the test that asked for them.
 */
export function expectRestAnswer(method: string, url: string, res: { status: number; type?: string; body: unknown }) {
  if (res.status < 200 || res.status >= 300 || res.type !== 'application/json') return;
  const route = routeFor(method, url);
  if (!route || route.respond) return;
  expectDocumentedAnswer(method, route.path, res);
}

/** A body matches a zod schema as documented (Dates as ISO strings). */
export function expectMatchesSchema(name: string, schema: z.ZodType, value: unknown) {
  validate(name, answerSchema(schema), value);
}
