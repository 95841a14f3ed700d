// NOTIFY from a transaction heard here first (server/db/notify.ts): this process's subscribers hear the
// payloads of its own transaction right after the commit, once (the copy Postgres brings back is dropped);
// another instance hears them from Postgres, once; a rollback or a failed NOTIFY tells nobody anything.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import { openPostgres, type Database } from './client';
import { NOTIFY_PAYLOAD_MAX_BYTES, notifyInTx } from './notify';
import { testPostgresUrl } from '../test/postgres';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table notify_probe (id int primary key)`);
});
afterAll(() => database.close());

/** Subscribes to a channel of its own; `settle()` waits until a sentinel published after everything so far is heard. */
async function listenOn(db: Database, channel: string) {
  const heard: string[] = [];
  const waiting = new Map<string, () => void>();
  const unsubscribe = await db.pubsub.subscribe(channel, (payload) => {
    if (payload.startsWith('sentinel-')) waiting.get(payload)?.();
    else heard.push(payload);
  });
  const settle = async (via: Database = db) => {
    const sentinel = `sentinel-${randomUUID()}`;
    const arrived = new Promise<void>((resolve) => waiting.set(sentinel, resolve));
    await via.pubsub.publish(channel, sentinel);
    await arrived;
  };
  return { channel, heard, settle, unsubscribe };
}

const channel = () => `notify_test_${randomUUID().replaceAll('-', '')}`;
/** What a channel of its own hears from `run` (which is given the channel), once everything so far has arrived. */
async function heardFrom(run: (channel: string) => Promise<unknown>): Promise<string[]> {
  const here = await listenOn(database, channel());
  try {
    await run(here.channel);
    await here.settle();
    return here.heard;
  } finally {
    await here.unsubscribe();
  }
}

const probeIds = async () => (await database.db.execute(sql`select id from notify_probe order by id`)) as unknown;
const rows = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows);

describe('notifyInTx', () => {
  it('reaches this process at the commit, in order, and once: the copy Postgres brings back is dropped', async () => {
    const ch = channel();
    const here = await listenOn(database, ch);
    let heardInside: string[] = [];
    await database.db.transaction(async (tx) => {
      await notifyInTx(tx, ch, '{"n":1}');
      await notifyInTx(tx, ch, '{"n":2}');
      // (PGlite has one connection, which this transaction holds: no sentinel can pass until it ends.)
      await new Promise((resolve) => setTimeout(resolve, 50));
      heardInside = [...here.heard];
    });
    // Delivered as the transaction's promise settles, before anything else gets a turn.
    expect(here.heard).toEqual(['{"n":1}', '{"n":2}']);
    expect(heardInside).toEqual([]);
    await here.settle();
    expect(here.heard).toEqual(['{"n":1}', '{"n":2}']);
    await here.unsubscribe();
  });

  it('tells nobody about a transaction that rolls back', async () => {
    const heard = await heardFrom((ch) =>
      expect(
        database.db.transaction(async (tx) => {
          await notifyInTx(tx, ch, '{"n":1}');
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind'),
    );
    expect(heard).toEqual([]);
  });

  it('rolls the transaction back when its NOTIFY fails, and tells nobody', async () => {
    const heard = await heardFrom(async (ch) => {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into notify_probe (id) values (1)`);
          // Past Postgres's limit once the origin mark is added.
          await notifyInTx(tx, ch, 'x'.repeat(NOTIFY_PAYLOAD_MAX_BYTES + 1));
        }),
      ).rejects.toThrow();
      expect(rows(await probeIds())).toEqual([]);
    });
    expect(heard).toEqual([]);
  });

  it('takes a payload of the documented maximum', async () => {
    const payload = 'é'.repeat(Math.floor(NOTIFY_PAYLOAD_MAX_BYTES / 2)) + 'x';
    expect(Buffer.byteLength(payload)).toBe(NOTIFY_PAYLOAD_MAX_BYTES);
    expect(await heardFrom((ch) => database.db.transaction((tx) => notifyInTx(tx, ch, payload)))).toEqual([payload]);
  });

  it('from a savepoint, is heard here once, from Postgres after the commit', async () => {
    const heard = await heardFrom((ch) =>
      database.db.transaction(async (tx) => {
        await tx.transaction((savepoint) => notifyInTx(savepoint, ch, '{"n":"savepoint"}'));
      }),
    );
    expect(heard).toEqual(['{"n":"savepoint"}']);
  });
});

describe.skipIf(!testPostgresUrl)('notifyInTx across instances (real Postgres)', () => {
  it("reaches another instance's subscribers once, unmarked, and this instance's once", async () => {
    const other = await openPostgres(database.url!, { max: 2 });
    try {
      const ch = channel();
      const here = await listenOn(database, ch);
      const there = await listenOn(other, ch);
      await database.db.transaction((tx) => notifyInTx(tx, ch, '{"e":"message"}'));
      await other.db.transaction((tx) => notifyInTx(tx, ch, '{"e":"reply"}'));
      // A sentinel sent after both commits reaches each side after them (one LISTEN connection, commit order).
      await here.settle(other);
      await there.settle(database);
      expect(here.heard).toEqual(['{"e":"message"}', '{"e":"reply"}']);
      // Its own 'reply' reached the other instance at its commit, possibly before 'message' came in from Postgres.
      expect([...there.heard].sort()).toEqual(['{"e":"message"}', '{"e":"reply"}']);
      await here.unsubscribe();
      await there.unsubscribe();
    } finally {
      await other.close();
    }
  });
});
