import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordWorkerPid, verifyPassword } from './password';

describe('password hashing in the worker process', () => {
  it('hashes with argon2id and verifies the right password only', async () => {
    const hash = await hashPassword('Correct horse 1!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'Correct horse 1!')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse 2!')).toBe(false);
  });

  it('answers false for a hash argon2 cannot read', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever')).toBe(false);
  });

  it('runs in a child process at nice 19, not in the server', async () => {
    await hashPassword('x');
    const pid = passwordWorkerPid();
    expect(pid).toBeTypeOf('number');
    expect(pid).not.toBe(process.pid);
    expect(os.getPriority(pid)).toBe(19);
  });

  it('fails the hashes in flight when the worker dies, and starts a new one for the next', async () => {
    await hashPassword('warm');
    const pid = passwordWorkerPid()!;
    const inFlight = Promise.allSettled([verifyPassword('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 'p'), hashPassword('y')]);
    process.kill(pid, 'SIGKILL');
    const settled = await inFlight;
    // Killed before or after they ran: never a silent "wrong password".
    for (const s of settled) if (s.status === 'rejected') expect(String(s.reason)).toMatch(/password worker exited/);
    // The first was sent to the worker before the kill (the second waits its turn, one hash at a time here, and
    // goes to the new worker): it was in flight.
    expect(settled[0]!.status).toBe('rejected');
    const hash = await hashPassword('after');
    expect(passwordWorkerPid()).not.toBe(pid);
    expect(await verifyPassword(hash, 'after')).toBe(true);
  });

  it('does not keep a finished script alive, and keeps it alive while a hash runs', () => {
    const script = `import { hashPassword } from './server/lib/password.ts';
      const h = await hashPassword('p'); console.log(h.slice(0, 9));`;
    const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(res.stdout.trim()).toBe('$argon2id');
    expect(res.status).toBe(0);
  });
});
