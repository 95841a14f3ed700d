// Request bodies: refused from their declared length before they are read, and read above 1 MB only for a
// caller who is logged in (an anonymous flood of large posts cannot fill the server's memory).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants/limits';
import { createCompanyWithUsers } from '../test/factories';
import { useTestContext } from '../test/suite';
import { z } from 'zod';
import { appRouter } from '../trpc/router';
import { bodyLimitOf, FILE_BODY_BYTES } from './body-limit';

const t = useTestContext();
let server: http.Server;
let port: number;
let auth: string;
beforeAll(async () => {
  server = http.createServer(t.app());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const { manager } = await createCompanyWithUsers(t.deps.db);
  auth = `Bearer ${t.deps.tokens.signUser({ sub: String(manager.id), role: manager.role, company_id: manager.company_id, tv: 0 }, 3600)}`;
}, 120_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

interface Answer {
  status: number;
  body: { error?: { code: string } };
  /** Body bytes the client had written when the answer came. */
  sent: number;
}

/**
 * Sends the headers and the first 64 KiB of a body, then writes the rest only if no answer has come by then
 * (a server that waits for the whole body gets it). `length` null: chunked, no Content-Length.
 */
function post(path: string, o: { length: number | null; total?: number; authorization?: string }): Promise<Answer> {
  const total = o.total ?? o.length ?? 0;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (o.length !== null) headers['content-length'] = String(o.length);
    if (o.authorization) headers.authorization = o.authorization;
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text ? (JSON.parse(text) as Answer['body']) : {}, sent }));
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const first = Buffer.concat([Buffer.from('{"x":"'), chunk]);
    req.write(first);
    sent += first.length;
    setTimeout(() => {
      if (answered) return;
      while (sent + chunk.length < total - 2) {
        req.write(chunk);
        sent += chunk.length;
      }
      const last = Buffer.concat([Buffer.alloc(Math.max(0, total - sent - 2), 'a'), Buffer.from('"}')]);
      sent += last.length;
      req.end(last);
    }, 300);
  });
}

describe('request body limits', () => {
  it('gives routes with files their files’ limits (base64 included), capped, and every other route 1 MB', () => {
    expect(bodyLimitOf(['auth.login'])).toBe(LIMITS.plainBodyBytes);
    expect(bodyLimitOf(['users.update'])).toBeGreaterThan(Math.ceil(LIMITS.profileImageBytes / 3) * 4);
    expect(bodyLimitOf(['materials.create'])).toBeGreaterThan(Math.ceil((LIMITS.listingPhotoBytes * LIMITS.listingPhotosMax) / 3) * 4);
    expect(bodyLimitOf(['donations.create'])).toBe(bodyLimitOf(['materials.create']));
    expect(bodyLimitOf(['driver.uploadDocuments'])).toBe(LIMITS.jsonBodyBytes);
    expect(bodyLimitOf(['auth.login', 'materials.create'])).toBe(bodyLimitOf(['materials.create']));
  });

  it('knows every procedure whose input carries a file (a field named as file fields are)', () => {
    const FILE_FIELDS = new Set(['image', 'images', 'attachments', 'documents', 'body_base64']);
    const carriesFile = (schema: unknown): boolean => {
      const json = JSON.stringify(z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }));
      return [...FILE_FIELDS].some((f) => json.includes(`"${f}":`));
    };
    const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { inputs: unknown[] } }> } })._def.procedures;
    const withFiles = Object.entries(procedures)
      .filter(([, p]) => p._def.inputs.some(carriesFile))
      .map(([path]) => path)
      .sort();
    expect(withFiles).toEqual(Object.keys(FILE_BODY_BYTES).sort());
  });

  it('refuses a declared length above a plain route’s 1 MB with 413 before reading it, logged in or not', async () => {
    for (const authorization of [undefined, auth]) {
      const res = await post('/api/auth/login', { length: 2 * 1024 * 1024, authorization });
      expect(res.status).toBe(413);
      expect(res.body.error?.code).toBe('PAYLOAD_TOO_LARGE');
      expect(res.sent).toBeLessThan(100 * 1024);
      const trpc = await post('/trpc/auth.login', { length: 2 * 1024 * 1024, authorization });
      expect(trpc.status).toBe(413);
      expect(trpc.sent).toBeLessThan(100 * 1024);
    }
  });

  it('refuses a declared length above a file route’s limit with 413 before reading it', async () => {
    const over = bodyLimitOf(['materials.create']) + 1;
    expect((await post('/trpc/materials.create', { length: over, authorization: auth })).status).toBe(413);
    expect((await post('/api/v2/materials', { length: over, authorization: auth })).status).toBe(413);
    expect((await post('/trpc/driver.uploadDocuments', { length: LIMITS.jsonBodyBytes + 1, authorization: auth })).sent).toBeLessThan(100 * 1024);
  });

  it('refuses an anonymous body over 1 MB on a file route with 401 before reading it, declared or chunked', async () => {
    for (const length of [5 * 1024 * 1024, null]) {
      const trpc = await post('/trpc/chat.send', { length, total: 5 * 1024 * 1024 });
      expect(trpc.status).toBe(401);
      expect(trpc.sent).toBeLessThan(100 * 1024);
      const rest = await post('/api/v2/materials', { length, total: 5 * 1024 * 1024 });
      expect(rest.status).toBe(401);
      expect(rest.sent).toBeLessThan(100 * 1024);
    }
  });

  it('reads a logged-in caller’s large body on a file route, and stops a chunked plain body at 1 MB', async () => {
    // Read whole (the JSON is not a listing, so the answer is a validation error, not a size refusal).
    const big = await post('/trpc/materials.create', { length: 3 * 1024 * 1024, authorization: auth });
    expect(big.status).toBe(400);
    expect(big.sent).toBe(3 * 1024 * 1024);
    const chunked = await post('/api/auth/login', { length: null, total: 2 * 1024 * 1024, authorization: auth });
    expect(chunked.status).toBe(413);
  });
});
