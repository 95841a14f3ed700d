// Lighthouse mobile performance of every page a person opens: builds the client, starts the real server on a fresh
// demo database (e2e/harness.ts), signs in through each login form in Debian Chromium and keeps the session where
// the app keeps a remembered one (localStorage, which Lighthouse's own tab shares), then runs Lighthouse (default
// mobile config: Moto G Power emulation, simulated slow 4G, 4x CPU slowdown) against each route `--runs` times and
// prints the median. The routes come from the client's route table (client/src/config/paths.ts): the public
// /landing and /login signed out, every company route as the demo manager (plus the map view of /database), every
// administrator route as the demo administrator, the driver app as the demo driver.
//   node --import tsx scripts/bench/lighthouse.ts [--runs 3] [--no-build] [--root <checkout>] [--json out.json]
//     [--dump <dir>] (each run's full report) [--routes /dashboard,/admin/companies] (only these, by path)
//     [--port 3430] (the server; Chromium's debugging port is the next one) [--doc] (the table into docs/benchmarks.md)
//     [--from-json <file>] (no measuring: the table, and with --doc the document, from an earlier run's --json)
// `--root` serves another checkout (its own build and server), e.g. a worktree of an older commit for a
// before/after pair. Target on every route: performance >= 95, TBT <= 200 ms, CLS <= 0.02. The machine's load
// average is recorded per route, since TBT (main-thread time at 4x slowdown) moves with what else the cores do.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, ROOT, startServer } from '../../e2e/harness';
import { arg } from './common';
import { buildClient, fillRoute, idsFor, plan, signIn } from './routes';
import { ensureBenchTools } from './tools';

const runs = Number(arg('runs', '3'));
const root = path.resolve(arg('root', ROOT));
const jsonOut = arg('json', '');
/** A directory for each run's full Lighthouse report (lhr JSON), to see what costs the time. */
const dumpDir = arg('dump', '');
const only = arg('routes', '').split(',').filter(Boolean);
const SERVER_PORT = Number(arg('port', '3430'));
const CDP_PORT = SERVER_PORT + 1;
const writeDoc = process.argv.includes('--doc');
const fromJson = arg('from-json', '');

interface Sample {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** The page Lighthouse ended on, when a guard sent it elsewhere. */
  landed: string;
}

