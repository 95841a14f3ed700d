// Lighthouse mobile performance of the first-load pages (issue 17): builds the client, starts the real server on
// a fresh demo database (e2e/harness.ts), signs in through the login form in Debian Chromium so the session is
// in the profile's localStorage, then runs Lighthouse (default mobile config: Moto G Power emulation, simulated
// slow 4G) against /landing, /login, /database and /material/{id}, each `--runs` times, and prints the median.
//   node --import tsx scripts/bench/lighthouse.ts [--runs 3] [--no-build] [--root <checkout>] [--json out.json]
//     [--dump <dir>] (each run's full report)
// `--root` serves another checkout (its own build and server), e.g. a worktree of an older commit for a
// before/after pair. Targets: >= 95 on /landing, >= 90 on /database and /material/{id}.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, DEMO_PASSWORD, ROOT, login, startServer } from '../../e2e/harness';
import { arg } from './common';

const runs = Number(arg('runs', '3'));
const root = path.resolve(arg('root', ROOT));
const jsonOut = arg('json', '');
/** A directory for each run's full Lighthouse report (lhr JSON), to see what costs the time. */
const dumpDir = arg('dump', '');
const PORT = 9300 + (process.pid % 500);

interface Sample {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (built.status !== 0) throw new Error('client build failed');
  }
  const server = await startServer({ LOG_LEVEL: 'warn' }, root);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT}`],
    headless: true,
    baseURL: server.url,
    locale: 'en-GB',
  });
  try {
    // A signed-in company user (remember me: the session is in localStorage, which Lighthouse keeps).
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await page.getByLabel(/Remember me/i).check();
    await login(page, 'member@example.com', DEMO_PASSWORD);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto('/database');
    const href = await page.locator('a[href^="/material/"]').first().getAttribute('href');
    if (!href) throw new Error('no listing on /database to measure /material/{id} with');
    const signedOut = ['/landing', '/login'];
    const signedIn = ['/database', href];

    const results: Record<string, Sample[]> = {};
    const measure = async (route: string) => {
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(`${server.url}${route}`, {
          port: PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: true,
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${route}`);
        if (dumpDir) writeFileSync(path.join(dumpDir, `${route.replace(/\W+/g, '_')}-${i}.json`), JSON.stringify(lhr));
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        (results[route] ??= []).push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          si: audit('speed-index'),
        });
      }
    };
    for (const route of signedIn) await measure(route);
    // Signed out for the public pages: the login page of a signed-in user forwards to the dashboard.
    await page.evaluate(() => localStorage.clear());
    for (const route of signedOut) await measure(route);

    console.log(`\nLighthouse ${runs} run(s) per page, median; mobile, simulated throttling; ${root}`);
    console.log('| page | performance | FCP | LCP | TBT | CLS | Speed Index |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    const summary: Record<string, Sample> = {};
    for (const route of [...signedOut, ...signedIn]) {
      const samples = results[route]!;
      const m: Sample = {
        score: median(samples.map((s) => s.score)),
        fcp: median(samples.map((s) => s.fcp)),
        lcp: median(samples.map((s) => s.lcp)),
        tbt: median(samples.map((s) => s.tbt)),
        cls: median(samples.map((s) => s.cls)),
        si: median(samples.map((s) => s.si)),
      };
      summary[route.startsWith('/material/') ? '/material/{id}' : route] = m;
      const label = route.startsWith('/material/') ? '/material/{id}' : route;
      console.log(
        `| ${label} | ${m.score} (${samples.map((s) => s.score).join(', ')}) | ${(m.fcp / 1000).toFixed(1)} s | ${(m.lcp / 1000).toFixed(1)} s | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${(m.si / 1000).toFixed(1)} s |`,
      );
    }
    if (jsonOut) writeFileSync(jsonOut, JSON.stringify(summary, null, 2));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
}

await main();
