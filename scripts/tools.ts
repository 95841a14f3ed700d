// Tool packages kept out of the app's install, each a folder with its own package.json and lock file: the bench's
// load and audit tools (scripts/bench), Lingui's command line (scripts/i18n). The app installs, builds, tests and
// runs without them; the commands that need one install it into its folder on first use, and again when its lock
// file changes.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export function ensureTools(dir: string): void {
  const installed = path.join(dir, 'node_modules/.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(path.join(dir, 'package-lock.json')).mtimeMs) return;
  console.log(`Installing the tools of ${path.relative(process.cwd(), dir) || dir} ...`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
}
