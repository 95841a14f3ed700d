import { describe, expect, it, vi } from 'vitest';
import type { PubSub } from '../db/client';
import { CACHE_CHANNEL, createCacheBus, inWriteScope, parseInvalidation } from './cache';
import { createLogger } from './logger';

/** A PubSub in memory: publish delivers to the listener at once, or never (`deaf`), or fails (`broken`). */
function fakePubSub() {
  let onMessage: ((p: string) => void) | null = null;
  let onListen: (() => void) | undefined;
  const ps = {
    deaf: false,
    broken: false,
    published: [] as string[],
    pubsub: {
      async publish(channel: string, payload: string) {
        if (ps.broken) throw new Error('connection lost');
        ps.published.push(payload);
        if (!ps.deaf && channel === CACHE_CHANNEL) queueMicrotask(() => onMessage?.(payload));
      },
      async subscribe(_channel: string, fn: (p: string) => void, listen?: () => void) {
        onMessage = fn;
        onListen = listen;
        listen?.();
        return async () => {
          onMessage = null;
        };
      },
    } satisfies PubSub,
    /** The listener's connection came back: what was sent meanwhile is lost. */
    reconnect: () => onListen?.(),
    notify: (payload: string) => onMessage?.(payload),
  };
  return ps;
}

const logger = createLogger('silent');
const loader = (value: string, tags: string[]) => vi.fn(async () => ({ value, tags }));

/** A cache bus on a fake PubSub, already listening. */
async function listeningBus(kind: 'postgres' | 'pglite' = 'postgres') {
  const ps = fakePubSub();
  const bus = createCacheBus({ pubsub: ps.pubsub, logger, kind });
  await bus.start();
  return { ps, bus };
}

describe('parseInvalidation', () => {
  it('reads a trigger payload into tags, and anything else as "everything"', () => {
    expect(parseInvalidation('m:1,22,333')).toEqual({ all: false, tags: ['m:1', 'm:22', 'm:333'] });
    expect(parseInvalidation('u:7')).toEqual({ all: false, tags: ['u:7'] });
    expect(parseInvalidation('*')).toEqual({ all: true });
    expect(parseInvalidation('m:')).toEqual({ all: true });
    expect(parseInvalidation('garbage')).toEqual({ all: true });
  });
});

describe('read cache', () => {
  it('keeps nothing until the bus listens, then serves the kept value', async () => {
    const ps = fakePubSub();
    const bus = createCacheBus({ pubsub: ps.pubsub, logger, kind: 'postgres' });
    const cache = bus.cache<string>('t', { ttlMs: 60_000, max: 10 });
    const load = loader('v1', ['u:1']);
    await cache.get('k', load);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
    await bus.start();
    await cache.get('k', load);
    expect(await cache.get('k', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('drops the entries a notification names, and only those', async () => {
    const { ps, bus } = await listeningBus();
    const cache = bus.cache<string>('t', { ttlMs: 60_000, max: 10 });
    await cache.get('a', loader('a', ['u:1', 'c:5']));
    await cache.get('b', loader('b', ['u:2', 'c:6']));
    ps.notify('c:5,9');
    const reloadA = loader('a2', ['u:1', 'c:5']);
    const reloadB = loader('b2', ['u:2', 'c:6']);
    expect(await cache.get('a', reloadA)).toBe('a2');
    expect(await cache.get('b', reloadB)).toBe('b');
    expect(reloadB).not.toHaveBeenCalled();
    ps.notify('*');
    expect(await cache.get('b', reloadB)).toBe('b2');
  });

  it('does not keep a value read while an invalidation arrived (it may predate the change)', async () => {
    const { ps, bus } = await listeningBus();
    const cache = bus.cache<string>('t', { ttlMs: 60_000, max: 10 });
    const first = await cache.get('k', async () => {
      ps.notify('u:99'); // any change, committed while this read was in flight
      return { value: 'old', tags: ['u:1'] };
    });
    expect(first).toBe('old');
    expect(await cache.get('k', loader('new', ['u:1']))).toBe('new');
  });

  it('forgets everything when the listener reconnects', async () => {
    const { ps, bus } = await listeningBus();
    const cache = bus.cache<string>('t', { ttlMs: 60_000, max: 10 });
    await cache.get('k', loader('v1', ['u:1']));
    ps.reconnect();
    expect(await cache.get('k', loader('v2', ['u:1']))).toBe('v2');
  });

  it('reads again after the TTL and holds at most `max` entries, the oldest leaving first', async () => {
    vi.useFakeTimers();
    try {
      const { bus } = await listeningBus();
      const cache = bus.cache<string>('t', { ttlMs: 1000, max: 2 });
      await cache.get('a', loader('a', []));
      vi.advanceTimersByTime(1001);
      expect(await cache.get('a', loader('a2', []))).toBe('a2');
      await cache.get('b', loader('b', []));
      await cache.get('c', loader('c', []));
      expect(cache.size).toBe(2);
      expect(await cache.get('a', loader('a3', []))).toBe('a3');
      expect(await cache.get('c', loader('c2', []))).toBe('c');
    } finally {
      vi.useRealTimers();
    }
  });

  it('inside a write scope, reads from the database and keeps nothing', async () => {
    const { bus } = await listeningBus();
    const cache = bus.cache<string>('t', { ttlMs: 60_000, max: 10 });
    await cache.get('k', loader('before', ['m:1']));
    expect(await inWriteScope(() => cache.get('k', loader('written', ['m:1'])))).toBe('written');
    expect(await inWriteScope(() => cache.get('j', loader('j', ['m:2'])))).toBe('j');
    expect(cache.size).toBe(1);
    expect(await cache.get('k', loader('unused', ['m:1']))).toBe('before');
  });

  it('does not keep a null (not found is read every time)', async () => {
    const { bus } = await listeningBus();
    const cache = bus.cache<string>('t', { ttlMs: 60_000, max: 10 });
    const none = vi.fn(async () => null);
    expect(await cache.get('k', none)).toBeNull();
    expect(await cache.get('k', none)).toBeNull();
    expect(none).toHaveBeenCalledTimes(2);
  });
});

describe('sync', () => {
  it('resolves when its own notification comes back through the listener', async () => {
    const { ps, bus } = await listeningBus();
    await bus.sync();
    expect(ps.published).toHaveLength(1);
    expect(ps.published[0]).toMatch(/^b:[0-9a-f]{16}$/);
  });

  it('clears every cache when nothing comes back, or the notification cannot be sent (never failing the write it follows)', async () => {
    vi.useFakeTimers();
    try {
      const { ps, bus } = await listeningBus();
      const cache = bus.cache<string>('t', { ttlMs: 60_000, max: 10 });
      await cache.get('k', loader('v1', []));
      ps.deaf = true;
      const done = bus.sync();
      await vi.advanceTimersByTimeAsync(2001);
      await done;
      expect(await cache.get('k', loader('v2', []))).toBe('v2');
      ps.broken = true;
      await expect(bus.sync()).resolves.toBeUndefined();
      expect(await cache.get('k', loader('v3', []))).toBe('v3');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends nothing on PGlite, which delivers notifications before a query resolves', async () => {
    const { ps, bus } = await listeningBus('pglite');
    await bus.sync();
    expect(ps.published).toHaveLength(0);
  });
});
