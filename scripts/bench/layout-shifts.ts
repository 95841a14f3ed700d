// Layout shifts of every page a person opens, with what moved: the same routes and users as lighthouse.ts, on a
// fresh demo database, in Debian Chromium at Lighthouse's mobile size (412 x 823) with its 4x CPU slowdown. Each page
// is watched for `--seconds` after it loads; every shift not caused by input is summed (the page's CLS as Lighthouse
// counts it on load) and its largest sources are named (element, where it was, where it went). Seconds a route
// where a Lighthouse run takes half a minute, so it is the quick check after a change to a page's loading states.
//   node --import tsx scripts/bench/layout-shifts.ts [--no-build] [--routes /synergies,/admin/trips] [--seconds 4]
//     [--width 412] [--height 823] [--cpu 4] [--port 3440]
// Target (with Lighthouse's): CLS <= 0.02 on every route.
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, ROOT, startServer } from '../../e2e/harness';
import { arg } from './common';
import { buildClient, fillRoute, idsFor, plan, signIn } from './routes';

const only = arg('routes', '').split(',').filter(Boolean);
const seconds = Number(arg('seconds', '4'));
const width = Number(arg('width', '412'));
const height = Number(arg('height', '823'));
const cpu = Number(arg('cpu', '4'));
const port = Number(arg('port', '3440'));
const TARGET = 0.02;

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

/** Runs in the page before its scripts: records each layout shift and what moved. */
function watchShifts() {
  const w = window as unknown as { __shifts: Shift[] };
  w.__shifts = [];
  const describe = (n: Node | null) => {
    const el = n && n.nodeType === 1 ? (n as Element) : (n?.parentElement ?? null);
    if (!el) return '?';
    const testid = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `${el.tagName.toLowerCase()}${cls}${testid ? `[${testid}]` : ''}`;
  };
  type Entry = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Entry[]) {
      if (e.hadRecentInput) continue;
      w.__shifts.push({
        value: e.value,
        at: Math.round(e.startTime),
        sources: e.sources.map((s) => `${describe(s.node)} y ${Math.round(s.previousRect.y)} -> ${Math.round(s.currentRect.y)}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  (window as unknown as { __watching: boolean }).__watching = true;
}

async function main() {
  buildClient(ROOT);
  const server = await startServer({ LOG_LEVEL: 'warn' }, ROOT, port);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const rows: { route: string; who: string; cls: number; worst: string }[] = [];
  try {
    for (const { who, routes } of plan(ROOT)) {
      const chosen = routes.filter((r) => !only.length || only.includes(r.label));
      if (!chosen.length) continue;
      const context = await browser.newContext({ baseURL: server.url, viewport: { width, height }, locale: 'en-GB' });
      const page = await context.newPage();
      page.setDefaultTimeout(120_000);
      await signIn(page, who);
      const ids = await idsFor(page, who);
      // tsx compiles this file with esbuild's keepNames, whose `__name(...)` calls the page does not define.
      await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
      await context.addInitScript(watchShifts);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      for (const { path: pattern, label } of chosen) {
        const route = fillRoute(ROOT, pattern, ids);
        await page.goto(route);
        await page.waitForTimeout(seconds * 1000);
        const { watching, shifts } = await page.evaluate(() => {
          const w = window as unknown as { __watching?: boolean; __shifts: Shift[] };
          return { watching: w.__watching === true, shifts: w.__shifts };
        });
        if (!watching) throw new Error(`the layout-shift observer did not start on ${route}`);
        const cls = shifts.reduce((sum, s) => sum + s.value, 0);
        const worst = [...shifts].sort((a, b) => b.value - a.value)[0];
        const row = {
          route: label,
          who,
          cls,
          worst: worst ? `${worst.value.toFixed(3)} at ${worst.at} ms: ${worst.sources.slice(0, 2).join(' | ')}` : '',
        };
        rows.push(row);
        console.log(`${label} (${who}): CLS ${cls.toFixed(3)}${cls > TARGET ? ' MISS' : ''}${row.worst ? ` (largest ${row.worst})` : ''}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`\nLayout shifts at ${width}x${height}, CPU ${cpu}x slower, ${seconds} s after load; target CLS <= ${TARGET}`);
  console.log('| route | signed in as | CLS | largest shift |');
  console.log('| --- | --- | ---: | --- |');
  for (const r of rows) console.log(`| ${r.route} | ${r.who} | ${r.cls.toFixed(3)}${r.cls > TARGET ? ' **miss**' : ''} | ${r.worst || '-'} |`);
  const missed = rows.filter((r) => r.cls > TARGET).length;
  console.log(`${rows.length - missed} of ${rows.length} routes at or under ${TARGET}`);
}

await main();
