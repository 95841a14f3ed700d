// Builds the client and starts one server (fresh temporary database, demo seed) for all browser test files.
import type { TestProject } from 'vitest/node';
import { CHROMIUM, ensureBuilt, hasChromium, startServer } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!hasChromium) {
    console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);
    project.provide('baseUrl', '');
    return;
  }
  ensureBuilt();
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
