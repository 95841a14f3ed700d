// The queue's rules as pure functions (no I/O), so they are tested on their own: what happens to a job after
// an attempt, how long it waits before the next, and which period a recurring job is in.

/** What a job type says about its retries and its attempts. */
export interface RetryPolicy {
  /**
   * The wait before each retry, in ms: after the n-th failed attempt the job waits `backoff[n - 1]`, and the last
   * entry again once the list runs out. Webhooks, for instance: 5 s, 5 min, 30 min, 2 h, 8 h, 8 h...
   */
  backoff: readonly number[];
  /** Attempts in all (the first one included); after the last one fails the job is `failed` for good. */
  maxAttempts: number;
}

export type AttemptOutcome = { status: 'succeeded' } | { status: 'queued'; delayMs: number } | { status: 'failed' };

/**
 * Where a job goes after attempt number `attempt` (1 for the first): done, back in the queue after its backoff,
 * or failed for good when it was the last attempt or the error says trying again cannot help.
 */
export function afterAttempt(policy: RetryPolicy, attempt: number, result: 'ok' | 'error' | 'permanent'): AttemptOutcome {
  if (result === 'ok') return { status: 'succeeded' };
  if (result === 'permanent' || attempt >= policy.maxAttempts) return { status: 'failed' };
  return { status: 'queued', delayMs: retryDelay(policy.backoff, attempt) };
}

/** The wait after the `attempt`-th failure (1-based); the last entry repeats. */
export function retryDelay(backoff: readonly number[], attempt: number): number {
  if (!backoff.length) return 0;
  return backoff[Math.min(Math.max(attempt, 1), backoff.length) - 1]!;
}

/**
 * An exponential schedule as a list: `first`, then each wait `factor` times the one before, capped at `max`,
 * `steps` entries long. exponentialBackoff({ first: 60_000, factor: 4, max: 3_600_000, steps: 4 }) is
 * 1 min, 4 min, 16 min, 1 h.
 */
export function exponentialBackoff(opts: { first: number; factor: number; max: number; steps: number }): number[] {
  const out: number[] = [];
  let wait = opts.first;
  for (let i = 0; i < opts.steps; i++) {
    out.push(Math.min(wait, opts.max));
    wait *= opts.factor;
  }
  return out;
}

/** How many attempts fit in `windowMs` with this schedule: the first, then one after each wait while the waits add up to at most the window. */
export function attemptsWithin(backoff: readonly number[], windowMs: number): number {
  let attempts = 1;
  let elapsed = 0;
  for (;;) {
    const wait = retryDelay(backoff, attempts);
    if (wait <= 0 || elapsed + wait > windowMs) return attempts;
    elapsed += wait;
    attempts++;
  }
}

/** The start (Unix ms) of the fixed period that contains `now`: periods are counted in UTC from the Unix epoch. */
export function periodStart(now: number, periodMs: number): number {
  return Math.floor(now / periodMs) * periodMs;
}

/** How often an instance looks whether a recurring job's period has begun: twice a period, at most every 30 s. */
export function checkEveryMs(periodMs: number): number {
  return Math.min(30_000, Math.max(50, periodMs / 2));
}
