// Lists the browser tests that passed only on a retry (vitest.browser.config.ts retries once in CI), one per line
// in .test-results/browser-retried.txt, so that .ci/run prints them: a retry keeps a timing flake from failing the
// run, and this keeps the flake in view.
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

const OUT = path.resolve(import.meta.dirname, '../.test-results/browser-retried.txt');

export default class RetriedReporter implements Reporter {
  onTestCaseResult(test: TestCase) {
    const retries = test.diagnostic()?.retryCount ?? 0;
    if (retries === 0) return;
    mkdirSync(path.dirname(OUT), { recursive: true });
    appendFileSync(
      OUT,
      `${test.module.moduleId.replace(/^.*\/e2e\//, 'e2e/')} > ${test.fullName}: ${test.result().state} after ${retries} retr${retries === 1 ? 'y' : 'ies'}\n`,
    );
  }
}
