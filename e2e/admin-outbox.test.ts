// The mail outbox and the job queue in the administrator console: an administrator opens /admin/outbox from the
// navigation, reads a mail as it was sent, sends a failed one again (it is queued once more, and its delivery job
// waits again on /admin/jobs), on a desktop and on a phone. E2E_SHOTS=<dir> keeps screenshots.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, DEMO_PASSWORD, hasChromium, login } from './harness';
import { fitsWidth } from './checks';
import { useApp } from './fixture';

const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

/** The demo mail whose address bounced on every attempt. */
const BOUNCED = 'sofie@havn-tekstil.example';

async function signIn(page: Page) {
  await login(page, 'admin@example.com', DEMO_PASSWORD, '/admin/login');
  await page.waitForURL((u) => u.pathname === '/admin/panel');
  await chooseLanguage(page, 'en');
}

describe.skipIf(!hasChromium)('mail outbox', () => {
  const app = useApp();

  it('an administrator reads a mail as it was sent and sends a failed one again', { timeout: 120_000 }, async () => {
    const { context, page } = await app.page(1280, 900);
    await signIn(page);
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Outbox' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/outbox');
    await page.getByRole('heading', { name: 'Mail outbox' }).waitFor();

    // Read the answer to a help query as it went out (other tests' mail shares this server's outbox).
    await page.getByTestId('outbox-search').fill('ida.lund');
    const answer = page.getByRole('row').filter({ hasText: 'ida.lund@nordlys-bryg.example' }).first();
    await answer.getByRole('button', { name: 'Read' }).click();
    const mail = page.getByTestId('outbox-mail');
    await mail.waitFor();
    await expect.poll(() => page.getByTestId('outbox-mail-body').innerText()).toContain('Hello Ida');
    expect(await mail.innerText()).toContain('ida.lund@nordlys-bryg.example');
    await shot(page, 'outbox-read-1280');
    await page.keyboard.press('Escape');
    await mail.waitFor({ state: 'detached' });

    // Only failed mail: the bounced one, with its last error; send it again.
    await page.getByTestId('outbox-search').fill(BOUNCED);
    await page.getByTestId('outbox-status').selectOption('failed');
    const bounced = page.getByRole('row').filter({ hasText: BOUNCED });
    await bounced.waitFor();
    expect(await bounced.innerText()).toContain('Failed');
    await bounced.getByRole('button', { name: 'Read' }).click();
    await mail.waitFor();
    expect(await mail.innerText()).toContain('User unknown');
    await shot(page, 'outbox-failed-1280');
    await page.getByTestId('outbox-mail-resend').click();
    await page.getByTestId('snackbar').filter({ hasText: 'The mail is queued to be sent again' }).waitFor();
    // The open mail now says it is queued, and it has left the failed filter.
    await mail.getByText('Queued').waitFor();
    expect(await mail.getByTestId('outbox-mail-resend').count()).toBe(0);
    await page.keyboard.press('Escape');
    await bounced.waitFor({ state: 'detached' });
    await page.getByTestId('outbox-status').selectOption('queued');
    await page.getByRole('row').filter({ hasText: BOUNCED }).filter({ hasText: 'Queued' }).waitFor();

    // Its delivery job waits again (no mail server here), with no failure left to retry for it.
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Jobs' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/jobs');
    await page.getByTestId('jobs-type').selectOption('mail');
    await page.getByTestId('jobs-status').selectOption('failed');
    await page.getByText('No job matches').waitFor();
    await page.getByTestId('jobs-status').selectOption('queued');
    await page.getByRole('row').filter({ hasText: 'Mail delivery' }).first().waitFor();
    await shot(page, 'jobs-1280');
    await context.close();
  });

  it('works on a phone without sideways scrolling', { timeout: 120_000 }, async () => {
    const { context, page } = await app.page(390, 844);
    await signIn(page);
    await page.goto(`${app.url}/admin/outbox`);
    await page.getByRole('heading', { name: 'Mail outbox' }).waitFor();
    await page.getByTestId('outbox-search').fill('nordlys-bryg');
    await page.getByRole('row').filter({ hasText: 'ida.lund@nordlys-bryg.example' }).first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'outbox-390');
    await page.getByRole('row').filter({ hasText: 'ida.lund@nordlys-bryg.example' }).first().getByRole('button', { name: 'Read' }).click();
    await page.getByTestId('outbox-mail-body').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'outbox-read-390');
    await page.goto(`${app.url}/admin/jobs`);
    await page.locator('[data-testid="job-counts"][aria-busy="false"]').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'jobs-390');
    await context.close();
  });
});