interface Measured {
  route: string;
  label: string;
  who: string;
  samples: Sample[];
  /** 1-minute load average before and after the route's runs. */
  load: [number, number];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const loadavg = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** Measured first in their user's turn: the slowest in the last measurement, so a run cut short still has them. */
const FIRST = [
  '/database?view=map',
  '/synergies',
  '/dashboard',
  '/pending-offers',
  '/messages',
  '/admin/companies',
  '/admin/panel',
  '/admin/trips',
  '/driver',
];
const firstFirst = (a: { label: string }, b: { label: string }) =>
  (FIRST.includes(a.label) ? FIRST.indexOf(a.label) : FIRST.length) - (FIRST.includes(b.label) ? FIRST.indexOf(b.label) : FIRST.length);

function docTable(measured: Measured[], when: string): string {
  // From the samples, not --runs: the table may be written from a saved run (--from-json).
  const runs = Math.max(0, ...measured.map((m) => m.samples.length));
  const rows = measured.map((m) => {
    const s = m.samples;
    const score = median(s.map((x) => x.score));
    const tbt = median(s.map((x) => x.tbt));
    const cls = median(s.map((x) => x.cls));
    const miss = score < 95 || tbt > 200 || cls > 0.02 ? ' **miss**' : '';
    const landed = s.find((x) => x.landed)?.landed;
    return `| ${m.label}${landed ? ` (opens ${landed})` : ''} | ${m.who.replace('@example.com', '')} | ${score} (${s.map((x) => x.score).join(', ')})${miss} | ${Math.round(tbt)} ms | ${(median(s.map((x) => x.lcp)) / 1000).toFixed(1)} s | ${cls.toFixed(3)} | ${m.load[0].toFixed(1)}-${m.load[1].toFixed(1)} |`;
  });
  return [
    `Measured ${when}: \`node --import tsx scripts/bench/lighthouse.ts --runs ${runs}\`, median of ${runs} (the runs in brackets),`,
    "load average (1 min) before-after the route's runs in the last column.",
    '',
    '| route | signed in as | performance (runs) | TBT | LCP | CLS | load avg |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    "| **target** | the route's user | >= 95 | <= 200 ms | - | <= 0.02 | - |",
    ...rows,
  ].join('\n');
}

const DOC_START = '<!-- lighthouse-routes:start (written by scripts/bench/lighthouse.ts --doc) -->';
const DOC_END = '<!-- lighthouse-routes:end -->';

/** Prints the table of what was measured and, with --doc, writes it into docs/benchmarks.md. */
function report(measured: Measured[], when: Date) {
  const runs = Math.max(0, ...measured.map((m) => m.samples.length));
  console.log(`\nLighthouse ${runs} run(s) per page, median; mobile, simulated throttling; ${root}`);
  console.log('| page | signed in as | performance | FCP | LCP | TBT | CLS | Speed Index | load avg |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const summary: Record<string, Omit<Sample, 'landed'> & { who: string; load: [number, number] }> = {};
  for (const { label, who, samples, load } of measured) {
    const m = {
      score: median(samples.map((s) => s.score)),
      fcp: median(samples.map((s) => s.fcp)),
      lcp: median(samples.map((s) => s.lcp)),
      tbt: median(samples.map((s) => s.tbt)),
      cls: median(samples.map((s) => s.cls)),
      si: median(samples.map((s) => s.si)),
    };
    summary[label] = { ...m, who, load };
    console.log(
      `| ${label} | ${who} | ${m.score} (${samples.map((s) => s.score).join(', ')}) | ${(m.fcp / 1000).toFixed(1)} s | ${(m.lcp / 1000).toFixed(1)} s | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${(m.si / 1000).toFixed(1)} s | ${load[0].toFixed(1)}-${load[1].toFixed(1)} |`,
    );
  }
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ measured, summary, at: when.toISOString() }, null, 2));
  if (writeDoc) {
    const doc = path.join(ROOT, 'docs/benchmarks.md');
    const text = readFileSync(doc, 'utf8');
    const start = text.indexOf(DOC_START);
    const end = text.indexOf(DOC_END);
    if (start < 0 || end < start) throw new Error(`docs/benchmarks.md has no ${DOC_START} ... ${DOC_END} section`);
    const table = docTable(measured, `${when.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    writeFileSync(doc, `${text.slice(0, start + DOC_START.length)}\n${table}\n${text.slice(end)}`);
  }
}

async function main() {
  if (fromJson) {
    const saved = JSON.parse(readFileSync(fromJson, 'utf8')) as Measured[] | { measured: Measured[]; at?: string };
    const measured = Array.isArray(saved) ? saved : saved.measured;
    const at = Array.isArray(saved) || !saved.at ? statSync(fromJson).mtime : new Date(saved.at);
    report(measured, at);
    return;
  }
  ensureBenchTools();
  const { default: lighthouse } = await import('lighthouse');
  buildClient(root);
  const server = await startServer({ LOG_LEVEL: 'warn' }, root, SERVER_PORT);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${CDP_PORT}`],
    headless: true,
    baseURL: server.url,
    locale: 'en-GB',
  });
  const measured: Measured[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // Sign-in pages load their chunks slowly on a busy machine (a 30 s wait timed out there at load 30).
    page.setDefaultTimeout(120_000);
    for (const { who, routes } of plan(root)) {
      const chosen = routes.filter((r) => !only.length || only.includes(r.label)).sort(firstFirst);
      if (!chosen.length) continue;
      await signIn(page, who);
      const ids = await idsFor(page, who);
      for (const { path: pattern, label } of chosen) {
        const route = fillRoute(root, pattern, ids);
        const m: Measured = { route, label, who, samples: [], load: [loadavg(), 0] };
        for (let i = 0; i < runs; i++) {
          const result = await lighthouse(`${server.url}${route}`, {
            port: CDP_PORT,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: true,
          });
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`no Lighthouse result for ${route}`);
          if (dumpDir) writeFileSync(path.join(dumpDir, `${label.replace(/\W+/g, '_')}-${i}.json`), JSON.stringify(lhr));
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
          const final = new URL(lhr.finalDisplayedUrl);
          const landedAt = final.pathname + final.search;
          m.samples.push({
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            fcp: audit('first-contentful-paint'),
            lcp: audit('largest-contentful-paint'),
            tbt: audit('total-blocking-time'),
            cls: audit('cumulative-layout-shift'),
            si: audit('speed-index'),
            landed: landedAt === route ? '' : final.pathname,
          });
        }
        m.load[1] = loadavg();
        measured.push(m);
        // Written after every route, so a run stopped early keeps what it measured.
        if (jsonOut) writeFileSync(jsonOut, JSON.stringify(measured, null, 2));
        const s = m.samples;
        console.log(
          `${label} (${who}): ${median(s.map((x) => x.score))} (${s.map((x) => x.score).join(', ')}), TBT ${Math.round(median(s.map((x) => x.tbt)))} ms, load ${m.load.join('-')}`,
        );
      }
    }

    report(measured, new Date());
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
}

await main();
