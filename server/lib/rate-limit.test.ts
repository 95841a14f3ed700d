import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { auth_throttle, queries } from '../../drizzle/schema';
import { LIMITS } from '../../shared/constants/limits';
import { useTestContext } from '../test/suite';
import { AppError } from './errors';
import { READ_LIMIT, RATE_LIMITS, ReadBuckets, takeRateLimit } from './rate-limit';
import { createCompanyWithUsers } from '../test/factories';
import { restAs } from '../test/rest-client';

// Production allowances (the shared harness raises them for every other test).
const t = useTestContext({ RATE_LIMIT_SCALE: '1' });

const helpQuery = (i: number) => ({ name: 'Ann', email: `ann${i}@example.com`, subject: 'Hi', message: `Question ${i}` });
const trpcBody = (inputs: unknown[]) => Object.fromEntries(inputs.map((json, i) => [String(i), { json }]));
const countQueries = async () => (await t.database.db.select({ id: queries.id }).from(queries)).length;

describe('rate limits on public writes', () => {
  it('lets one address send its allowance of help queries, then answers 429 with Retry-After and writes nothing', async () => {
    const max = RATE_LIMITS.helpQuery.perAddress;
    for (let i = 0; i < max; i++) {
      const res = await request(t.app())
        .post('/trpc/queries.create')
        .send({ json: helpQuery(i) });
      expect(res.status).toBe(200);
    }
    const before = await countQueries();
    const res = await request(t.app())
      .post('/trpc/queries.create')
      .send({ json: helpQuery(999) });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.error.json.data.appCode).toBe('TOO_MANY_REQUESTS');
    expect(await countQueries()).toBe(before);
  });

  it('counts REST and tRPC together and answers 429 with Retry-After on REST too', async () => {
    const max = RATE_LIMITS.resetPassword.perAddress;
    const body = { token: 'not-a-real-token-but-well-formed-enough', username: 'nobody@example.com', password: 'a-new-password-1' };
    let limited = 0;
    for (let i = 0; i < max + 1; i++) {
      const res =
        i % 2 === 0
          ? await request(t.app()).post('/api/auth/reset-password').send(body)
          : await request(t.app()).post('/trpc/auth.resetPassword').send({ json: body });
      if (res.status === 429) {
        limited++;
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(limited).toBe(1);
  });

  it('refuses a tRPC batch above the cap with 400 and runs none of its calls', async () => {
    const before = await countQueries();
    const n = LIMITS.trpcBatchMax + 1;
    const path = Array.from({ length: n }, () => 'common.config').join(',');
    const res = await request(t.app()).get(`/trpc/${path}?batch=1&input=${encodeURIComponent(JSON.stringify(trpcBody(Array(n).fill(undefined))))}`);
    expect(res.status).toBe(400);
    const ok = Array.from({ length: LIMITS.trpcBatchMax }, () => 'common.config').join(',');
    expect(
      (
        await request(t.app()).get(
          `/trpc/${ok}?batch=1&input=${encodeURIComponent(JSON.stringify(trpcBody(Array(LIMITS.trpcBatchMax).fill(undefined))))}`,
        )
      ).status,
    ).toBe(200);
    expect(await countQueries()).toBe(before);
  });
});

describe('per-account limits', () => {
  it('counts each account apart, refuses past the allowance, and opens again in the next window', async () => {
    const db = t.database.db;
    const { perAccount, windowMs } = RATE_LIMITS.chatMessage;
    const now = new Date('2026-11-23T10:00:00Z');
    // Different addresses, so only the account count can refuse.
    for (let i = 0; i < perAccount; i++) await takeRateLimit(db, 'chatMessage', { user_id: 41, ip: `10.0.0.${i}` }, 1, now);
    const refused = await takeRateLimit(db, 'chatMessage', { user_id: 41, ip: '10.0.1.1' }, 1, now).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfterSeconds: windowMs / 1000 });
    await expect(takeRateLimit(db, 'chatMessage', { user_id: 42, ip: '10.0.1.2' }, 1, now)).resolves.toBeUndefined();
    await expect(
      takeRateLimit(db, 'chatMessage', { user_id: 41, ip: '10.0.1.3' }, 1, new Date(now.getTime() + windowMs + 1)),
    ).resolves.toBeUndefined();
    const [row] = await db.select().from(auth_throttle).where(eq(auth_throttle.key, 'rl:chatMessage:user:41'));
    expect(row!.failures).toBe(1);
    expect((await db.select().from(auth_throttle).where(like(auth_throttle.key, 'rl:chatMessage:ip:%'))).length).toBeGreaterThan(perAccount);
  });
});

describe('read limits', () => {
  it('allows a burst of a sixth of the minute’s reads, then one read per refill, and forgets a full bucket', () => {
    const buckets = new ReadBuckets();
    const now = 1_000_000;
    // 60 a minute: bursts of 10, then one a second.
    for (let i = 0; i < 10; i++) expect(buckets.take('a', 60, now)).toBe(0);
    expect(buckets.take('a', 60, now)).toBe(1000);
    expect(buckets.take('b', 60, now)).toBe(0);
    expect(buckets.take('a', 60, now + 1000)).toBe(0);
    expect(buckets.take('a', 60, now + 1000)).toBe(1000);
    buckets.take('c', 60, now + 120_000);
    expect(buckets.size).toBe(1);
  });

  it('limits one account’s reads (tRPC and REST together) with 429 and Retry-After, and not another account’s', async () => {
    const { managerActor, memberActor } = await createCompanyWithUsers(t.deps.db);
    const burst = READ_LIMIT.perMinute * READ_LIMIT.burstShare;
    // Twice the burst at once: refills (10 a second) cannot make up the difference while they run.
    const answers = await Promise.all([
      ...Array.from({ length: burst }, () =>
        t
          .caller(managerActor)
          .notifications.counters()
          .then(
            () => 200,
            (e: { cause?: AppError }) => e.cause?.code,
          ),
      ),
      ...Array.from({ length: burst }, () =>
        restAs(t, managerActor)
          .get('/api/notifications')
          .then((r) => r),
      ),
    ]);
    const rest = answers.slice(burst) as request.Response[];
    const limited = rest.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(burst / 2);
    expect(Number(limited[0]!.headers['retry-after'])).toBe(1);
    expect(answers.slice(0, burst).every((a) => a === 200 || a === 'TOO_MANY_REQUESTS')).toBe(true);
    // A colleague reads on.
    expect((await restAs(t, memberActor).get('/api/notifications')).status).toBe(200);
  });

  it('limits anonymous reads per address', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 250 }, () =>
        request(t.app())
          .get('/trpc/common.config')
          .then((r) => r),
      ),
    );
    const limited = statuses.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited[0]!.body.error.json.data.appCode).toBe('TOO_MANY_REQUESTS');
  });
});
