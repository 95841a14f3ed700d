// Lists the browser tests that needed a retry (vitest.browser.config.ts retries once in CI) in
// .test-results/browser-retried.txt, so that .ci/run prints them: those that passed on it (flaky) with what the first
// attempt failed on, which no other output shows once the retry passes, and those that failed both times.
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

const OUT = path.resolve(import.meta.dirname, '../.test-results/browser-retried.txt');

export default class RetriedReporter implements Reporter {
  onTestCaseResult(test: TestCase) {
    const diagnostic = test.diagnostic();
    if (!diagnostic || diagnostic.retryCount === 0) return;
    const name = `${test.module.moduleId.replace(/^.*\/e2e\//, 'e2e/')} > ${test.fullName}`;
    // A passed result keeps the errors of the attempts that failed before it.
    const errors = (test.result().errors ?? []).map((e) => `    first attempt: ${(e.message ?? String(e)).split('\n')[0]!.slice(0, 600)}`);
    const verdict = diagnostic.flaky ? 'passed on a retry (flaky)' : `${test.result().state} after ${diagnostic.retryCount} retry`;
    mkdirSync(path.dirname(OUT), { recursive: true });
    appendFileSync(OUT, [`${name}: ${verdict}`, ...(diagnostic.flaky ? errors : [])].join('\n') + '\n');
  }
}
