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

  it('refuses the embedded database in production: it cannot fsync', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/DATABASE_URL: required in production/);
    expect(() =>
      loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://db/x', PUBLIC_URL: 'https://synergy.example' }),
    ).not.toThrow();
  });

  it('requires PUBLIC_URL in production, so no mail, certificate or QR code points at localhost', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://db/x' })).toThrow(
      /PUBLIC_URL: required in production/,
    );
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://db/x', PUBLIC_URL: 'not a url' })).toThrow(
      /PUBLIC_URL/,
    );
  });

  it('requires JWT_SECRET in production and refuses demo data there', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' })).toThrow(/JWT_SECRET: required in production/);
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/x',
        JWT_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://synergy.example',
        SEED_DEMO: 'true',
      }),
    ).toThrow(/demo credentials are refused/);
    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/x',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://synergy.example',
    });
    expect(env.SEED_DEMO).toBe(false);
  });

  it('does not seed demo data into an external database unless asked', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://db/x', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://synergy.example' }).SEED_DEMO).toBe(false);
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadEnv({ DATA_DIR: tmp(), ADMIN_EMAIL: 'a@b.example' })).toThrow(/set both or neither/);
  });

  it('rejects a short JWT secret and a non-SMTP mail URL', () => {
    expect(() => loadEnv({ DATA_DIR: tmp(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadEnv({ DATA_DIR: tmp(), SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });

  it('accepts STORAGE_DRIVER=s3 with a bucket, refuses it without one, and wants both S3 keys or neither', () => {
    const env = loadEnv({
      DATA_DIR: tmp(),
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(env).toMatchObject({ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(() => loadEnv({ DATA_DIR: tmp(), STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: required when STORAGE_DRIVER=s3/);
    expect(() => loadEnv({ DATA_DIR: tmp(), STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/set both or neither/);
    expect(() => loadEnv({ DATA_DIR: tmp(), STORAGE_DRIVER: 'gcs' })).toThrow(/STORAGE_DRIVER/);
  });

  it('reads TRUST_PROXY as a yes/no or as the number of proxies in front', () => {
    expect(loadEnv({ DATA_DIR: tmp() }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ DATA_DIR: tmp(), TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ DATA_DIR: tmp(), TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ DATA_DIR: tmp(), TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ DATA_DIR: tmp(), TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ DATA_DIR: tmp(), TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(() => loadEnv({ DATA_DIR: tmp(), TRUST_PROXY: '10.0.0.0/8' })).toThrow(/TRUST_PROXY/);
  });

  it('parses JOB_SCHEDULE into seconds per job and refuses a malformed one', () => {
    expect(loadEnv({ DATA_DIR: tmp(), JOB_SCHEDULE: 'newsletter-digest=30,expire-subscriptions=0.5' }).JOB_SCHEDULE).toEqual({
      'newsletter-digest': 30,
      'expire-subscriptions': 0.5,
    });
    expect(() => loadEnv({ DATA_DIR: tmp(), JOB_SCHEDULE: 'newsletter-digest' })).toThrow(/JOB_SCHEDULE/);
    expect(() => loadEnv({ DATA_DIR: tmp(), JOB_SCHEDULE: 'newsletter-digest=0.01' })).toThrow(/at least 0.2 seconds/);
  });

  it('wants a metrics token of 16+ characters and shutdown times within bounds', () => {
    expect(() => loadEnv({ DATA_DIR: tmp(), METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    const env = loadEnv({ DATA_DIR: tmp(), METRICS_TOKEN: 'm'.repeat(24), SHUTDOWN_DELAY_SECONDS: '5' });
    expect(env).toMatchObject({ METRICS_TOKEN: 'm'.repeat(24), SHUTDOWN_DELAY_SECONDS: 5, SHUTDOWN_TIMEOUT_SECONDS: 10, DATABASE_POOL_SIZE: 10 });
    expect(() => loadEnv({ DATA_DIR: tmp(), SHUTDOWN_TIMEOUT_SECONDS: '-1' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });
});
