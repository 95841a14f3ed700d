// axe-core scan of the public pages at phone and desktop widths: no serious or critical violations.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { hasChromium } from './harness';
import { useApp } from './fixture';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PAGES = ['/', '/login', '/register', '/forgot-password', '/help', '/admin/login', '/driver/login'];

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

describe.skipIf(!hasChromium)('accessibility (axe-core)', () => {
  const app = useApp();

  for (const width of [390, 1280]) {
    it(`public pages at ${width} px have no serious violations`, async () => {
      const { context, page } = await app.page(width, 900, { bypassCSP: true });
      const problems: string[] = [];
      for (const path of PAGES) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.addScriptTag({ path: axePath });
        const result = (await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe;
          return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
        })) as AxeResult;
        for (const v of result.violations) {
          if (v.impact === 'serious' || v.impact === 'critical') {
            problems.push(`${path}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          }
        }
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
