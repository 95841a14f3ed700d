// Takes the review screenshots (390 px and 1280 px) into .test-results/screens: `node --import tsx e2e/screenshots.ts`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, launchBrowser, login, newPage, ROOT, startServer } from './harness';

const out = path.join(ROOT, '.test-results/screens');
mkdirSync(out, { recursive: true });
ensureBuilt();
const server = await startServer();
const browser = await launchBrowser();
const only = process.argv[2];
try {
  for (const width of [390, 1280]) {
    const shots: [string, string, string | null][] = [
      ['landing', '/', null],
      ['login', '/login', null],
      ['help', '/help', null],
      ['driver-login', '/driver/login', null],
      ['dashboard', '/dashboard', 'member@example.com'],
      ['messages', '/messages', 'member@example.com'],
      ['personal-info', '/account/personal-info', 'manager@example.com'],
      ['admin-panel', '/admin/panel', 'admin@example.com'],
      ['landing-dk', '/', 'dk'],
    ];
    for (const [name, url, who] of shots) {
      if (only && !name.startsWith(only)) continue;
      const { context, page } = await newPage(browser, server.url, width, 900);
      if (who === 'dk') {
        await page.goto('/');
        await page.evaluate(() => localStorage.setItem('synergy.language', 'dk'));
      } else if (who) {
        await login(page, who, undefined, who.startsWith('admin') ? '/admin/login' : '/login');
        await page.waitForURL((u) => !u.pathname.endsWith('/login'));
      }
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(out, `${name}-${width}.png`), fullPage: true });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`screenshots in ${out}`);
