// `npm run i18n:extract` / `npm run i18n:compile`: Lingui's command line from its own package (scripts/i18n),
// installed on first use (scripts/tools.ts), run from the project root with the arguments given.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureTools } from '../tools';

ensureTools(import.meta.dirname);
const res = spawnSync(path.join(import.meta.dirname, 'node_modules/.bin/lingui'), process.argv.slice(2), {
  cwd: path.resolve(import.meta.dirname, '../..'),
  stdio: 'inherit',
});
process.exit(res.status ?? 1);
