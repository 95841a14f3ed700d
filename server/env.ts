// The only reader of process.env. Validated once; a bad value stops start-up with a readable list.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url().optional();
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  DEMO_MODE: z.preprocess(emptyToUndefined, bool.default(false)),
  /** Seed demo data into an empty database. Default: on for the embedded database, off otherwise. */
  SEED_DEMO: z.preprocess(emptyToUndefined, bool.optional()),
  DEMO_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).default('Synergy!2026')),
  PUBLIC_URL: z.preprocess(emptyToUndefined, optionalUrl),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().default('support@example.com')),
  MAP_STYLE_URL: z.preprocess(emptyToUndefined, optionalUrl),
  ROUTING_URL: z.preprocess(emptyToUndefined, optionalUrl),
  GEOCODER_URL: z.preprocess(emptyToUndefined, optionalUrl),
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Synergy Marketplace <no-reply@example.com>')),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, optionalUrl),
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.preprocess(emptyToUndefined, bool.default(false)),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  REMEMBER_ME_TTL_DAYS: z.coerce.number().positive().default(30),
  DRIVER_TOKEN_TTL_HOURS: z.coerce.number().positive().default(24),
});

export type Env = z.infer<typeof schema> & {
  JWT_SECRET: string;
  SEED_DEMO: boolean;
  embedded: boolean;
  dataDir: string;
};

export class EnvError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const dataDir = path.resolve(e.DATA_DIR);
  const embedded = !e.DATABASE_URL;
  if (e.NODE_ENV === 'production') {
    if (!e.JWT_SECRET) problems.push('JWT_SECRET: required in production');
    if (e.SEED_DEMO || e.DEMO_MODE) problems.push('SEED_DEMO/DEMO_MODE: demo credentials are refused in production');
    if (e.ADMIN_PASSWORD && e.ADMIN_PASSWORD === e.DEMO_PASSWORD)
      problems.push('ADMIN_PASSWORD: must not equal the demo password in production');
  }
  if (e.STORAGE_DRIVER === 's3') {
    // The S3-compatible adapter is a later issue; refuse rather than silently writing to disk.
    problems.push('STORAGE_DRIVER: only "local" is available in this version');
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD))
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  if (problems.length) throw new EnvError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);

  const jwtSecret = e.JWT_SECRET ?? generatedSecret(dataDir);
  return {
    ...e,
    JWT_SECRET: jwtSecret,
    SEED_DEMO: e.SEED_DEMO ?? (embedded && e.NODE_ENV !== 'production'),
    embedded,
    dataDir,
  };
}

/** Embedded/dev default: a random secret generated once and kept in DATA_DIR. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
