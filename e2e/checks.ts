// Checks and set-up that many browser tests share: the REST calls that prepare data, axe-core on the page as it is,
// the phone-width check, scrolling to a map, and a small real PNG for uploads.
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, login } from './harness';

/** A REST call against the test server; throws with the status and body when it fails. */
export async function api<T>(base: string, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${method} ${url}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A company user's or administrator's REST token. */
export const tokenOf = async (base: string, username: string, password = DEMO_PASSWORD) =>
  (await api<{ token: string }>(base, 'POST', '/api/auth/login', null, { username, password })).token;

/** The demo manager's first synergy in progress that has a material: the one the trip journeys schedule for. */
export async function runningSynergy(base: string, managerToken: string) {
  const running = await api<{ items: { id: number; material: { id: number } | null }[] }>(
    base,
    'GET',
    '/api/exchanges?status=IN_PROGRESS&size=50',
    managerToken,
  );
  return running.items.find((x) => x.material)!;
}

/** A driver the administrator adds, with an address of its own under fleet.example (`local`@). */
export const addDriver = (base: string, adminToken: string, d: { name: string; local: string; phone: string }) =>
  api<{ id: number; email: string }>(base, 'POST', '/admin/drivers', adminToken, { name: d.name, email: `${d.local}@fleet.example`, phone: d.phone });

/** Signs a driver in on the driver login (email and phone number) and waits for the driver's page. */
export async function driverLogin(page: Page, email: string, phone: string) {
  await page.goto('/driver/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone number/).fill(phone);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/driver');
}

/** A company registered through REST and approved by the administrator, and its manager's credentials and token. */
export interface ApprovedCompany {
  id: number;
  name: string;
  email: string;
  password: string;
  token: string;
}

let companies = 0;

/**
 * Registers a company named `name` and approves it as the administrator. It sits at `at` (the browser tests of
 * distance put it somewhere of their own), is interested in `interested` and provides `providing` (the first two
 * material groups when not given); `register` overrides any other registration field (city, address, industry…).
 */
export async function approvedCompany(
  base: string,
  adminToken: string,
  name: string,
  o: { at?: { lat: number; lng: number }; interested?: number; providing?: number; register?: Record<string, unknown> } = {},
): Promise<ApprovedCompany> {
  let { interested, providing } = o;
  if (interested === undefined || providing === undefined) {
    const groups = await api<{ items: { id: number }[] }>(base, 'GET', '/api/common/material-groups', null);
    interested ??= groups.items[0]!.id;
    providing ??= groups.items[1]!.id;
  }
  const slug = name.toLowerCase().replace(/\W+/g, '-').replace(/^-|-$/g, '');
  const email = `${slug}.${Date.now().toString(36)}${(companies++).toString(36)}@e2e-company.example`;
  const password = 'a-long-password';
  const at = o.at ?? { lat: 55.69, lng: 12.57 };
  const reg = await api<{ id: number }>(base, 'POST', '/api/auth/register', null, {
    first_name: 'Test',
    last_name: 'Manager',
    email,
    password,
    company_name: name,
    company_size: '11-50',
    industry: 'Manufacturing',
    country: 'DK',
    state: 'Capital Region of Denmark',
    city: 'Copenhagen',
    address: 'Testvej 1',
    zip_code: '2100',
    latitude: at.lat,
    longitude: at.lng,
    contact_phone: '12345678',
    country_calling_code: '+45',
    preferred_currency: 'DKK',
    materials_interested: [interested],
    materials_providing: [providing],
    expectations: 'Find local by-products.',
    fee_consent: true,
    ...o.register,
  });
  await api(base, 'POST', '/admin/temporary-accounts/review', adminToken, { id: reg.id, decision: 'approve' });
  return { id: reg.id, name, email, password, token: await tokenOf(base, email, password) };
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Serious and critical axe-core violations on the page as it is now (an open dialog included), each as
 * "where: rule (impact) help → targets". `include` limits the check to a selector; best-practice rules run
 * unless turned off.
 */
export async function axeProblems(page: Page, where = page.url(), options: { include?: string; bestPractice?: boolean } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const tags = options.bestPractice === false ? WCAG : [...WCAG, 'best-practice'];
  const result = (await page.evaluate(
    async ({ include, values }) => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: object) => Promise<unknown> } }).axe;
      // Only violations are read: axe then keeps one node per passed or inapplicable rule instead of every node.
      return axe.run(include ? { include: [include] } : document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
    },
    { include: options.include ?? null, values: tags },
  )) as { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] };
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** True when nothing on the page is wider than the window (no sideways scroll on a phone). */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Fails the test when the page scrolls sideways. */
/**
 * Scrolls to the page's map, as a user would: a map starts only near the screen (components/map), and on the
 * database page it sits below the recommendations and filters. `testId` is the map's own (results-map, route-map…),
 * which replaces the placeholder once the map has started.
 */
export async function revealMap(page: Page, testId = 'results-map') {
  await page.getByTestId('map-waiting').or(page.getByTestId(testId)).first().scrollIntoViewIfNeeded({ timeout: 20_000 });
}

export async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(client);
}

// ---- a small valid PNG (one colour), built here so no test needs a fixture file -----------------------------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
export function makePng(width = 64, height = 48, rgb: [number, number, number] = [23, 112, 122]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Logs in through the login page and waits to leave it, in English: other test files may leave a shared demo
 * account in another language (it is stored on the user).
 */
export async function loginInEnglish(page: Page, username: string, password = DEMO_PASSWORD) {
  await login(page, username, password);
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  const language = page.getByTestId('language-select').first();
  await language.waitFor({ state: 'attached' });
  if ((await language.inputValue()) !== 'en') await language.selectOption('en');
}

/** The snackbar that says `text`. */
export const snackbar = (page: Page, text: string) => page.getByTestId('snackbar').filter({ hasText: text });
