import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REST_ROUTES } from '.';

const root = path.resolve(import.meta.dirname, '../..');

describe('docs/rest-api.md', () => {
  it('lists exactly the REST paths the server answers (regenerate with scripts/rest-routes.ts)', () => {
    const generated = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/rest-routes.ts'], { cwd: root, encoding: 'utf8' });
    expect(readFileSync(path.join(root, 'docs/rest-api.md'), 'utf8')).toBe(generated);
  });

  it('has no path registered twice for the same method', () => {
    const keys = REST_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
