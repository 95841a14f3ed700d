// Offers and synergies journey across two companies, each in its own browser context: Thames Textile makes
// an offer on Øresund's crates listing; Øresund, with its pending offers open, sees it arrive live and
// accepts it; ends the synergy as successful with savings and rates it; Thames finds its offer accepted,
// follows the link to the highlighted synergy and rates it too; both then see a read-only synergy.
import { describe, expect, it } from 'vitest';
import { hasChromium, settle } from './harness';
import { api, approvedCompany, axeProblems, loginInEnglish, snackbar, tokenOf } from './checks';
import { useApp } from './fixture';

const LISTING = 'Damaged returnable plastic crates';
const BUYER = 'olivia.bennett@example.org';
const BUYER_COMPANY = 'Thames Textile Recovery Ltd';
const SELLER = 'manager@example.com';
const SELLER_COMPANY = 'Øresund Brewing Group A/S';

describe.skipIf(!hasChromium)('offers and synergies', () => {
  const app = useApp();

  it('an offer goes from one company to the other live, is accepted, ended, rated by both and becomes read-only', async () => {
    const seller = await app.page();
    const buyer = await app.page(390, 844);
    await loginInEnglish(seller.page, SELLER);
    await loginInEnglish(buyer.page, BUYER);

    // The seller keeps its pending offers open: the new offer must arrive without a reload.
    await seller.page.goto('/pending-offers');
    const received = seller.page.getByTestId('offers-received');
    await received.getByRole('heading', { name: 'Waiting for your answer' }).waitFor();
    await seller.page.getByRole('tab', { name: 'Pending offers', selected: true }).waitFor();
    const incoming = received.getByTestId('offer-row').filter({ hasText: LISTING });
    expect(await incoming.count()).toBe(0);

    // ---- the buyer makes an offer (on a phone-sized screen) ----
    const b = buyer.page;
    await b.goto(`/database?proximity=any&q=${encodeURIComponent(LISTING)}`);
    await b.getByTestId('results').getByTestId('listing-card').filter({ hasText: LISTING }).getByRole('link').first().click();
    await b.getByRole('heading', { name: LISTING, level: 1 }).waitFor();
    await b.getByRole('button', { name: 'Make an offer' }).click();
    const dialog = b.getByRole('dialog', { name: 'Make an offer' });
    const form = dialog.getByTestId('offer-form');
    await form.waitFor();
    // Focus starts in the dialog, on the quantity.
    expect(await b.evaluate(() => document.activeElement?.getAttribute('inputmode'))).toBe('numeric');
    await form.getByRole('button', { name: 'Send offer' }).click();
    expect(await form.getByText('This field is required').count()).toBe(2);
    await form.getByLabel(/^Quantity \(kg\)/).fill('900');
    await form.getByLabel(/^Message/).fill('We regrind crates into pallet blocks and can collect next week.');
    await form.getByText('63/250').waitFor();
    await form.getByRole('button', { name: 'Send offer' }).click();
    await form.getByText('Ask for at most 800, the quantity listed').waitFor();
    await form.getByLabel(/^Quantity \(kg\)/).fill('300');
    await form.getByRole('button', { name: 'Send offer' }).click();
    const sent = snackbar(b, 'Offer submitted');
    await sent.waitFor();
    expect(await sent.getByRole('link', { name: 'View pending offers' }).getAttribute('href')).toBe('/pending-offers?tab=made');
    // The listing now shows the company's pending offer instead of the button.
    const mine = b.getByTestId('my-offer');
    await mine.getByText('Your company’s offer is pending').waitFor();
    expect(await mine.getByText('300 kg').count()).toBe(1);
    expect(await b.getByRole('button', { name: 'Make an offer' }).count()).toBe(0);

    // ---- the seller sees it arrive and accepts ----
    const s = seller.page;
    await incoming.waitFor({ timeout: 15_000 });
    expect(await incoming.getByRole('link', { name: BUYER_COMPANY }).getAttribute('href')).toMatch(/^\/companies\/\d+$/);
    expect(await incoming.locator('.offer-row__qty').textContent()).toBe('300 kg');
    await incoming.getByRole('button', { name: /^Accept offer on/ }).click();
    await s.getByRole('dialog', { name: 'Accept offer' }).getByTestId('accept-confirm').click();
    const accepted = snackbar(s, 'Offer accepted: a synergy has started');
    await accepted.waitFor();
    expect(await accepted.getByRole('link', { name: 'Open chat' }).getAttribute('href')).toMatch(/^\/messages\?chat=\d+$/);
    await incoming.waitFor({ state: 'detached' });

    // ---- the seller ends the synergy (successful, with savings) and rates it ----
    await s.getByRole('tab', { name: 'Synergies' }).click();
    await s.waitForURL((u) => u.pathname === '/synergies');
    await s.locator('[data-testid="synergy-stats"][aria-busy="false"]').waitFor();
    const card = s.getByTestId('synergy').filter({ hasText: LISTING }).filter({ hasText: BUYER_COMPANY }).first();
    await card.getByText('In progress').waitFor();
    expect(await card.getByRole('link', { name: /^Open chat/ }).getAttribute('href')).toMatch(/^\/messages\?chat=\d+$/);
    await card.getByRole('button', { name: /^End synergy/ }).click();
    const end = s.getByRole('dialog', { name: 'End synergy' }).getByTestId('end-form');
    await end.getByTestId('end-confirm').click();
    await end.getByText('This field is required').waitFor();
    await end.getByLabel('Yes').check();
    await end.getByLabel(/^Savings/).fill('12.345');
    await end.getByTestId('end-confirm').click();
    await end.getByText('Enter an amount such as 1250.50').waitFor();
    await end.getByLabel(/^Savings/).fill('1250.50');
    await end.getByTestId('end-confirm').click();
    await snackbar(s, 'Synergy ended').waitFor();
    await card.getByText('Completed: successful').waitFor();
    expect(await card.getByText(/1[.,]250[.,]50/).count()).toBe(1);
    expect(await card.getByRole('button', { name: /^End synergy/ }).count()).toBe(0);

    await card.getByRole('button', { name: /^Rate synergy/ }).click();
    const rate = s.getByRole('dialog', { name: 'Rate synergy' }).getByTestId('rate-form');
    await rate.getByTestId('rate-confirm').click();
    await rate.getByText('Choose 1 to 5 stars').waitFor();
    // The stars are a radio group: keyboard and screen readers reach each one by name.
    const stars = rate.getByRole('group', { name: /Rating/ });
    expect(await stars.getByRole('radio').count()).toBe(5);
    await stars.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await rate.getByLabel(/^Review/).fill('Clean crates, collected on time.');
    await rate.getByTestId('rate-confirm').click();
    await snackbar(s, 'Synergy rated successfully').waitFor();
    await card.getByText('Completed: read-only').waitFor();
    expect(await card.getByTestId('rating-ours').getByRole('img', { name: '4 of 5 stars' }).count()).toBe(1);
    expect(await card.getByTestId('rating-theirs').getByText('Not rated yet').count()).toBe(1);
    // Read-only: nothing left to change; the impact certificate of a successful synergy is the one button.
    expect(await card.getByRole('button').allTextContents()).toEqual(['Certificate']);
    await seller.context.close();

    // ---- the buyer finds the offer accepted and follows it to the highlighted synergy ----
    await b.goto('/pending-offers?tab=made');
    const made = b.getByTestId('offers-made').getByTestId('offer-row').filter({ hasText: LISTING }).first();
    await made.getByText('Accepted', { exact: true }).waitFor();
    await made.getByRole('link', { name: 'View synergy' }).click();
    await b.waitForURL((u) => u.pathname === '/synergies' && /^\d+$/.test(u.searchParams.get('exchange') ?? ''));
    const highlighted = b.locator('.synergy--highlighted');
    await highlighted.waitFor();
    expect(await highlighted.getByText(LISTING).count()).toBeGreaterThan(0);
    expect(await highlighted.getByRole('link', { name: SELLER_COMPANY }).count()).toBe(1);
    expect(await highlighted.getByTestId('rating-theirs').getByRole('img', { name: '4 of 5 stars' }).count()).toBe(1);
    await highlighted.getByRole('button', { name: /^Rate synergy/ }).click();
    const rate2 = b.getByRole('dialog', { name: 'Rate synergy' }).getByTestId('rate-form');
    // Keyboard: focus the first star and move with the arrow keys (a native radio group).
    await rate2.getByRole('radio', { name: '1 star' }).focus();
    await b.keyboard.press('ArrowRight');
    await b.keyboard.press('ArrowRight');
    await b.keyboard.press('ArrowRight');
    await b.keyboard.press('ArrowRight');
    expect(await rate2.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
    await rate2.getByTestId('rate-confirm').click();
    await snackbar(b, 'Synergy rated successfully').waitFor();
    await highlighted.getByText('Completed: read-only').waitFor();
    expect(await highlighted.getByTestId('rating-ours').getByRole('img', { name: '5 of 5 stars' }).count()).toBe(1);
    expect(await highlighted.getByRole('button').allTextContents()).toEqual(['Certificate']);
    await buyer.context.close();
  });

  it('an offer is withdrawn from the listing page, a new one is rejected with a reason the offering company reads', async () => {
    const knowhow = 'Brewery wastewater reuse know-how';
    const buyer = await app.page();
    const b = buyer.page;
    await loginInEnglish(b, BUYER);
    await b.goto(`/database?proximity=any&q=${encodeURIComponent(knowhow)}`);
    await b.getByTestId('results').getByTestId('listing-card').filter({ hasText: knowhow }).getByRole('link').first().click();
    await b.getByRole('heading', { name: knowhow, level: 1 }).waitFor();
    const listingUrl = new URL(b.url()).pathname;

    const send = async (hours: string, message: string) => {
      await b.getByRole('button', { name: 'Make an offer' }).click();
      const form = b.getByRole('dialog', { name: 'Make an offer' }).getByTestId('offer-form');
      await form.getByLabel(/^Quantity \(hours\)/).fill(hours);
      await form.getByLabel(/^Message/).fill(message);
      await form.getByTestId('offer-submit').click();
      await b.getByTestId('my-offer').waitFor();
    };
    await send('8', 'Two sessions on CIP water recovery, please.');
    await b.getByTestId('my-offer').getByRole('button', { name: 'Withdraw offer' }).click();
    await b.getByRole('dialog', { name: 'Withdraw offer' }).getByRole('button', { name: 'Withdraw offer' }).click();
    await snackbar(b, 'Offer withdrawn').waitFor();
    await b.getByTestId('my-offer').waitFor({ state: 'detached' });
    await send('4', 'One remote session would do.');

    const seller = await app.page(390, 844);
    const s = seller.page;
    await loginInEnglish(s, 'member@example.com');
    await s.goto('/pending-offers');
    const row = s.getByTestId('offers-received').getByTestId('offer-row').filter({ hasText: 'One remote session would do.' });
    await row.getByRole('button', { name: /^Reject offer on/ }).click();
    const reject = s.getByRole('dialog', { name: 'Reject offer' });
    await reject.getByLabel(/^Reason/).fill('Our engineers are booked until spring.');
    await reject.getByText('38/250').waitFor();
    await reject.getByTestId('reject-confirm').click();
    await snackbar(s, 'Offer rejected').waitFor();
    await row.waitFor({ state: 'detached' });
    await seller.context.close();

    // The offering company reads the decision and the reason; the listing takes offers again.
    await b.goto('/pending-offers?tab=made');
    const made = b.getByTestId('offers-made').getByTestId('offer-row').filter({ hasText: 'One remote session would do.' });
    await made.getByText('Rejected', { exact: true }).waitFor();
    expect(await made.getByText('Reason: Our engineers are booked until spring.').count()).toBe(1);
    expect(await made.getByRole('button').count()).toBe(0);
    const withdrawn = b.getByTestId('offers-made').getByTestId('offer-row').filter({ hasText: 'Two sessions on CIP water recovery, please.' });
    expect(await withdrawn.getByText('Withdrawn', { exact: true }).count()).toBe(1);
    await b.goto(listingUrl);
    await b.getByRole('button', { name: 'Make an offer' }).waitFor();
    await buyer.context.close();
  });

  for (const width of [390, 1280]) {
    it(`the pending offers, the synergies and a synergy dialog at ${width} px have no serious accessibility violations`, async () => {
      const { context, page } = await app.page(width, 900, { bypassCSP: true });
      await loginInEnglish(page, 'member@example.com');
      const problems: string[] = [];
      await page.goto('/pending-offers');
      await page.getByTestId('offers-made').getByTestId('offer-row').first().waitFor();
      problems.push(...(await axeProblems(page, '/pending-offers')));
      // A notification link to a synergy that is not the company's (or does not exist) says so, and lists the rest.
      await page.goto('/synergies?exchange=999999');
      await page.getByText('The synergy from that link could not be found.').waitFor();
      await page.getByTestId('synergy').first().waitFor();
      expect(await page.locator('.synergy--highlighted').count()).toBe(0);
      await page.locator('[data-testid="synergy-stats"][aria-busy="false"]').waitFor();
      problems.push(...(await axeProblems(page, '/synergies')));
      // The rate dialog, opened on a synergy the company has not rated yet, if any; else the end dialog.
      // (by name: the card's first button may be its trip's map.)
      await page
        .getByTestId('synergy')
        .getByRole('button', { name: /^(Rate|End synergy)/ })
        .first()
        .click();
      await page.getByRole('dialog').locator('form').waitFor();
      problems.push(...(await axeProblems(page, '/synergies dialog')));
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('a synergy the other company ends while the page is still connecting its live updates shows ended once they connect', async () => {
    const admin = await tokenOf(app.url, 'admin@example.com');
    const run = Date.now().toString(36);
    const seller = await approvedCompany(app.url, admin, `Late Socket Seller ${run} ApS`);
    const buyer = await approvedCompany(app.url, admin, `Late Socket Buyer ${run} ApS`);
    const groups = await api<{ items: { id: number }[] }>(app.url, 'GET', '/api/common/material-groups', null);
    const title = `Late socket pallets ${run}`;
    const listing = await api<{ id: number }>(app.url, 'POST', '/api/v2/materials', seller.token, {
      title,
      description: 'Clean pallets, collected weekly.',
      category: 'surplus',
      material_group_id: groups.items[0]!.id,
      frequency: 'monthly',
      quantity: 100,
      condition: 'Good',
      type: 'Pallets',
      final_use: 'Reuse',
    });
    const offer = await api<{ id: number }>(app.url, 'POST', '/api/offers', buyer.token, {
      material_id: listing.id,
      quantity: 5,
      message: 'We can collect them.',
    });
    const { exchange_id } = await api<{ exchange_id: number }>(app.url, 'POST', '/api/offers/review', seller.token, {
      id: offer.id,
      decision: 'accept',
    });

    // Every live connection of this browser waits until the buyer has ended the synergy: the page has fetched its
    // list by then, and the ending's frame went out before the socket opened, as on a slow page load.
    const { context, page } = await app.page();
    let connect!: () => void;
    const held = new Promise<void>((resolve) => (connect = resolve));
    await context.routeWebSocket(/\/ws/, async (ws) => {
      await held;
      ws.connectToServer();
    });
    await loginInEnglish(page, seller.email, seller.password);
    await page.goto('/synergies');
    const card = page.getByTestId('synergy').filter({ hasText: title });
    await card.getByText('In progress').waitFor();
    await settle(page);

    await api(app.url, 'PUT', `/api/exchanges/${exchange_id}`, buyer.token, { level_of_completion: 'COMPLETED', successful: true });
    connect();
    await card.getByText(/^Completed/).waitFor();
  });
});
