// Chat journey (SPEC §2 /messages, §4 read-only synergy, §7 real-time): a new company makes two offers on the
// demo manager's listings, the manager accepts both (two synergies, two chats). In two browser contexts the
// manager (A, desktop) writes, the other company (B, phone) sees the dot and the message live, answers with
// an image and a PDF, both see 'Seen'; files are listed; client checks refuse a wrong file; a synergy that
// ends while B is typing turns read-only live and keeps the text; a completed synergy's chat has no composer.
// Screenshots at 390 and 1280 px in en and dk go to .test-results/screens.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, login, ROOT } from './harness';
import { api, approvedCompany, makePng, tokenOf, axeProblems } from './checks';
import { useApp } from './fixture';

const SCREENS = path.join(ROOT, '.test-results/screens');

// ---- a small valid PNG, built here so the test needs no fixture file ---------------------------------------
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

// ---- REST set-up: a fresh company, two accepted offers on the demo manager's listings ----------------------

/** B offers on one of A's listings, A accepts: a synergy and its chat. */
async function startSynergy(base: string, tokenA: string, tokenB: string, materialId: number) {
  const offer = await api<{ id: number }>(base, 'POST', '/api/offers', tokenB, {
    material_id: materialId,
    quantity: 1,
    message: 'We would like to collect this.',
  });
  const { exchange_id } = await api<{ exchange_id: number }>(base, 'POST', '/api/offers/review', tokenA, { id: offer.id, decision: 'accept' });
  const chats = await api<{ items: { id: number; exchange_id: number }[] }>(base, 'GET', '/api/chats?size=100', tokenB);
  return { exchange_id, chat_id: chats.items.find((c) => c.exchange_id === exchange_id)!.id };
}

const endSynergy = (base: string, token: string, exchangeId: number) =>
  api(base, 'PUT', `/api/exchanges/${exchangeId}`, token, { level_of_completion: 'COMPLETED', successful: true });

