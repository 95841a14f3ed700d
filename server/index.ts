// Entry point: `node dist/server/index.mjs` once bundled (npm run build, npm start), `node --import tsx
// server/index.ts` as TypeScript (npm run dev, the tests).
import { startServer } from './boot';
import { EnvError, loadEnv } from './env';
import { ensureBaseMap } from './lib/basemap';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const running = await startServer(env);
  // A checkout started without `npm run build` builds its base map once, in the background. Not in servers the
  // tests start and kill by the dozen: each would begin a build of about a minute of CPU that nothing there reads
  // (the browser-test harness builds the map itself).
  if (env.NODE_ENV !== 'test') ensureBaseMap(running.deps.logger);
  const stop = (signal: string) => {
    running.deps.logger.info({ signal }, 'signal received');
    // Past the drain delay and the request timeout, something is stuck: leave anyway.
    const force = setTimeout(() => process.exit(1), (env.SHUTDOWN_DELAY_SECONDS + env.SHUTDOWN_TIMEOUT_SECONDS + 10) * 1000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        running.deps.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('Start-up failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
