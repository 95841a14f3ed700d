// The whole exchange loop in two browser contexts: company B (a fresh company, on a phone)
// offers on A's listing; A (the demo manager, desktop), with pending offers open, sees the offer arrive without
// reloading and accepts it; they chat both ways live, B with an attachment; A ends the synergy as successful
// with savings; both rate it; B's open chat turns read-only without a reload. Nothing is set up behind the
// screens except B's registration and approval.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hasChromium, login } from './harness';
import { api, approvedCompany, makePng, tokenOf } from './checks';
import { useApp } from './fixture';

const snackbar = (page: Page, text: string) => page.getByTestId('snackbar').filter({ hasText: text });

describe.skipIf(!hasChromium)('the exchange loop, end to end in two browsers', () => {
  const app = useApp();

  it('offer, live arrival, accept, chat both ways with an attachment, end with savings, both rate, read-only chat', async () => {
    // ---- B: a new company, registered and approved (the registration journey has its own test) ----
    const admin = await tokenOf(app.url, 'admin@example.com');
    const partner = await approvedCompany(app.url, admin, `Loop Partner ${Date.now().toString(36)} ApS`, {
      register: { first_name: 'Karen', last_name: 'Loop', address: 'Loopvej 2', contact_phone: '23456789', expectations: 'Close the loop.' },
    });
    const { name: bName, email: bEmail } = partner;
    // A's listing: an active offering of the demo company.
    const mine = await api<{ items: { id: number; title: string; status: string; available_quantity: number }[] }>(
      app.url,
      'GET',
      '/api/v2/materials/offerings?size=50',
      await tokenOf(app.url, 'manager@example.com'),
    );
    // One that still takes offers: accepted offers reserve all of some demo listings.
    const listing = mine.items.find((m) => m.status === 'active' && m.available_quantity >= 10)!;

    const seller = await app.page(1280, 900);
    const buyer = await app.page(390, 844);
    const a = seller.page;
    const b = buyer.page;
    for (const [page, user, password] of [
      [a, 'manager@example.com', DEMO_PASSWORD],
      [b, bEmail, 'a-long-password'],
    ] as const) {
      await login(page, user, password);
      await page.waitForURL((u) => !u.pathname.endsWith('/login'));
      await page.evaluate(() => localStorage.setItem('synergy.language', 'en'));
    }

    // ---- A waits on its pending offers; the offer must arrive without a reload ----
    const socketA = a.waitForEvent('websocket');
    await a.goto('/pending-offers');
    await socketA;
    const received = a.getByTestId('offers-received');
    await received.getByRole('heading', { name: 'Waiting for your answer' }).waitFor();
    const incoming = received.getByTestId('offer-row').filter({ hasText: bName });
    expect(await incoming.count()).toBe(0);

    // ---- B makes the offer from the listing page ----
    await b.goto(`/material/${listing.id}`);
    await b.getByRole('heading', { name: listing.title, level: 1 }).waitFor();
    await b.getByRole('button', { name: 'Make an offer' }).click();
    const form = b.getByRole('dialog', { name: 'Make an offer' }).getByTestId('offer-form');
    await form.getByLabel(/^Quantity/).fill('10');
    await form.getByLabel(/^Message/).fill('We can collect ten units on Thursday.');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await snackbar(b, 'Offer submitted').waitFor();

    // ---- A sees it arrive and accepts; the snackbar leads to the new chat ----
    await incoming.waitFor({ timeout: 15_000 });
    await incoming.getByRole('button', { name: /^Accept offer on/ }).click();
    await a.getByRole('dialog', { name: 'Accept offer' }).getByTestId('accept-confirm').click();
    const accepted = snackbar(a, 'Offer accepted: a synergy has started');
    await accepted.waitFor();
    await accepted.getByRole('link', { name: 'Open chat' }).click();
    await a.waitForURL((u) => u.pathname === '/messages' && /^\d+$/.test(u.searchParams.get('chat') ?? ''));
    const chatId = new URL(a.url()).searchParams.get('chat')!;
    const conversationA = a.getByTestId('conversation');
    await conversationA.waitFor();

    // ---- B opens the same chat from the bar; they write both ways, live ----
    await b.getByTestId('messages-button').click();
    await b.getByTestId('chat-item').filter({ hasText: listing.title }).first().click();
    await b.waitForURL((u) => u.searchParams.get('chat') === chatId);
    const conversationB = b.getByTestId('conversation');
    await conversationB.waitFor();
    const inputA = a.getByLabel('Message', { exact: true });
    await inputA.fill('Welcome! Thursday works, gate 3.');
    await inputA.press('Enter');
    await conversationB.getByTestId('chat-message').filter({ hasText: 'Welcome! Thursday works, gate 3.' }).waitFor();

    await b.getByTestId('composer-file-input').setInputFiles([{ name: 'truck.png', mimeType: 'image/png', buffer: makePng(40, 30) }]);
    await b.getByLabel('Message', { exact: true }).fill('Great, this is our truck.');
    await b.getByTestId('composer-send').click();
    const fromB = conversationA.getByTestId('chat-message').filter({ hasText: 'Great, this is our truck.' });
    await fromB.waitFor();
    const image = fromB.getByTestId('chat-image').locator('img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(40);
    // A has the conversation open, so B's message shows as seen.
    await conversationB.getByTestId('chat-message').filter({ hasText: 'Great, this is our truck.' }).getByTestId('chat-seen').waitFor();

    // ---- A ends the synergy as successful with savings; B's open chat turns read-only live ----
    await a.goto('/synergies');
    const card = a.getByTestId('synergy').filter({ hasText: bName }).first();
    await card.getByText('In progress').waitFor();
    await card.getByRole('button', { name: /^End synergy/ }).click();
    const end = a.getByRole('dialog', { name: 'End synergy' }).getByTestId('end-form');
    await end.getByLabel('Yes').check();
    await end.getByLabel(/^Savings/).fill('750');
    await end.getByTestId('end-confirm').click();
    await snackbar(a, 'Synergy ended').waitFor();
    await card.getByText('Completed: successful').waitFor();
    await b.getByTestId('chat-readonly').getByText('This synergy is completed; the chat is read-only.').waitFor({ timeout: 15_000 });
    expect(await b.getByTestId('composer').count()).toBe(0);
    // The history and the attachment stay.
    await conversationB.getByTestId('chat-message').filter({ hasText: 'Welcome! Thursday works, gate 3.' }).waitFor();

    // ---- both rate it ----
    await card.getByRole('button', { name: /^Rate synergy/ }).click();
    const rateA = a.getByRole('dialog', { name: 'Rate synergy' }).getByTestId('rate-form');
    await rateA
      .getByRole('group', { name: /Rating/ })
      .getByRole('radio', { name: '4 stars' })
      .check({ force: true });
    await rateA.getByLabel(/^Review/).fill('On time and well organised.');
    await rateA.getByTestId('rate-confirm').click();
    await snackbar(a, 'Synergy rated successfully').waitFor();

    await b.goto('/synergies');
    const cardB = b.getByTestId('synergy').filter({ hasText: listing.title }).first();
    await cardB.getByTestId('rating-theirs').getByRole('img', { name: '4 of 5 stars' }).waitFor();
    await cardB.getByRole('button', { name: /^Rate synergy/ }).click();
    const rateB = b.getByRole('dialog', { name: 'Rate synergy' }).getByTestId('rate-form');
    await rateB
      .getByRole('group', { name: /Rating/ })
      .getByRole('radio', { name: '5 stars' })
      .check({ force: true });
    await rateB.getByTestId('rate-confirm').click();
    await snackbar(b, 'Synergy rated successfully').waitFor();
    await cardB.getByText('Completed: read-only').waitFor();
    // Read-only: nothing left to change; the impact certificate of a successful synergy is the one button.
    expect(await cardB.getByRole('button').allTextContents()).toEqual(['Certificate']);

    // ---- A's chat is read-only too; sending through the API answers 409 and writes nothing ----
    await a.goto(`/messages?chat=${chatId}`);
    await a.getByTestId('chat-readonly').waitFor();
    expect(await a.getByTestId('composer').count()).toBe(0);
    const tokenA = await tokenOf(app.url, 'manager@example.com');
    const refused = await fetch(`${app.url}/api/chats/${chatId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Too late' }),
    });
    expect(refused.status).toBe(409);
    const history = await api<{ items: { body: string }[] }>(app.url, 'GET', `/api/chats/${chatId}`, tokenA);
    expect(history.items.map((m) => m.body)).not.toContain('Too late');

    await seller.context.close();
    await buyer.context.close();
  }, 180_000);
});
