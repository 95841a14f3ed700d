// The order the browser-test files start in. Vitest starts the longest file first when it has the timings of an
// earlier run, and the largest file first when it has none, as on a clean clone in CI. The route sweeps are small
// files that take the longest: started last by size, one of them ran on its own for minutes after the other worker
// had finished. They start first; the other files keep vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = ['e2e/layout.test.ts', 'e2e/a11y.test.ts'];

const rank = (file: TestSpecification) => {
  const i = LONGEST.findIndex((name) => file.moduleId.replaceAll('\\', '/').endsWith(name));
  return i < 0 ? LONGEST.length : i;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
