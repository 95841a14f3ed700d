// Negotiation across two companies, each in its own browser context: Kastrup's manager (on a phone) offers on
// Øresund's chilled storage at a price; Øresund, with its pending offers open, sees it arrive live and counters;
// Kastrup sees the counter live and counters back; Øresund accepts, and both see the synergy with the agreed price.
// Then an invitation: Øresund's manager invites a colleague, who opens the mailed link in a fresh browser, chooses
// a name and password and lands signed in; the link then answers that it was used.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hasChromium } from './harness';
import { loginInEnglish, snackbar } from './checks';
import { useApp } from './fixture';

const LISTING = 'Chilled storage space 150 m²';
const SELLER = 'manager@example.com';
const BUYER = 'henrik.dahl@example.org';

describe.skipIf(!hasChromium)('negotiation and invitations', () => {
  const app = useApp();

  it('offer with a price -> counter -> counter back -> accept, each side seeing the other’s move live', async () => {
    const seller = await app.page();
    const buyer = await app.page(390, 844);
    await loginInEnglish(seller.page, SELLER);
    await loginInEnglish(buyer.page, BUYER);
    const s = seller.page;
    const b = buyer.page;

    await s.goto('/pending-offers');
    const waiting = s.getByTestId('offers-received');
    await waiting.getByRole('heading', { name: 'Waiting for your answer' }).waitFor();
    const incoming = waiting.getByTestId('offer-row').filter({ hasText: LISTING });
    expect(await incoming.count()).toBe(0);

    // ---- the buyer offers 100 m² at 12.50 EUR per m² (phone width) ----
    await b.goto(`/database?proximity=any&q=${encodeURIComponent('Chilled storage')}`);
    await b.getByTestId('results').getByTestId('listing-card').filter({ hasText: LISTING }).getByRole('link').first().click();
    await b.getByRole('heading', { name: LISTING, level: 1 }).waitFor();
    const listingPath = new URL(b.url()).pathname;
    await b.getByRole('button', { name: 'Make an offer' }).click();
    const form = b.getByRole('dialog', { name: 'Make an offer' }).getByTestId('offer-form');
    await form.waitFor();
    await form.getByLabel(/^Quantity \(m²\)/).fill('100');
    await form.getByLabel(/^Price per m²/).fill('12.505');
    await form.getByLabel(/^Currency/).fill('EUR');
    await form.getByLabel(/^Message/).fill('Buffer storage for four weeks in June.');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await form.getByText('Enter a price such as 12.50').waitFor();
    await form.getByLabel(/^Price per m²/).fill('12.50');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await snackbar(b, 'Offer submitted').waitFor();
    // No horizontal scrolling on a phone.
    expect(await b.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The buyer keeps its pending offers open: the counter must arrive there without a reload.
    await b.goto('/pending-offers');
    await b.getByTestId('offers-made').getByTestId('offer-row').filter({ hasText: LISTING }).waitFor();
    const mine = b.getByTestId('offers-received').getByTestId('offer-row').filter({ hasText: LISTING });
    expect(await mine.count()).toBe(0);

    // ---- the seller sees it arrive without a reload, with its price, and counters ----
    await incoming.waitFor();
    expect((await incoming.getByTestId('offer-price').textContent())?.replace(/\s/g, ' ')).toContain('€12.50 per m²');
    await incoming.getByRole('button', { name: /^Counter offer on/ }).click();
    const counter = s.getByRole('dialog', { name: 'Counter offer' }).getByTestId('counter-form');
    await counter.getByLabel(/^Quantity/).fill('120');
    await counter.getByLabel(/^Price per unit/).fill('15');
    await counter.getByLabel(/^Message/).fill('The whole cold room is 120 m² minimum, at 15.');
    await counter.getByTestId('counter-submit').click();
    await snackbar(s, 'Counter-offer sent').waitFor();
    // It is the buyer's move now: the offer leaves the seller's waiting list.
    await incoming.waitFor({ state: 'detached' });

    // ---- the buyer sees the counter live on the pending offers page and counters back ----
    await mine.getByTestId('offer-turn').filter({ hasText: 'Round 2 of 5: your turn.' }).waitFor();
    expect(await mine.getByTestId('offer-move').count()).toBe(2);
    // Quantities are formatted with a no-break space.
    expect((await mine.getByTestId('offer-thread').textContent())?.replace(/\s/g, ' ')).toContain('120 m² at €15.00 per unit');
    await mine.getByRole('button', { name: /^Counter offer on/ }).click();
    const back = b.getByRole('dialog', { name: 'Counter offer' }).getByTestId('counter-form');
    await back.getByLabel(/^Price per unit/).fill('13.75');
    await back.getByLabel(/^Message/).fill('120 m² is fine; 13.75 and we sign today.');
    await back.getByTestId('counter-submit').click();
    await snackbar(b, 'Counter-offer sent').waitFor();
    await mine.waitFor({ state: 'detached' });
    expect(await b.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // On the listing, the offer under negotiation stands where "Make an offer" was: a second one would be refused.
    await b.goto(listingPath);
    await b.getByTestId('my-offer').getByRole('heading', { name: 'Your company’s offer is under negotiation' }).waitFor();
    expect(await b.getByRole('button', { name: 'Make an offer' }).count()).toBe(0);
    await b.goto('/pending-offers');

    // ---- the seller sees the counter back live and accepts ----
    await incoming.getByTestId('offer-turn').filter({ hasText: 'Round 3 of 5: your turn.' }).waitFor();
    await incoming.getByRole('button', { name: /^Accept offer on/ }).click();
    const accept = s.getByRole('dialog', { name: 'Accept offer' });
    await accept.getByText('Agreed price: €13.75 per unit, €1,650.00 in all.').waitFor();
    await accept.getByTestId('accept-confirm').click();
    await snackbar(s, 'Offer accepted: a synergy has started').waitFor();

    // ---- both see the synergy with the agreed terms ----
    const made = b.getByTestId('offers-made').getByTestId('offer-row').filter({ hasText: LISTING });
    await made.getByText('Accepted').waitFor();
    await made.getByRole('link', { name: 'View synergy' }).click();
    const synergy = b.getByTestId('synergy').filter({ hasText: LISTING });
    expect((await synergy.getByTestId('synergy-price').textContent())?.replace(/\s/g, ' ')).toContain('€13.75 per unit, €1,650.00 in all');

    await seller.context.close();
    await buyer.context.close();
  }, 180_000);

  it('a manager invites a colleague, who accepts in a fresh browser and lands signed in; the used link answers 410', async () => {
    const manager = await app.page();
    const m = manager.page;
    await loginInEnglish(m, SELLER);
    const email = `e2e-invitee-${Date.now()}@oresund-brewing.example`;
    await m.goto('/account/manager-panel/user-management');
    await m.getByTestId('add-user').click();
    const form = m.getByRole('dialog', { name: 'Invite a colleague' }).getByTestId('invite-form');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Role/).selectOption('MEMBER');
    await form.getByTestId('invite-submit').click();
    await snackbar(m, `Invitation sent to ${email}`).waitFor();
    await m.getByTestId('invitation-row').filter({ hasText: email }).getByText('Waiting').waitFor();

    // The link exists only in the mail: read it as an administrator reads the outbox.
    const base = app.url;
    const adminLogin = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@example.com', password: DEMO_PASSWORD }),
    });
    const { token: adminToken } = (await adminLogin.json()) as { token: string };
    const outbox = (await (await fetch(`${base}/admin/mail-outbox?size=100`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
      items: { to_address: string; text_body: string }[];
    };
    const mail = outbox.items.find((x) => x.to_address === email);
    const link = /\/invitation\/[\w-]+/.exec(mail!.text_body)![0];

    const invitee = await app.page(390, 844);
    const i = invitee.page;
    await i.goto(link);
    await i.getByRole('heading', { name: 'Join Øresund Brewing Group A/S' }).waitFor();
    const accept = i.getByTestId('invitation-form');
    await accept.getByLabel(/^First name/).fill('Freja');
    await accept.getByLabel(/^Last name/).fill('Invitee');
    await accept.getByLabel(/^Password/).fill('my-own-password-1');
    await accept.getByLabel(/^Repeat the password/).fill('my-own-password-2');
    await accept.getByTestId('invitation-submit').click();
    await accept.getByText('Passwords do not match').waitFor();
    await accept.getByLabel(/^Repeat the password/).fill('my-own-password-1');
    await accept.getByTestId('invitation-submit').click();
    await i.waitForURL((u) => u.pathname === '/dashboard');
    await snackbar(i, 'Welcome! You have joined your company.').waitFor();
    expect(await i.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The manager's list shows it accepted; the link now says it was used.
    await m.reload();
    await m.getByTestId('invitation-row').filter({ hasText: email }).getByText('Accepted').waitFor();
    const again = await fetch(`${base}/api/invitations${link.slice('/invitation'.length)}`);
    expect(again.status).toBe(410);
    const fresh = await app.page();
    await fresh.page.goto(link);
    await fresh.page.getByTestId('invitation-gone').getByText('This invitation has already been used. Log in with the password you chose.').waitFor();

    await manager.context.close();
    await invitee.context.close();
    await fresh.context.close();
  }, 180_000);
});
