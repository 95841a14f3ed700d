// In-process read caches kept current by Postgres NOTIFY (docs/decisions/0155-read-caches.md).
//
// Triggers (migration 0017) announce every committed change to the rows a cache holds, on one channel, as tags:
// `u:<user ids>`, `c:<company ids>`, `m:<listing ids>` or `*` (everything). Each instance listens and drops the
// entries carrying those tags, so a change made on any instance reaches every instance's caches within a NOTIFY
// round trip. Three guards keep a cache from serving what the database no longer says:
// - a read that overlapped any invalidation is returned but not kept (the epoch check in `get`);
// - while the listener is not (yet) listening nothing is kept, and every (re)listen clears everything, since
//   notifications sent while the connection was down are lost;
// - every entry expires after its TTL anyway, a backstop for a listener that stopped hearing without noticing.
// A request that follows a write on the same instance must see the write: mutations end with `sync()` (a NOTIFY
// to ourselves; Postgres delivers notifications in commit order, so when ours arrives every invalidation
// committed before it has been applied). PGlite delivers notifications before the query resolves: no wait.
// Inside a mutation (`inWriteScope`) caches are read through, never from: what it read back after its own write
// (an edited listing's detail) must be what it wrote, before its own notification has come back.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { PubSub } from '../db/client';
import { createBarriers } from '../db/notify';
import type { Logger } from './logger';

export const CACHE_CHANNEL = 'cache_invalidate';
/** A `sync()` that hears nothing back in this time gives up, clearing every cache instead (the safe side). */
const SYNC_TIMEOUT_MS = 2000;
/** A cluster-wide `syncAll()` that has not heard from every instance in this time answers anyway (logged). */
const SYNC_ALL_TIMEOUT_MS = 2000;

/** What a mutation did that decides how it syncs before answering. */
export interface WriteScope {
  /** It ended sessions: every instance must refuse them before it answers (`syncAll`). */
  sessionsEnded: boolean;
}
const writeScope = new AsyncLocalStorage<WriteScope>();

/** Runs `fn` (a mutation) with the caches bypassed for its reads; `scope` collects what it did. */
export function inWriteScope<T>(fn: () => Promise<T>, scope: WriteScope = { sessionsEnded: false }): Promise<T> {
  return writeScope.run(scope, fn);
}

/** Called when the running mutation ends sessions (the `sessions.revoked` event). */
export function markSessionsEnded(): void {
  const scope = writeScope.getStore();
  if (scope) scope.sessionsEnded = true;
}

export interface CacheOptions {
  /** Entries older than this are read again from the database. */
  ttlMs: number;
  /** At most this many entries; the oldest go first. */
  max: number;
}

export interface Loaded<V> {
  value: V;
  /** What the value was read from (`u:12`, `c:5`, `m:77`): a change to any of them drops the entry. */
  tags: string[];
}

export interface ReadCache<V> {
  /** The cached value for `key`, or `load()`'s (kept when it is not null and no invalidation overlapped it). */
  get(key: string, load: () => Promise<Loaded<V> | null>): Promise<V | null>;
  readonly size: number;
}

export interface CacheBus {
  /** A new cache on this bus. */
  cache<V>(name: string, opts: CacheOptions): ReadCache<V>;
  /** Starts listening (entries are kept only from the first listen on). */
  start(): Promise<void>;
  /** Resolves once every invalidation committed before the call has been applied on this instance. */
  sync(): Promise<void>;
  /**
   * Resolves once every invalidation committed before the call has been applied on every instance listening on
   * the database (each answers the barrier after applying what came before it); false if one did not answer in
   * time (it is stalled or gone: logged).
   */
  syncAll(): Promise<boolean>;
  /** Drops entries here, at once (tests; a payload as the triggers send it). */
  apply(payload: string): void;
  stop(): Promise<void>;
  readonly listening: boolean;
}

interface Entry<V> {
  value: V;
  tags: string[];
  expires: number;
}

