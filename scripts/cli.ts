// How the scripts run from the command line: the process's end, and the generators of checked-in files.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Runs a script's `main` and ends the process with the code it answers (0 when none), or prints what it threw and exits 1. */
export function runMain(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/**
 * When node runs the generator `script` (its import.meta.filename) itself: writes `file` as `render` makes it, or with
 * --check leaves it and exits 1 with `staleMessage` when it differs.
 */
export function generateWhenRun(script: string, file: string, render: () => string, staleMessage: string): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== path.resolve(script)) return;
  const next = render();
  if (!process.argv.includes('--check')) writeFileSync(file, next);
  else if (readFileSync(file, 'utf8') !== next) {
    console.error(staleMessage);
    process.exit(1);
  }
}
