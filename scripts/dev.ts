// `npm run dev`: the API server under `tsx watch` and the Vite dev server (with its proxy to the API), together.
// Ctrl+C stops both; if either exits, the other is stopped too.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.PORT ?? '3000';
const children: ChildProcess[] = [];

function run(name: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    console.log(`[dev] ${name} exited (${signal ?? code}); stopping the rest`);
    stop(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('server', [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'server/index.ts'], { PORT: apiPort });
run('vite', [path.join(root, 'node_modules/vite/bin/vite.js'), '--config', 'client/vite.config.ts'], { API_PORT: apiPort });
console.log(`[dev] API on http://127.0.0.1:${apiPort}, app on http://localhost:${process.env.VITE_PORT ?? 5173}`);