describe.skipIf(!hasChromium)('chat between two companies', () => {
  const app = useApp();
  const contexts: BrowserContext[] = [];
  let partner: { email: string; password: string; name: string };
  let tokenA: string;
  let live: { exchange_id: number; chat_id: number };
  let done: { exchange_id: number; chat_id: number };
  let paged: { exchange_id: number; chat_id: number };

  beforeAll(async () => {
    if (!hasChromium) return;
    mkdirSync(SCREENS, { recursive: true });
    const admin = await tokenOf(app.url, 'admin@example.com');
    partner = await approvedCompany(app.url, admin, `Chat Partner ${Date.now().toString(36)} ApS`, { at: { lat: 55.7, lng: 12.58 } });
    tokenA = await tokenOf(app.url, 'manager@example.com');
    const tokenB = await tokenOf(app.url, partner.email, partner.password);
    const mine = await api<{ items: { id: number; status: string }[] }>(app.url, 'GET', '/api/v2/materials/offerings?size=50', tokenA);
    const [first, second, third] = mine.items.filter((m) => m.status === 'active');
    live = await startSynergy(app.url, tokenA, tokenB, first!.id);
    done = await startSynergy(app.url, tokenA, tokenB, second!.id);
    paged = await startSynergy(app.url, tokenA, tokenB, third!.id);
    // More than one page (30) of history, from both sides.
    for (let i = 1; i <= 35; i++)
      await api(app.url, 'POST', `/api/chats/${paged.chat_id}/messages`, i % 2 ? tokenB : tokenA, { message: `Paged message ${i}` });
    await api(app.url, 'POST', `/api/chats/${done.chat_id}/messages`, tokenB, { message: 'Thanks, all collected.' });
    await endSynergy(app.url, tokenA, done.exchange_id);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  /** Signs in at a width and opens a path once the page's socket is up (frames sent before it would be missed). */
  async function open(width: number, username: string, password: string | undefined, target: string): Promise<Page> {
    // The conversation goes on over the next tests: the file closes these pages itself.
    const { context, page } = await app.page(width, 844, { keepAfterTest: true });
    contexts.push(context);
    await login(page, username, password);
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    // Other test files may leave a shared demo account in another language: choose English in this browser.
    await page.evaluate(() => localStorage.setItem('synergy.language', 'en'));
    const socket = page.waitForEvent('websocket');
    await page.goto(target);
    await socket;
    await page.waitForTimeout(1000);
    return page;
  }
  /** An explicit choice in this browser (saved on the user too), applied by reloading. */
  async function setLanguage(page: Page, lang: 'en' | 'dk') {
    await page.evaluate((l) => localStorage.setItem('synergy.language', l), lang);
    await page.reload();
  }
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENS, `chat-${name}.png`) });

  let a: Page;
  let b: Page;

  it('A writes; B sees the dot, the unread count and the message live, then a second one in the open conversation; A sees Seen', async () => {
    a = await open(1280, 'manager@example.com', undefined, `/messages?chat=${live.chat_id}`);
    b = await open(390, partner.email, partner.password, '/dashboard');
    const conversationA = a.getByTestId('conversation');
    await conversationA.getByText('No messages yet. Say hello and agree on the details of the exchange.').waitFor();
    expect(await b.getByTestId('messages-dot').count()).toBe(0);

    // Enter sends; the counter follows the text.
    const inputA = a.getByLabel('Message', { exact: true });
    await inputA.fill('Hello from A, when can you collect?');
    await a.getByText('35/250').waitFor();
    await inputA.press('Enter');
    await conversationA.getByTestId('chat-message').filter({ hasText: 'Hello from A' }).waitFor();
    // Cleared once the send is acknowledged (the live frame may show the message a moment earlier).
    await expect.poll(() => inputA.inputValue()).toBe('');

    // B, on another page, gets the bar's dot live, then the list with the unread count and the preview.
    await b.getByTestId('messages-dot').waitFor();
    await b.getByTestId('messages-button').click();
    const item = b.getByTestId('chat-item').filter({ hasText: 'Hello from A' });
    await item.waitFor();
    expect(await item.getByTestId('chat-unread').innerText()).toMatch(/^1/);
    await shot(b, 'list-en-390');
    await item.click();
    const conversationB = b.getByTestId('conversation');
    await conversationB.getByText('Hello from A, when can you collect?').waitFor();
    // Reading it clears the dot (the server pushes the new counter).
    await b.getByTestId('messages-dot').waitFor({ state: 'detached' });

    // A second message arrives in B's open conversation without a reload; B has it in view, so A sees 'Seen'.
    await inputA.fill('Shift+Enter makes');
    await inputA.press('Shift+Enter');
    await inputA.pressSequentially('two lines');
    await inputA.press('Enter');
    await conversationB.getByText(/Shift\+Enter makes\s+two lines/).waitFor();
    const lastA = conversationA.getByTestId('chat-message').last();
    await lastA.getByTestId('chat-seen').waitFor();
    expect(await conversationA.getByTestId('chat-seen').count()).toBe(1);
  }, 120_000);

  it('B answers with an image and a PDF after a refused file; A sees both live, B sees Seen, the files panel lists them', async () => {
    const conversationB = b.getByTestId('conversation');
    const fileInput = b.getByTestId('composer-file-input');
    // The client refuses a type the server would refuse, stating why; the limits are on screen.
    await fileInput.setInputFiles([{ name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') }]);
    await b.getByText('tool.exe: Attach images, PDF or Office documents only').waitFor();
    await b.getByText(/up to 5 per message, 10 MB each/).waitFor();
    await fileInput.setInputFiles([
      { name: 'pallets.png', mimeType: 'image/png', buffer: makePng() },
      { name: 'spec.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await b.getByRole('list', { name: 'Files to send' }).getByText('pallets.png').waitFor();
    await b.getByLabel('Message', { exact: true }).fill('Here is the spec and a photo');
    await shot(b, 'composer-en-390');
    await b.getByTestId('composer-send').click();
    const sent = conversationB.getByTestId('chat-message').filter({ hasText: 'Here is the spec and a photo' });
    await sent.waitFor();
    // The picked files clear once the send is acknowledged (the live frame may come first).
    await expect.poll(() => b.getByRole('list', { name: 'Files to send' }).count()).toBe(0);

    const conversationA = a.getByTestId('conversation');
    const received = conversationA.getByTestId('chat-message').filter({ hasText: 'Here is the spec and a photo' });
    await received.waitFor();
    // The image is a private file: fetched with the token and shown from an object URL.
    const img = received.getByTestId('chat-image').locator('img');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(64);
    await received.getByTestId('chat-file').filter({ hasText: 'spec.pdf' }).waitFor();
    // A's conversation is open, so B's reply shows 'Seen'.
    await sent.getByTestId('chat-seen').waitFor();
    await shot(a, 'conversation-en-1280');
    await shot(b, 'conversation-en-390');

    // Every file of the chat, newest first.
    await a.getByTestId('chat-files-button').click();
    const files = a.getByTestId('chat-attachments');
    await files.waitFor();
    expect(await files.locator('li').count()).toBe(2);
    await files.getByText(/^pallets\.png · /).waitFor();
    await shot(a, 'files-en-1280');
    await a.keyboard.press('Escape');
  });

  it('loads older messages when the conversation is scrolled to the top, keeping the view still', async () => {
    await a.goto(`/messages?chat=${paged.chat_id}`);
    const conversation = a.getByTestId('conversation');
    await conversation.getByText('Paged message 35', { exact: true }).waitFor();
    expect(await conversation.getByTestId('chat-message').count()).toBe(30);
    expect(await conversation.getByText('Paged message 5', { exact: true }).count()).toBe(0);
    await conversation.getByRole('button', { name: 'Load older messages' }).waitFor();
    const scroller = conversation.locator('.chat-conv__scroll');
    // It opened at the newest message.
    expect(await scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(5);
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await conversation.getByText('Paged message 1', { exact: true }).waitFor();
    await conversation.getByText('Start of the conversation').waitFor();
    expect(await conversation.getByTestId('chat-message').count()).toBe(35);
    // The messages that were at the top stay where the reader was, rather than jumping to the oldest.
    expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
  });

  it('a synergy that ends while B types turns read-only live: the banner shows, the unsent text is kept, no composer', async () => {
    await b.getByLabel('Message', { exact: true }).fill('One more thing before you go');
    await endSynergy(app.url, tokenA, live.exchange_id);
    // The other company's synergy notification refetches the chat: no send needed to find out.
    const banner = b.getByTestId('chat-readonly');
    await banner.waitFor({ timeout: 15_000 });
    await banner.getByText('This synergy is completed; the chat is read-only.').waitFor();
    await banner.getByText('One more thing before you go').waitFor();
    expect(await b.getByTestId('composer').count()).toBe(0);
    // History and files stay.
    await b.getByTestId('conversation').getByText('Here is the spec and a photo').waitFor();
  });

  it("a completed synergy's chat shows the banner, the history and no composer, in en and dk at both widths", async () => {
    for (const [page, width] of [
      [a, 1280],
      [b, 390],
    ] as const) {
      await page.goto(`/messages?chat=${done.chat_id}`);
      const conversation = page.getByTestId('conversation');
      await conversation.getByText('Thanks, all collected.').waitFor();
      await page.getByText('This synergy is completed; the chat is read-only.').waitFor();
      expect(await page.getByTestId('composer').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'View the synergy' }).getAttribute('href')).toBe(`/synergies?exchange=${done.exchange_id}`);
      await shot(page, `readonly-en-${width}`);
      // Danish: the same screen, then the other conversation.
      await setLanguage(page, 'dk');
      await page.getByText('Denne synergi er afsluttet; chatten kan kun læses.').waitFor();
      await shot(page, `readonly-dk-${width}`);
      await page.goto(`/messages?chat=${live.chat_id}`);
      await page.getByTestId('conversation').getByText('Here is the spec and a photo').waitFor();
      await page.waitForTimeout(300);
      await shot(page, `conversation-dk-${width}`);
      await setLanguage(page, 'en');
    }
    // On the phone the list and the conversation take turns: back shows the list.
    await b.getByTestId('chat-back').click();
    await b.getByTestId('chat-list').waitFor();
    expect(await b.getByTestId('conversation').count()).toBe(0);
  });

  it('a company without synergies is told how a chat starts, with a link to the database', async () => {
    const admin = await tokenOf(app.url, 'admin@example.com');
    const newcomer = await approvedCompany(app.url, admin, `Chat Newcomer ${Date.now().toString(36)} ApS`);
    const page = await open(390, newcomer.email, newcomer.password, '/messages');
    await page.getByRole('heading', { name: 'No conversations yet' }).waitFor();
    await page.getByText(/A conversation starts when an offer is accepted/).waitFor();
    expect(await page.getByRole('link', { name: 'Browse the database' }).getAttribute('href')).toBe('/database');
    await shot(page, 'empty-en-390');
  });

  it('has no serious accessibility violations (axe-core) with a conversation open, at both widths', async () => {
    const problems: string[] = [];
    for (const width of [390, 1280]) {
      const { context, page } = await app.page(width, 844, { bypassCSP: true });
      contexts.push(context);
      await login(page, partner.email, partner.password);
      await page.waitForURL((u) => !u.pathname.endsWith('/login'));
      for (const target of [`/messages?chat=${live.chat_id}`, `/messages?chat=${paged.chat_id}`, '/messages']) {
        await page.goto(target);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        problems.push(...(await axeProblems(page, `${width} ${target}`)));
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
