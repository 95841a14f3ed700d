// The password worker (decision 0157): a child process that only runs argon2, at a lower CPU
// priority than the server. server/lib/password.ts starts it and talks to it over the IPC channel. Plain
// JavaScript so that it starts in about 40 ms with nothing but Node (no TypeScript loader).
//
// On Linux a thread's nice value is its own and new threads inherit their creator's: lowering this process's
// main thread here, before argon2 first runs, lowers libuv's pool threads too (they start on first use).
import os from 'node:os';
import argon2 from 'argon2';

const nice = Number(process.env.PASSWORD_HASH_NICE ?? 19);
if (nice > 0) {
  try {
    os.setPriority(Math.min(19, nice));
  } catch {
    // Not allowed here (some containers): hash at the server's priority.
  }
}

const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

process.on('message', async (msg) => {
  let reply;
  try {
    const value = msg.op === 'hash' ? await argon2.hash(msg.plain, OPTIONS) : await argon2.verify(msg.hash, msg.plain);
    reply = { id: msg.id, value };
  } catch (err) {
    reply = { id: msg.id, error: err instanceof Error ? err.message : String(err) };
  }
  if (process.connected) process.send(reply);
});
// The server went away (or closed the channel): nothing left to do.
process.on('disconnect', () => process.exit(0));
