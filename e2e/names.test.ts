// Names per language: an administrator adds a material group with English and Danish names; the list and the
// editor mark the missing Malay name; in Danish the administrator reads the Danish name. At 390 px too.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, chooseLanguage, hasChromium, login } from './harness';
import { useApp } from './fixture';

describe.skipIf(!hasChromium)('reference names per language', () => {
  const app = useApp();
  const stamp = Date.now().toString(36);

  for (const width of [1280, 390]) {
    it(`an administrator names a new group in English and Danish and reads it in Danish (${width} px)`, { timeout: 180_000 }, async () => {
      const english = `Coffee grounds ${stamp}-${width}`;
      const danish = `Kaffegrums ${stamp}-${width}`;
      const { context, page } = await app.page(width, 900);
      await login(page, 'admin@example.com', DEMO_PASSWORD, '/admin/login');
      await page.waitForURL((u) => !u.pathname.endsWith('/login'));
      try {
        await chooseLanguage(page, 'en');
        await page.goto('/admin/categories');
        await page.getByTestId('category-tree').waitFor();
        await page.getByTestId('new-group').click();
        const form = page.getByTestId('group-form');
        await form.waitFor();
        await form.getByTestId('name-en').fill(english);
        await form.getByTestId('name-dk').fill(danish);
        // Nothing typed in Malay: the editor says that Malay readers see English.
        await form.getByTestId('missing-name-my').waitFor();
        expect(await form.getByTestId('missing-name-dk').count()).toBe(0);
        await form.getByTestId('group-save').click();
        await form.waitFor({ state: 'detached' });

        const row = page.locator('li.cat-row--group').filter({ hasText: english });
        await row.getByTestId('missing-name-my').waitFor();
        expect(await row.getByTestId('missing-name-dk').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

        await chooseLanguage(page, 'dk');
        await page.goto('/admin/categories');
        const danishRow = page.locator('li.cat-row--group').filter({ hasText: danish });
        await danishRow.waitFor();
        expect(await danishRow.textContent()).not.toContain(english);
        await danishRow.getByText('Malajisk mangler — viser engelsk').waitFor();
      } finally {
        // The demo administrator is shared with other test files: leave it in English.
        await chooseLanguage(page, 'en');
        await context.close();
      }
    });
  }
});