class TaggedCache<V> implements ReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byTag = new Map<string, Set<string>>();
  constructor(
    private readonly bus: { epoch: number; listening: boolean },
    private readonly opts: CacheOptions,
  ) {}

  get size() {
    return this.entries.size;
  }

  async get(key: string, load: () => Promise<Loaded<V> | null>): Promise<V | null> {
    if (writeScope.getStore()) return (await load())?.value ?? null;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit) this.delete(key);
    const epoch = this.bus.epoch;
    const loaded = await load();
    if (!loaded) return null;
    if (this.bus.listening && this.bus.epoch === epoch) this.set(key, loaded, now);
    return loaded.value;
  }

  private set(key: string, loaded: Loaded<V>, now: number) {
    this.delete(key);
    if (this.entries.size >= this.opts.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    this.entries.set(key, { value: loaded.value, tags: loaded.tags, expires: now + this.opts.ttlMs });
    for (const tag of loaded.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private delete(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    for (const tag of e.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  drop(tag: string) {
    const keys = this.byTag.get(tag);
    if (keys) for (const key of [...keys]) this.delete(key);
  }

  clear() {
    this.entries.clear();
    this.byTag.clear();
  }
}

/**
 * Tags from a trigger's payload: `m:1,2,3` → m:1, m:2, m:3; `*` → everything. Unknown shapes clear everything
 * (never keep what might be stale).
 */
export function parseInvalidation(payload: string): { all: true } | { all: false; tags: string[] } {
  if (payload === '*') return { all: true };
  const m = /^([a-z]):(\d+(?:,\d+)*)$/.exec(payload);
  if (!m) return { all: true };
  return { all: false, tags: m[2]!.split(',').map((id) => `${m[1]}:${id}`) };
}

export function createCacheBus(opts: {
  pubsub: PubSub;
  logger: Logger;
  kind: 'postgres' | 'pglite';
  /** This instance's listener name and how to list every listening instance's (server/db/client.ts). */
  instance?: { name: string; listeners: () => Promise<string[]> };
}): CacheBus {
  const caches: TaggedCache<unknown>[] = [];
  const state = { epoch: 0, listening: false };
  const barriers = createBarriers();
  /** Cluster barriers this instance waits on: the instances that have not answered yet. */
  const awaited = new Map<string, { missing: Set<string>; done: () => void }>();
  let unsubscribe: (() => Promise<void>) | null = null;

  const clearAll = () => {
    state.epoch++;
    for (const c of caches) c.clear();
  };
  const apply = (payload: string) => {
    if (payload.startsWith('b:')) {
      barriers.heard(payload.slice(2));
      return;
    }
    // A cluster barrier: everything committed before it has been applied here (notifications arrive in commit
    // order), so answer it.
    if (payload.startsWith('a:')) {
      if (opts.instance) opts.pubsub.publish(CACHE_CHANNEL, `k:${payload.slice(2)}:${opts.instance.name}`).catch(() => {});
      return;
    }
    if (payload.startsWith('k:')) {
      const [token, name] = [payload.slice(2, payload.indexOf(':', 2)), payload.slice(payload.indexOf(':', 2) + 1)];
      const w = awaited.get(token);
      if (w && w.missing.delete(name) && w.missing.size === 0) w.done();
      return;
    }
    const parsed = parseInvalidation(payload);
    state.epoch++;
    if (parsed.all) return clearAll();
    for (const tag of parsed.tags) for (const c of caches) c.drop(tag);
  };

  return {
    get listening() {
      return state.listening;
    },
    cache<V>(_name: string, cacheOpts: CacheOptions): ReadCache<V> {
      const c = new TaggedCache<V>(state, cacheOpts);
      caches.push(c as TaggedCache<unknown>);
      return c;
    },
    async start() {
      if (unsubscribe) return;
      unsubscribe = await opts.pubsub.subscribe(CACHE_CHANNEL, apply, () => {
        // First listen, or again after a reconnect: what was said meanwhile is lost, so start from nothing.
        clearAll();
        state.listening = true;
      });
    },
    async sync() {
      if (opts.kind === 'pglite' || !state.listening) return;
      try {
        if (!(await barriers.pass((token) => opts.pubsub.publish(CACHE_CHANNEL, `b:${token}`), SYNC_TIMEOUT_MS))) {
          opts.logger.warn('cache sync heard nothing back: caches cleared');
          clearAll();
        }
      } catch (err) {
        // The write it follows has committed: never fail it over this; forget everything instead.
        opts.logger.warn({ err }, 'cache sync failed: caches cleared');
        clearAll();
      }
    },
    async syncAll() {
      if (opts.kind === 'pglite' || !opts.instance || !state.listening) {
        await this.sync();
        return true;
      }
      const token = randomBytes(8).toString('hex');
      const missing = new Set(await opts.instance.listeners());
      missing.add(opts.instance.name);
      let timer: NodeJS.Timeout | undefined;
      const answered = new Promise<boolean>((resolve) => {
        awaited.set(token, { missing, done: () => resolve(true) });
        timer = setTimeout(() => resolve(false), SYNC_ALL_TIMEOUT_MS);
      });
      try {
        await opts.pubsub.publish(CACHE_CHANNEL, `a:${token}`);
        const all = await answered;
        if (!all) opts.logger.warn({ missing: [...missing] }, 'cluster cache sync: instances did not answer in time');
        return all;
      } finally {
        clearTimeout(timer);
        awaited.delete(token);
      }
    },
    apply,
    async stop() {
      state.listening = false;
      clearAll();
      const u = unsubscribe;
      unsubscribe = null;
      if (u) await u();
    },
  };
}
