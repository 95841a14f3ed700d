// Builds the client and starts one server (fresh temporary database, demo seed) per browser-test worker. Test files
// run two at a time; each worker has a server of its own, so a file never sees another file's writes while it runs
// (a language saved on a shared demo account, a company approved), just as when files ran one after another.
import type { TestProject } from 'vitest/node';
import { CHROMIUM, ensureBuilt, freePorts, hasChromium, startServer } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server a worker: the file in worker VITEST_POOL_ID n uses baseUrls[n - 1]. */
    baseUrls: string[];
  }
}

export default async function setup(project: TestProject) {
  if (!hasChromium) {
    console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);
    project.provide('baseUrls', []);
    return;
  }
  ensureBuilt();
  const workers = Math.max(1, Number(project.globalConfig.maxWorkers) || 1);
  const ports = await freePorts(workers);
  const started = await Promise.allSettled(ports.map((port) => startServer({}, undefined, port)));
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    // One server that did not start fails the run; the ones that did are not left running.
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((s) => s.url),
  );
  return () => Promise.all(servers.map((s) => s.stop())).then(() => undefined);
}
