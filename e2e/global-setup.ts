// Builds the client once before the browser test files (each file starts its own server on a fresh database).
import { ensureBuilt, hasChromium, CHROMIUM } from './harness';

export default function setup() {
  if (!hasChromium) {
    console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);
    return;
  }
  ensureBuilt();
}
