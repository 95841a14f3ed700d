// A real server in a child process (`node --import tsx server/index.ts`), for tests that kill it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** Every JSON log line the server printed so far. */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown, no flush, as a crash or a power-pulled container. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `server/index.ts` in a child process. `nodeArgs` go before the script, e.g. `['--cpu-prof']` (which
 * NODE_OPTIONS does not allow): the profile is written when the server exits after stop().
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 120_000, nodeArgs: string[] = []): Promise<ServerProcess> {
  // The port is read from the info-level "listening on" line: a quieter level would never show it.
  const level = ['trace', 'debug', 'info'].includes(env.LOG_LEVEL ?? '') ? env.LOG_LEVEL! : 'info';
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test', ...env, LOG_LEVEL: level },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Do not leave a half-started server behind.
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        /* not a log line */
      }
      const m = /"port":(\d+)/.exec(line);
      if (m && line.includes('listening on')) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    child,
    logs,
    exited,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function loginAt(base: string, username: string, password = 'Synergy!2026'): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
