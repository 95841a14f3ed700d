// Shared bits of the reliability scripts (crash.ts, reconnect.ts): one real server in a child process on a
// fixed port (so clients find it again after a restart), its database (a scratch Postgres database or an
// embedded data directory under /tmp), and timing figures.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { startServerProcess, type ServerProcess } from '../../server/test/server-process';

export const ADMIN_URL = process.env.RELIABILITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SECRET = 'reliability-script-secret-that-is-long-enough-0123456789';

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A port nobody listens on now; the scripts keep it across restarts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface Target {
  kind: 'embedded' | 'postgres';
  dataDir: string;
  /** Postgres only. */
  url?: string;
  /** The environment every server start of this run gets. */
  env: Record<string, string>;
  /** Drops the scratch database and removes the data directory. */
  dispose(): Promise<void>;
}

/** A fresh embedded data directory, or a scratch Postgres database (dropped by dispose), for one run. */
export async function createTarget(kind: string, name: string, port: number, extraEnv: Record<string, string> = {}): Promise<Target> {
  if (kind !== 'embedded' && kind !== 'postgres') throw new Error(`--db must be embedded or postgres, not ${kind}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    JWT_SECRET: SECRET,
    SEED_DEMO: 'true',
    // The scripts drive hundreds of writes per second from one address; the limits are tested elsewhere.
    RATE_LIMIT_SCALE: '10000',
    LOG_LEVEL: 'info',
    ...extraEnv,
  };
  if (kind === 'embedded') {
    return { kind, dataDir, env, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const db = `${name.replace(/[^a-z0-9]/g, '_')}_${process.pid}_${Date.now()}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${db}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${db}`;
  const url = u.toString();
  env.DATABASE_URL = url;
  return {
    kind,
    dataDir,
    url,
    env,
    dispose: async () => {
      await admin.unsafe(`drop database if exists ${db} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU time (user + system) a process of this machine has used so far, in ms (Linux /proc; NaN elsewhere). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** The machine's 1-minute load average: other work on a shared machine stretches every wall-clock figure. */
export const load1 = () => os.loadavg()[0]!;

/**
 * Starts the server and waits for its first healthy answer (GET /readyz 200, which pings the database).
 * `ms` runs from the spawn of the process to that answer; `cpu` is the CPU time the process used for it,
 * which other work on the machine does not stretch.
 */
export async function startHealthy(env: Record<string, string>): Promise<{ server: ServerProcess; ms: number; cpu: number }> {
  const t0 = performance.now();
  const server = await startServerProcess(env, 60_000);
  for (;;) {
    try {
      const res = await fetch(`${server.base}/readyz`);
      if (res.status === 200) break;
    } catch {
      /* not yet */
    }
    if (performance.now() - t0 > 60_000) {
      await server.kill();
      throw new Error('no healthy answer within 60 s');
    }
    await sleep(20);
  }
  return { server, ms: performance.now() - t0, cpu: cpuMs(server.child.pid!) };
}

export const fmtMs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
