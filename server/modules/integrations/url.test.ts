import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { checkWebhookUrl, guardedLookup, isPrivateAddress } from './url';

const production = { NODE_ENV: 'production' as const, WEBHOOKS_ALLOW_HTTP: false };
const tests = { NODE_ENV: 'test' as const, WEBHOOKS_ALLOW_HTTP: true };

const fieldCode = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.fields?.url?.code : String(err);
  }
  return null;
};

describe('webhook addresses', () => {
  it('are https only unless WEBHOOKS_ALLOW_HTTP is set', () => {
    expect(fieldCode(() => checkWebhookUrl(production, 'http://hooks.example.com/x'))).toBe('integration.httpsOnly');
    expect(fieldCode(() => checkWebhookUrl({ NODE_ENV: 'development', WEBHOOKS_ALLOW_HTTP: false }, 'http://hooks.example.com/x'))).toBe(
      'integration.httpsOnly',
    );
    expect(checkWebhookUrl(production, 'https://hooks.example.com/x').host).toBe('hooks.example.com');
    expect(checkWebhookUrl(tests, 'http://127.0.0.1:3110/hook').port).toBe('3110');
  });

  it('refuse private, loopback and link-local hosts in production', () => {
    for (const url of [
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.1.2.3/x',
      'https://172.16.0.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://0.0.0.0/x',
    ])
      expect([url, fieldCode(() => checkWebhookUrl(production, url))]).toEqual([url, 'integration.privateAddress']);
    expect(fieldCode(() => checkWebhookUrl(production, 'https://user:pw@hooks.example.com/x'))).toBe('field.invalidUrl');
  });

  it('classify addresses', () => {
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2001:4860:4860::8888')).toBe(false);
    expect(isPrivateAddress('100.64.0.1')).toBe(true);
    expect(isPrivateAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isPrivateAddress('not an address')).toBe(true);
  });

  it('are checked again where the request connects: a name resolving to loopback is refused in production', async () => {
    const lookup = (env: typeof production | typeof tests) =>
      new Promise<unknown>((resolve) =>
        guardedLookup(env)('localhost', {}, (err, address) => resolve(err ? (err as { code?: string }).code : address)),
      );
    expect(await lookup(production)).toBe('EPRIVATE');
    expect(await lookup(tests)).toBe('127.0.0.1');
    const sub = await new Promise<unknown>((resolve) =>
      guardedLookup(tests)('erp.demo.localhost', {}, (err, address) => resolve(err ? String(err) : address)),
    );
    expect(sub).toBe('127.0.0.1');
  });
});
