// Jobs run once per period across instances: several schedulers on one database stand in for instances
// (the three-process version is in server/cluster.test.ts).
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createLogger } from '../lib/logger';
import { createMetrics } from '../lib/metrics';
import { createTestDatabase } from '../test/db';
import { periodStart, runJobOnce, startScheduler, type Job } from './scheduler';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

let nextLock = 727_100_000;
const job = (name: string, run: Job['run'] = async () => 'ok'): Job => ({ name, lockKey: nextLock++, everyHours: 24, run });

describe('periodStart', () => {
  it('cuts wall-clock time into fixed UTC windows', () => {
    const day = 86_400_000;
    expect(periodStart(Date.UTC(2026, 0, 2, 23, 59), day)).toBe(Date.UTC(2026, 0, 2));
    expect(periodStart(Date.UTC(2026, 0, 3, 0, 0), day)).toBe(Date.UTC(2026, 0, 3));
    expect(periodStart(Date.UTC(2026, 0, 3, 0, 0, 59), 60_000)).toBe(Date.UTC(2026, 0, 3, 0, 0));
  });
});

describe('runJobOnce with a period', () => {
  it('runs a period once, never again for it or an earlier one, and again for the next', async () => {
    let runs = 0;
    const j = job('claim-test', async () => ++runs);
    const day = Date.UTC(2026, 4, 1);
    expect(await runJobOnce(database.db, j, { period: day })).toMatchObject({ ran: true });
    expect(await runJobOnce(database.db, j, { period: day })).toEqual({ job: 'claim-test', ran: false, reason: 'done' });
    expect(await runJobOnce(database.db, j, { period: day - 86_400_000 })).toMatchObject({ reason: 'done' });
    expect(await runJobOnce(database.db, j, { period: day + 86_400_000 })).toMatchObject({ ran: true });
    expect(runs).toBe(2);
    // A run without a period (by hand) is not held back by the claim.
    expect(await runJobOnce(database.db, j)).toMatchObject({ ran: true });
  });

  it('gives the period back when the job fails, so the next check retries it', async () => {
    let fail = true;
    const metrics = createMetrics();
    const j = job('failing-test', async () => {
      if (fail) throw new Error('smtp down');
      return 'sent';
    });
    const period = Date.UTC(2026, 4, 1);
    expect(await runJobOnce(database.db, j, { period, metrics })).toMatchObject({ ran: false, reason: 'failed' });
    fail = false;
    expect(await runJobOnce(database.db, j, { period, metrics })).toMatchObject({ ran: true, result: 'sent' });
    const runs = await metrics.registry.getSingleMetric('synergy_job_runs_total')!.get();
    expect(runs.values.map((v) => [v.labels.outcome, v.value]).sort()).toEqual([
      ['failed', 1],
      ['ran', 1],
    ]);
  });
});

describe('several schedulers on one database (instances)', () => {
  it('run each period of a job exactly once between them', async () => {
    const lines: { msg: string; job?: string; period?: string; instance?: string }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = createLogger('info', sink);
    const metrics = [createMetrics(), createMetrics(), createMetrics()];
    const shared = job('cluster-test');
    const periodSeconds = 0.4;
    const started = Date.now();
    const schedulers = metrics.map((m, i) =>
      startScheduler({ db: database.db, logger, jobs: [shared], periods: { 'cluster-test': periodSeconds }, metrics: m, instance: `i${i}` }),
    );
    await Promise.all(schedulers.map((s) => s.started));
    await new Promise((r) => setTimeout(r, 3_000));
    await Promise.all(schedulers.map((s) => s.stop()));
    const elapsedPeriods = (Date.now() - started) / (periodSeconds * 1000);

    const runs = lines.filter((l) => l.msg === 'job ran' && l.job === 'cluster-test');
    const periods = runs.map((r) => r.period!);
    expect(new Set(periods).size).toBe(periods.length);
    // Every period passed ran (give or take the first and the last, cut by start and stop).
    expect(periods.length).toBeGreaterThanOrEqual(Math.floor(elapsedPeriods) - 2);
    const ms = periods.map((p) => Date.parse(p)).sort((a, b) => a - b);
    for (let i = 1; i < ms.length; i++) expect(ms[i]! - ms[i - 1]!).toBe(periodSeconds * 1000);
    // The others did look, and found the period done: the claim, not luck, kept it to one run.
    let done = 0;
    for (const m of metrics) {
      const values = (await m.registry.getSingleMetric('synergy_job_runs_total')!.get()).values;
      done += values.filter((v) => v.labels.outcome === 'done' || v.labels.outcome === 'locked').reduce((a, v) => a + v.value, 0);
    }
    expect(done).toBeGreaterThan(periods.length);
  });

  it('refuses a JOB_SCHEDULE entry that names no job', () => {
    expect(() => startScheduler({ db: database.db, logger: createLogger('silent'), jobs: [job('real')], periods: { typo: 60 } })).toThrow(
      /JOB_SCHEDULE names no such job: typo/,
    );
  });
});
