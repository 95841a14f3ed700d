// The bench's load and audit tools (autocannon, lighthouse) are a package of their own (scripts/bench/package.json
// and its lock file), out of the app's install: they brought 111 packages to it, and lighthouse declares a newer Node
// than the app supports. `npm run bench` installs them on first use (scripts/tools.ts); to run one bench script
// directly, `npm ci --prefix scripts/bench` once.
import path from 'node:path';
import { ensureTools } from '../tools';

export const BENCH_DIR = import.meta.dirname;
/** autocannon's command line, for the scripts that run it as a process of its own. */
export const AUTOCANNON_BIN = path.join(BENCH_DIR, 'node_modules/.bin/autocannon');

export const ensureBenchTools = () => ensureTools(BENCH_DIR);
