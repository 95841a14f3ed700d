import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/**
 * Password hashing runs in a child process at a lower CPU priority (decision 0157), at most
 * PASSWORD_HASH_CONCURRENCY at once (decision 0131; default one per core when the worker is niced, half the
 * cores at the server's own priority: niced, the hashes take only the CPU the rest leaves, and two logins
 * arriving together on two cores no longer wait for each other, decision 0159).
 *
 * Each argon2 hash keeps a core busy for tens of milliseconds. In the server's own thread pool, a burst of
 * logins took a core from the event loop and Postgres at equal priority, and every other request waited
 * (listing detail 2.7x slower while logins saturated). In the worker, niced to PASSWORD_HASH_NICE (default 19;
 * 0 keeps the server's priority), the hashes get whatever CPU the server and the database leave; a login alone
 * pays only the IPC hop (about 0.2 ms). The worker starts on first use, is restarted if it dies (the hashes in
 * flight then fail with an error, never as a wrong password), and does not keep a finished script alive.
 */
const NICE = process.env.PASSWORD_HASH_NICE ?? '19';
const CONCURRENCY = Math.max(
  1,
  Number(process.env.PASSWORD_HASH_CONCURRENCY) || (Number(NICE) > 0 ? os.availableParallelism() : Math.floor(os.availableParallelism() / 2)),
);
const WORKER = path.join(import.meta.dirname, 'password-worker.mjs');

interface Pending {
  resolve: (value: string | boolean) => void;
  reject: (err: Error) => void;
  op: 'hash' | 'verify';
}
interface Reply {
  id: number;
  value?: string | boolean;
  error?: string;
}

let worker: ChildProcess | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function refChannel(on: boolean) {
  // While a hash is in flight the channel keeps this process alive; idle, it does not.
  const channel = worker?.channel as { ref(): void; unref(): void } | undefined;
  if (on) channel?.ref();
  else channel?.unref();
}

function startWorker(): ChildProcess {
  const child = fork(WORKER, [], {
    // Only what the worker needs: none of the server's secrets.
    env: {
      PATH: process.env.PATH ?? '',
      PASSWORD_HASH_NICE: NICE,
      UV_THREADPOOL_SIZE: String(CONCURRENCY),
    },
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
  child.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (pending.size === 0) refChannel(false);
    if (reply.error === undefined) p.resolve(reply.value!);
    // A hash that argon2 cannot read is simply not this password; any other failure is an error.
    else if (p.op === 'verify') p.resolve(false);
    else p.reject(new Error(`password hashing failed: ${reply.error}`));
  });
  child.once('exit', (code, signal) => {
    if (worker === child) worker = null;
    const lost = [...pending.values()];
    pending.clear();
    for (const p of lost) p.reject(new Error(`password worker exited (${signal ?? code})`));
  });
  child.on('error', () => {
    // Reported through 'exit'; an error event without a listener would crash the server.
  });
  child.unref();
  return child;
}

function call(op: 'hash' | 'verify', plain: string, hash?: string): Promise<string | boolean> {
  worker ??= startWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, op });
    if (pending.size === 1) refChannel(true);
    worker!.send({ id, op, plain, hash }, (err) => {
      if (err && pending.delete(id)) {
        if (pending.size === 0) refChannel(false);
        reject(err);
      }
    });
  });
}

let running = 0;
const waiting: (() => void)[] = [];
async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line (running stays the same), or frees up.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** argon2id with OWASP's parameters (m=19 MiB, t=2, p=1; set in password-worker.mjs). */
export function hashPassword(plain: string): Promise<string> {
  return bounded(() => call('hash', plain) as Promise<string>);
}

/** False for a wrong password or a hash argon2 cannot read; rejects only if the worker fails. */
export function verifyPassword(hash: string, plain: string): Promise<boolean> {
  return bounded(() => call('verify', plain, hash) as Promise<boolean>);
}

/** Starts the worker ahead of the first login (server boot), so that login does not pay its start. */
export function warmPasswordWorker(): void {
  worker ??= startWorker();
}

/** The worker's process id, if it runs (tests). */
export function passwordWorkerPid(): number | undefined {
  return worker?.pid;
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  if (!dummyHash) {
    dummyHash = hashPassword('not-a-real-password-for-timing');
    dummyHash.catch(() => (dummyHash = null));
  }
  return dummyHash;
}
