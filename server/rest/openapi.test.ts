import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../test/suite';
import { REST_ROUTES } from '.';
import { ERROR_SCHEMA } from './openapi';
import { WEBHOOK_EVENTS } from '../../shared/schemas/integrations';

const t = useTestContext();
let doc: {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        parameters?: { name: string; in: string; schema: unknown }[];
        requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
        responses: Record<string, unknown>;
      }
    >
  >;
};

beforeAll(async () => {
  const res = await request(t.app()).get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});

const op = (method: string, path: string) => doc.paths[path]![method]!;

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const res = await validator.validate(structuredClone(doc));
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every registered route with its success status, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(documented.sort()).toEqual(REST_ROUTES.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`).sort());
    for (const r of REST_ROUTES) expect(Object.keys(op(r.method, r.path.replace(/:(\w+)/g, '{$1}')).responses)).toContain(String(r.status));
  });

  it('describes the answer of a procedure that declares its output schema', () => {
    const method = op('get', '/api/impact/method').responses['200'] as {
      content: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
    };
    expect(Object.keys(method.content['application/json']!.schema!.properties!)).toEqual(['factor_set', 'factor_version', 'formula', 'mappings']);
    const set = op('put', '/admin/impact/mappings').responses['200'] as {
      content: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
    };
    expect(set.content['application/json']!.schema!.properties).toHaveProperty('effective');
  });

  it('describes the answer of every JSON route, and the media type of every file answer', () => {
    const undescribed = REST_ROUTES.filter((r) => {
      const success = op(r.method, r.path.replace(/:(\w+)/g, '{$1}')).responses[String(r.status)] as {
        content: Record<string, { schema?: Record<string, unknown> }>;
      };
      const type = r.respond?.contentType ?? 'application/json';
      return Object.keys(success.content[type]?.schema ?? {}).length === 0;
    }).map((r) => `${r.method} ${r.path} (${r.procedure})`);
    expect(undescribed).toEqual([]);
  });

  it('asks for the bearer token exactly where the procedure needs a login', () => {
    expect(op('post', '/api/auth/login').security).toBeUndefined();
    expect(op('get', '/api/common/sdgs').security).toBeUndefined();
    expect(op('get', '/admin/companies').security).toEqual([{ bearerAuth: [] }]);
    expect(op('post', '/api/users/change-password').security).toEqual([{ bearerAuth: [] }]);
    // API keys: the company's REST paths, never user management, keys themselves or administrators' paths.
    expect(op('get', '/api/offers').security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(op('post', '/api/companies/{id}/webhooks').security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(op('post', '/api/companies/{id}/api-keys').security).toEqual([{ bearerAuth: [] }]);
    expect(op('get', '/api/users/').security).toEqual([{ bearerAuth: [] }]);
  });

  it('describes every webhook payload and documents dates as ISO strings', () => {
    const full = doc as unknown as {
      webhooks: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, { const?: string }> } }> } } }
      >;
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }> }>
      >;
    };
    expect(Object.keys(full.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const received = full.webhooks['offer.received']!.post.requestBody.content['application/json']!.schema;
    expect(Object.keys(received.properties)).toEqual(['type', 'timestamp', 'data']);
    expect(received.properties.type!.const).toBe('offer.received');
    const keys = full.paths['/api/companies/{id}/api-keys']!.get!.responses['200']!.content['application/json']!.schema;
    expect(JSON.stringify(keys)).toContain('"format":"date-time"');
  });

  it('splits the input into path, query and body as the route maps it, with the zod constraints', () => {
    const update = op('put', '/api/v2/materials/{id}');
    expect(update.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['path:id', 'query:company_id', 'query:uuid']);
    const body = update.requestBody!.content['application/json']!.schema.properties!;
    expect(Object.keys(body)).toContain('title');
    expect(Object.keys(body)).not.toContain('id');

    const assign = op('post', '/admin/companies/{id}/assign-subscription-plan');
    expect(assign.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'integer', exclusiveMinimum: 0 }) },
    ]);
    expect(Object.keys(assign.requestBody!.content['application/json']!.schema.properties!).sort()).toEqual(['mode', 'subscription_plan_id']);

    const list = op('get', '/admin/temporary-accounts');
    expect(list.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'size', 'status']));
    expect(list.requestBody).toBeUndefined();

    expect(op('get', '/api/v2/materials/offerings').parameters!.map((p) => p.name)).not.toContain('kind');
    expect(Object.keys(op('post', '/api/v2/materials/bulk-upload').requestBody!.content)).toEqual(['multipart/form-data']);
  });

  it('documents the error body the server really sends', async () => {
    const res = await request(t.app()).post('/api/auth/login').send({});
    expect(res.status).toBe(400);
    const documented = ERROR_SCHEMA.properties!.error as { properties: Record<string, unknown>; required: string[] };
    for (const key of documented.required) expect(res.body.error).toHaveProperty(key);
    for (const key of Object.keys(res.body.error)) expect(Object.keys(documented.properties)).toContain(key);
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page and its assets from this server', async () => {
    const page = await request(t.app()).get('/api/docs').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html');
    const srcs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(srcs.length).toBeGreaterThan(2);
    for (const src of srcs) {
      expect(src.startsWith('/api/docs/')).toBe(true);
      expect((await request(t.app()).get(src)).status).toBe(200);
    }
  });
});
