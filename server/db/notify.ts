// NOTIFY from a transaction, heard here first (docs/decisions/0152). Postgres hands a NOTIFY sent in a
// transaction to every listening session once the transaction commits, this process's own LISTEN connection
// included: one more round trip, and a wait behind whatever that connection is reading, before this
// instance's sockets hear about a change made here. So a transaction opened through `Database.db` keeps the
// payloads it notifies, and right after its COMMIT succeeds they go straight to this process's subscribers, in
// the order they were notified. Other instances hear them from Postgres as before; the copy Postgres brings
// back here carries this process's origin mark and is dropped, so no subscriber hears a payload twice. A
// transaction that rolls back notifies nobody, here or elsewhere.
//
// The NOTIFY statements of such a transaction are sent together when its work is done, just before its COMMIT:
// one round trip for all of them instead of one each. A NOTIFY that fails rolls the transaction back.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, PubSub, Tx } from './client';

/** LISTEN and NOTIFY as the engine offers them (postgres-js or PGlite). */
export interface NotifyEngine {
  notify(channel: string, payload: string): Promise<void>;
  /** `onListen` runs once listening, and again after every reconnect (what was sent meanwhile is lost). */
  listen(channel: string, onMessage: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
}

/** Postgres refuses NOTIFY payloads of 8000 bytes or more. */
const POSTGRES_MAX_PAYLOAD_BYTES = 7999;
/** `@` + the 8-character origin + a space, in front of a payload notified from a tracked transaction. */
const ORIGIN_MARK_BYTES = 10;
/** The largest payload a caller may hand to `notifyInTx` (or `PubSub.publish`). */
export const NOTIFY_PAYLOAD_MAX_BYTES = POSTGRES_MAX_PAYLOAD_BYTES - ORIGIN_MARK_BYTES;

interface OpenTransaction {
  queued: [channel: string, payload: string][];
}
const openTransactions = new WeakMap<Tx, OpenTransaction>();

const notifyStatement = (channel: string, payload: string) => sql`select pg_notify(${channel}, ${payload})`;

/**
 * NOTIFY `payload` on `channel` from the transaction: every instance's subscribers hear it once, after the
 * commit, never after a rollback. In a transaction opened by `Database.db.transaction` it is queued, sent with
 * the COMMIT, and this process's own subscribers hear it straight after the commit, without waiting for Postgres
 * to send it back; in any other (a savepoint, a transaction of another client) or outside a transaction it is sent
 * at once and they hear it from Postgres like the other instances.
 */
export async function notifyInTx(tx: DbOrTx, channel: string, payload: string): Promise<void> {
  const open = openTransactions.get(tx as Tx);
  if (open) open.queued.push([channel, payload]);
  else await tx.execute(notifyStatement(channel, payload));
}

/**
 * The database's PubSub, with `db.transaction` wrapped so that what its transactions notify reaches this
 * process's subscribers right after the commit. Called once by each Database opener.
 */
export function localFirstPubSub(engine: NotifyEngine, db: Db): PubSub {
  const origin = randomBytes(6).toString('base64url');
  const mark = `@${origin} `;
  const local = new Map<string, Set<(payload: string) => void>>();

  const deliverHere = (channel: string, payload: string) => {
    for (const onMessage of [...(local.get(channel) ?? [])]) {
      try {
        onMessage(payload);
      } catch (err) {
        // The transaction has committed: a subscriber's failure must not turn the caller's success into an error.
        process.emitWarning(err instanceof Error ? err : new Error(String(err)), { code: 'SYNERGY_NOTIFY_SUBSCRIBER' });
      }
    }
  };

  const begin = db.transaction.bind(db);
  const transaction: Db['transaction'] = async (fn, config) => {
    const open: OpenTransaction = { queued: [] };
    const result = await begin(async (tx) => {
      openTransactions.set(tx, open);
      const value = await fn(tx);
      // Pipelined: sent in one write, run in this order on the transaction's connection.
      await Promise.all(open.queued.map(([channel, payload]) => tx.execute(notifyStatement(channel, mark + payload))));
      return value;
    }, config);
    for (const [channel, payload] of open.queued) deliverHere(channel, payload);
    return result;
  };
  db.transaction = transaction;

  return {
    publish: (channel, payload) => engine.notify(channel, payload),
    async subscribe(channel, onMessage, onListen) {
      const here = local.get(channel) ?? new Set();
      local.set(channel, here);
      here.add(onMessage);
      try {
        const unlisten = await engine.listen(
          channel,
          (payload) => {
            if (payload.startsWith('@')) {
              // Our own transaction's payload was delivered here at its commit already.
              if (payload.startsWith(mark)) return;
              payload = payload.slice(payload.indexOf(' ') + 1);
            }
            onMessage(payload);
          },
          onListen,
        );
        return async () => {
          here.delete(onMessage);
          await unlisten();
        };
      } catch (err) {
        here.delete(onMessage);
        throw err;
      }
    },
  };
}

/**
 * Barriers over a channel this process listens to: `pass(send)` sends a fresh token through the channel (as
 * the channel's payloads are written) and resolves once the listener calls `heard(token)`. Postgres delivers
 * notifications in commit order, so everything committed before the call has been heard by then. With a
 * timeout, it resolves false if nothing comes back in time. Used by the cache bus, the notification publisher
 * (their `sync()` / `flush()`).
 */
export function createBarriers() {
  const waiting = new Map<string, () => void>();
  return {
    heard(token: string): void {
      waiting.get(token)?.();
    },
    async pass(send: (token: string) => Promise<void>, timeoutMs?: number): Promise<boolean> {
      const token = randomBytes(8).toString('hex');
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        waiting.set(token, () => resolve(true));
        if (timeoutMs !== undefined) timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        await send(token);
        return await heard;
      } finally {
        clearTimeout(timer);
        waiting.delete(token);
      }
    },
  };
}
