// The only reader of process.env. Validated once; a bad value stops start-up with a readable list.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url().optional();
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /** The secret before a rotation: tokens it signed are still accepted, new ones are signed with JWT_SECRET. */
  JWT_SECRET_PREVIOUS: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /** Connections this instance opens to Postgres (plus one for LISTEN). Instances x (this + 1) must fit max_connections. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Postgres: no statement on the app's connections runs longer than this (ms; 0 = no limit). Migrations are exempt. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  DEMO_MODE: z.preprocess(emptyToUndefined, bool.default(false)),
  /** Seed demo data into an empty database. Default: on for the embedded database, off otherwise. */
  SEED_DEMO: z.preprocess(emptyToUndefined, bool.optional()),
  DEMO_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).default('Synergy!2026')),
  PUBLIC_URL: z.preprocess(emptyToUndefined, optionalUrl),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().default('support@example.com')),
  MAP_STYLE_URL: z.preprocess(emptyToUndefined, optionalUrl),
  /** A Protomaps .pmtiles file on this machine: street-level maps served by the app with range requests. */
  MAP_PMTILES_PATH: z.preprocess(emptyToUndefined, z.string().optional()),
  ROUTING_URL: z.preprocess(emptyToUndefined, optionalUrl),
  GEOCODER_URL: z.preprocess(emptyToUndefined, optionalUrl),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Synergy Marketplace <no-reply@example.com>')),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, optionalUrl),
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Path-style bucket URLs (`endpoint/bucket/key`), as MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, bool.default(false)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `true`: trust every X-Forwarded-* hop; a number: trust that many proxies in front (Express "trust proxy"). */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(true|false|yes|no|\d{1,2})$/, 'must be true, false or the number of proxies in front')
      .transform((v) => (v === 'true' || v === 'yes' ? true : v === 'false' || v === 'no' ? false : Number(v) || false))
      .default(false),
  ),
  /** Set: /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`. Unset: only callers on this machine. */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** After SIGTERM, /readyz fails this long before the server stops accepting (time for the proxy to notice). */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** After SIGTERM, how long in-flight requests may take before their connections are cut. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** Overrides recurring job periods in seconds, e.g. `newsletter-digest=600,expire-subscriptions=86400` (server/jobs/index.ts). */
  JOB_SCHEDULE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]+=\d+(\.\d+)?(,[a-z0-9-]+=\d+(\.\d+)?)*$/, 'must look like name=seconds,name=seconds')
      .transform((v) => Object.fromEntries(v.split(',').map((pair) => [pair.split('=')[0]!, Number(pair.split('=')[1])])) as Record<string, number>)
      .refine((periods) => Object.values(periods).every((s) => s >= 0.2), 'every period must be at least 0.2 seconds')
      .optional(),
  ),
  /** Background jobs one instance runs at once (server/jobs/queue.ts): the rest of the database pool stays for requests. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Multiplies every rate limit's allowance (server/lib/rate-limit.ts); test runs raise it, production keeps 1. */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Webhook endpoints may be http:// (tests, a receiver on this machine); otherwise https:// only. */
  WEBHOOKS_ALLOW_HTTP: z.preprocess(emptyToUndefined, bool.default(false)),
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
    // Mail, certificates and QR codes carry absolute links: without it they would point at localhost.
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (the address people open; links in mail, certificates and QR codes use it)');
    // The embedded database cannot fsync (README "Durability"): production data lives in Postgres.
    if (embedded) problems.push('DATABASE_URL: required in production (the embedded database does not fsync; see README "Durability")');
    if (e.SEED_DEMO || e.DEMO_MODE) problems.push('SEED_DEMO/DEMO_MODE: demo credentials are refused in production');
    if (e.ADMIN_PASSWORD && e.ADMIN_PASSWORD === e.DEMO_PASSWORD) problems.push('ADMIN_PASSWORD: must not equal the demo password in production');
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  if (e.MAP_PMTILES_PATH && !existsSync(e.MAP_PMTILES_PATH)) problems.push(`MAP_PMTILES_PATH: no file at ${e.MAP_PMTILES_PATH}`);
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
