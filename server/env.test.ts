import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'env-'));

describe('loadEnv', () => {
  it('defaults to port 3000, ./data, the embedded database and demo seeding', () => {
    const dir = tmp();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.embedded).toBe(true);
    expect(env.SEED_DEMO).toBe(true);
    expect(env.DEMO_MODE).toBe(false);
  });

  it('generates a JWT secret once into DATA_DIR and reuses it', () => {
    const dir = tmp();
    const a = loadEnv({ DATA_DIR: dir });
    const b = loadEnv({ DATA_DIR: dir });
    expect(a.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(b.JWT_SECRET).toBe(a.JWT_SECRET);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(a.JWT_SECRET);
  });

  it('stops with a readable list of every bad value', () => {
    let message = '';
    try {
      loadEnv({ DATA_DIR: tmp(), PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      message = (err as Error).message;
    }
    expect(message).toContain('Invalid configuration');
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).toMatch(/LOG_LEVEL/);
  });

  it('requires JWT_SECRET in production and refuses demo data there', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' })).toThrow(/JWT_SECRET: required in production/);
    expect(() =>
      loadEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', JWT_SECRET: 'x'.repeat(40), SEED_DEMO: 'true' }),
    ).toThrow(/demo credentials are refused/);
    const env = loadEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', JWT_SECRET: 'x'.repeat(40) });
    expect(env.SEED_DEMO).toBe(false);
  });

  it('does not seed demo data into an external database unless asked', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://db/x', JWT_SECRET: 'x'.repeat(40) }).SEED_DEMO).toBe(false);
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadEnv({ DATA_DIR: tmp(), ADMIN_EMAIL: 'a@b.example' })).toThrow(/set both or neither/);
  });

  it('rejects a short JWT secret and a non-SMTP mail URL', () => {
    expect(() => loadEnv({ DATA_DIR: tmp(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadEnv({ DATA_DIR: tmp(), SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });
});
