// Where a route's load spends the main thread: a CPU profile of each chosen route in Debian Chromium at Lighthouse's
// mobile size and 4x CPU slowdown, signed in as the route's user (scripts/bench/routes.ts), summed by function and
// by source module. Lighthouse says how long the main thread is blocked; this says by what.
//   node --import tsx scripts/bench/profile-route.ts --routes /dashboard,/synergies [--no-build] [--top 25] [--repeat 5]
//     [--save <dir>] (the last load's profile per route as <dir>/<route>.cpuprofile, which Chromium's DevTools opens)
// It builds the client unminified (`--minify false`, so functions keep their names and rolldown's `//#region` comments
// name each module) into dist/client; run `npm run build:client` afterwards before measuring anything else.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildClient, CHROMIUM, CHROMIUM_ARGS, ROOT, startServer } from '../../e2e/harness';
import { arg } from './common';
import { fillRoute, idsFor, plan, signIn } from './routes';

const only = arg('routes', '/dashboard').split(',').filter(Boolean);
const top = Number(arg('top', '25'));
const repeat = Number(arg('repeat', '1'));
const SERVER_PORT = Number(arg('port', '3440'));
const saveDir = arg('save', '');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** For each served script, the module each line belongs to, from the unminified build's `//#region` comments. */
async function regionsOf(url: string): Promise<(line: number) => string> {
  const text = await (await fetch(url)).text();
  const starts: { line: number; name: string }[] = [];
  text.split('\n').forEach((l, i) => {
    const m = /^\/\/#region (.+)$/.exec(l);
    if (m) starts.push({ line: i, name: m[1]! });
  });
  return (line) => {
    let name = path.basename(new URL(url).pathname);
    for (const s of starts) if (s.line <= line) name = s.name;
    return name;
  };
}

function table(title: string, totals: Map<string, number>, total: number) {
  console.log(`  ${title}:`);
  for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`    ${ms.toFixed(0).padStart(6)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

async function main() {
  if (!process.argv.includes('--no-build')) buildClient(ROOT, ['--minify', 'false']);
  const server = await startServer({ LOG_LEVEL: 'warn' }, ROOT, SERVER_PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    for (const { who, routes } of plan(ROOT)) {
      const chosen = routes.filter((r) => only.includes(r.label));
      if (!chosen.length) continue;
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 412, height: 823 }, locale: 'en-GB' });
      // Long tasks as the page saw them, for a blocking time beside the profile (Lighthouse's TBT counts from first paint).
      await context.addInitScript(() => {
        const w = window as unknown as { __long: { start: number; duration: number }[] };
        w.__long = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__long.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      const page = await context.newPage();
      page.setDefaultTimeout(120_000);
      await signIn(page, who);
      const ids = await idsFor(page, who);
      for (const { path: pattern, label } of chosen) {
        const route = fillRoute(ROOT, pattern, ids);
        // Each repetition a fresh load; the tables come from the last one, the blocking time from every one.
        const blockings: number[] = [];
        let profile: Profile | undefined;
        let long: { start: number; duration: number }[] = [];
        for (let rep = 0; rep < repeat; rep++) {
          await page.goto('/landing');
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
          await page.goto(route, { waitUntil: 'load' });
          await page.waitForTimeout(5000);
          ({ profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile });
          long = await page.evaluate(() => (window as unknown as { __long: { start: number; duration: number }[] }).__long);
          await cdp.detach();
          blockings.push(long.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0));
        }
        if (!profile) continue;
        if (saveDir) writeFileSync(path.join(saveDir, `${label.replace(/[^a-z0-9]+/gi, '_')}.cpuprofile`), JSON.stringify(profile));

        const byId = new Map(profile.nodes.map((n) => [n.id, n]));
        const self = new Map<number, number>();
        profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
        const scripts = new Set(profile.nodes.map((n) => n.callFrame.url).filter((u) => u.startsWith(server.url)));
        const regions = new Map<string, (line: number) => string>();
        for (const url of scripts) regions.set(url, await regionsOf(url));
        const byFunction = new Map<string, number>();
        const byModule = new Map<string, number>();
        let busy = 0;
        for (const [id, ms] of self) {
          const { callFrame: f } = byId.get(id)!;
          if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
          busy += ms;
          const where = regions.get(f.url)?.(f.lineNumber) ?? (f.url ? path.basename(f.url) : f.functionName);
          const key = `${f.functionName || '(anonymous)'}  [${where}]`;
          byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
          byModule.set(where, (byModule.get(where) ?? 0) + ms);
        }
        const blocking = [...blockings].sort((a, b) => a - b)[Math.floor(blockings.length / 2)]!;
        console.log(`\n${label} (${who}): ${busy.toFixed(0)} ms of script and engine time at 4x slowdown, 5 s after load`);
        console.log(
          `  blocking: median ${blocking.toFixed(0)} ms (${blockings.map((b) => b.toFixed(0)).join(', ')}); the last load's ${long.length} long tasks: ${long.map((t) => `${t.duration.toFixed(0)}@${t.start.toFixed(0)}`).join(' ')}`,
        );
        table('by module', byModule, busy);
        table('by function', byFunction, busy);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
