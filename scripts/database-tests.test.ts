// The Postgres run in CI runs only what scripts/database-tests.mjs lists: a file it misses loses its Postgres run
// without a sound, so the rule is checked on files of each kind.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const listed = execFileSync(process.execPath, [path.join(import.meta.dirname, 'database-tests.mjs')], { encoding: 'utf8' })
  .trim()
  .split('\n');

describe('the test files that use the run’s database', () => {
  it('lists files that open a test database directly, through a helper (metrics: the suite), or gate on Postgres', () => {
    expect(listed).toEqual(
      expect.arrayContaining([
        'server/modules/offers/offers.test.ts',
        'server/security/races.test.ts',
        'server/restart.test.ts',
        'server/cluster.test.ts',
        'server/http/metrics.test.ts',
      ]),
    );
  });

  it('leaves out files that never reach it: pure rules, the client, PGlite’s own lock, the env parser', () => {
    for (const file of [
      'shared/lib/geo.test.ts',
      'client/src/lib/format.test.ts',
      'server/db/lock.test.ts',
      'server/env.test.ts',
      'scripts/database-tests.test.ts',
    ]) {
      expect(listed).not.toContain(file);
    }
  });
});
