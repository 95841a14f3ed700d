// Landing live counts, the help contact form (creates a query) and the footer newsletter box.
import { describe, expect, it } from 'vitest';
import { hasChromium } from './harness';
import { useApp } from './fixture';

describe.skipIf(!hasChromium)('public pages', () => {
  const app = useApp();

  it('shows the live counts from the server on the landing page', async () => {
    const stats = (await (await fetch(`${app.url}/trpc/common.landingStats`)).json()) as {
      result: { data: { json: { companies: number; materials: number; synergies: number } } };
    };
    const { companies, materials, synergies } = stats.result.data.json;
    const { context, page } = await app.page();
    await page.goto('/landing');
    await page.getByText('Enlisted companies').waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="landing-stat"]')].every((el) => /\d/.test(el.textContent ?? '')));
    const shown = await page.getByTestId('landing-stat').allTextContents();
    expect(shown.map((s) => Number(s.replace(/\D/g, '')))).toEqual([companies, materials, synergies]);
    await page.getByRole('link', { name: 'Get started' }).click();
    await page.waitForURL((u) => u.pathname === '/register');
    await context.close();
  });

  it('sends a question from the help contact form', async () => {
    const { context, page } = await app.page(390, 844);
    await page.goto('/help');
    await page.getByRole('button', { name: 'Send question' }).click();
    expect(await page.getByText('This field is required').count()).toBeGreaterThanOrEqual(3);
    await page.getByLabel(/^Name/).fill('Ada Lovelace');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.org');
    await page.getByLabel(/^Subject/).fill('Pallets');
    await page.getByLabel(/^Message/).fill('Can we list used pallets as surplus?');
    await page.getByRole('button', { name: 'Send question' }).click();
    await page.getByRole('heading', { name: 'Thank you, we received your question' }).waitFor();
    await context.close();
  });

  it('subscribes to the newsletter from the footer', async () => {
    const { context, page } = await app.page();
    await page.goto('/');
    const box = page.getByRole('form', { name: 'Weekly newsletter' });
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await box.getByText('This field is required').waitFor();
    await box.getByLabel('Email address').fill('reader@example.org');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByTestId('snackbar').filter({ hasText: 'weekly newsletter' }).waitFor();
    await context.close();
  });

  it('opens the mobile menu with the keyboard and closes it with Escape', async () => {
    const { context, page } = await app.page(390, 844);
    await page.goto('/');
    await page.getByTestId('menu-button').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.getByRole('link', { name: 'Log in' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});
