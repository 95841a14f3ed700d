import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { desc, eq, sql } from 'drizzle-orm';
import { bearerOf, request } from '../../test/rest-client';
import { describe, expect, it } from 'vitest';
import { notifications, users } from '../../../drizzle/schema';
import type { Role } from '../../../shared/constants/enums';
import { createCompanyWithUsers } from '../../test/factories';
import { useTestContext } from '../../test/suite';
import { startNotificationPublisher } from './publisher';
import * as repo from './repo';
import type { ClientFrame } from '../../../shared/ws-events';
import { answerClientRequest, notify, publishCompanyCounters } from './service';
import { onPostgres } from '../../test/postgres';

const t = useTestContext();

const bearer = (user: { id: number; role: Role; company_id: number | null }) => bearerOf(t, user);

async function raise(userId: number, n: number, text = 'hello') {
  return t.database.db.transaction(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++)
      ids.push(
        ...(await notify(tx, {
          user_ids: [userId],
          type: 'offers',
          code: 'notification.text',
          params: { text: `${text} ${i}` },
          link: '/pending-offers',
        })),
      );
    return ids;
  });
}

describe('notify', () => {
  it('writes the rows in the caller transaction and pushes each with the unseen counter only after commit', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    await t.flush();
    t.sent.length = 0;
    let duringTx = -1;
    await t.database.db.transaction(async (tx) => {
      await notify(tx, {
        user_ids: [member.id],
        type: 'synergies',
        code: 'notification.newListing',
        params: { group: 'Wood', title: 'Oak' },
        link: '/synergies',
      });
      // On Postgres a flush from another connection proves nothing was queued for delivery yet; PGlite has
      // one connection, busy with this transaction, so there the test can only wait a moment.
      if (t.database.kind === 'postgres') await t.flush();
      else await new Promise((r) => setTimeout(r, 200));
      duringTx = t.sent.length;
    });
    await t.flush();
    expect(duringTx).toBe(0);
    expect(t.sent.map((s) => [s.user_ids[0], s.event])).toEqual([
      [member.id, 'newNotification'],
      [member.id, 'notificationsUnseen'],
    ]);
    expect(t.sent[0]!.data).toMatchObject({
      code: 'notification.newListing',
      params: { group: 'Wood', title: 'Oak' },
      message: 'New listing in Wood: “Oak”',
      type: 'synergies',
      seen: false,
    });
    expect(t.sent[1]!.data).toEqual({ count: 1 });
  });

  it('leaves no row and pushes nothing when the transaction rolls back', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    await t.flush();
    t.sent.length = 0;
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, { user_ids: [member.id], type: 'offers', code: 'notification.text', params: { text: 'never' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.flush();
    expect(t.sent).toEqual([]);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.user_id, member.id))).toEqual([]);
  });

  it.skipIf(!onPostgres)('keeps a notification committed by a server that crashed before pushing it (real Postgres, two processes)', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const script = path.resolve(import.meta.dirname, '../../test/fixtures/notify-then-crash.ts');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', script, t.database.url!, String(member.id)], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
    });
    const err = await run.then(
      () => null,
      (e: { signal?: string; stdout?: string }) => e,
    );
    expect(err?.signal).toBe('SIGKILL');
    const id = Number(err!.stdout!.trim());
    // A client that reconnects refetches: the notification is there.
    const list = await t
      .caller({ kind: 'user', user_id: member.id, role: 'MEMBER', company_id: member.company_id })
      .notifications.list({ page: 0, size: 8 });
    expect(list.items.map((n) => n.id)).toEqual([id]);
    expect(list.items[0]).toMatchObject({ message: 'committed, then the server died', seen: false });
  });
});

describe('notifications REST', () => {
  it('lists the caller own notifications newest first in pages of 8 with the SPEC page shape', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const other = await createCompanyWithUsers(t.database.db);
    await raise(member.id, 10);
    await raise(other.member.id, 1, 'not yours');
    const res = await request(t.app()).get('/api/notifications').set('Authorization', bearer(member));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 10, totalPages: 2, currentPage: 0 });
    expect(res.body.items).toHaveLength(8);
    expect(res.body.items[0]).toMatchObject({
      message: 'hello 9',
      code: 'notification.text',
      params: { text: 'hello 9' },
      type: 'offers',
      seen: false,
      link: '/pending-offers',
    });
    const second = await request(t.app()).get('/api/notifications?page=1&size=8').set('Authorization', bearer(member));
    expect(second.body.items.map((n: { message: string }) => n.message)).toEqual(['hello 1', 'hello 0']);
  });

  it('gives every page, from the newer and the older half alike, as a slice of one newest-first list', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    // Written in one transaction: equal created_at, told apart by id; a few older ones with their own times.
    await raise(member.id, 18);
    await t.database.db.execute(sql`update notifications set created_at = created_at - interval '1 day' where user_id = ${member.id} and id % 4 = 0`);
    await raise((await createCompanyWithUsers(t.database.db)).member.id, 5, 'not yours');
    const all = (
      await t.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.user_id, member.id))
        .orderBy(desc(notifications.created_at), desc(notifications.id))
    ).map((r) => r.id);
    expect(all).toHaveLength(18);
    for (const size of [1, 4, 7, 8]) {
      for (let page = 0; page * size <= all.length + size; page++) {
        const { rows, total } = await repo.page(t.database.db, member.id, page, size);
        expect(
          rows.map((r) => r.id),
          `size ${size}, page ${page}`,
        ).toEqual(all.slice(page * size, page * size + size));
        expect(total).toBe(page * size < all.length ? 18 : null);
      }
    }
  });

  it('counts unseen, marks read and unread again, ignores ids that are not the caller own', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const other = await createCompanyWithUsers(t.database.db);
    const mine = await raise(member.id, 3);
    const theirs = await raise(other.member.id, 1);
    const app = t.app();
    expect((await request(app).get('/api/notifications/unseen').set('Authorization', bearer(member))).body).toEqual({ unseen: 3 });

    const read = await request(app)
      .put('/api/notifications/read')
      .set('Authorization', bearer(member))
      .send({ notifications: [mine[0], mine[1], theirs[0]] });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ updated: [mine[0], mine[1]], unseen: 1 });
    expect((await request(app).get('/api/notifications/unseen').set('Authorization', bearer(other.member))).body).toEqual({ unseen: 1 });

    const unread = await request(app)
      .put('/api/notifications/read')
      .set('Authorization', bearer(member))
      .send({ notifications: [mine[0]], seen: false });
    expect(unread.body).toEqual({ updated: [mine[0]], unseen: 2 });
  });

  it('deletes the caller own notification and answers 404 for another user one, changing nothing', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const other = await createCompanyWithUsers(t.database.db);
    const [mine] = await raise(member.id, 1);
    const [theirs] = await raise(other.member.id, 1);
    const app = t.app();
    const gone = await request(app).delete(`/api/notifications/${mine}`).set('Authorization', bearer(member));
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ success: true, id: mine, unseen: 0 });
    const refused = await request(app).delete(`/api/notifications/${theirs}`).set('Authorization', bearer(member));
    expect(refused.status).toBe(404);
    expect(refused.body.error).toMatchObject({ code: 'NOT_FOUND', message_code: 'error.NOT_FOUND' });
    expect(await t.database.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.id, theirs!))).toHaveLength(1);
  });

  it('refuses bad input with field codes and writes nothing', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const res = await request(t.app()).put('/api/notifications/read').set('Authorization', bearer(member)).send({ notifications: [] });
    expect(res.status).toBe(400);
    expect(res.body.error.field_codes).toEqual({ notifications: { code: 'field.required' } });
    expect((await request(t.app()).get('/api/notifications')).status).toBe(401);
  });
});

describe('counters of a whole company (after a chat message)', () => {
  it('go to every connected user, in slices that let a message arriving meanwhile go out first', async () => {
    const { company } = await createCompanyWithUsers(t.database.db);
    await t.database.db.insert(users).values(
      Array.from({ length: 248 }, (_, i) => ({
        email: `slice-${company.id}-${i}@example.com`,
        username: `slice-${company.id}-${i}@example.com`,
        first_name: 'Slice',
        role: 'MEMBER' as const,
        company_id: company.id,
        password_hash: 'x',
      })),
    );
    const ids = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.company_id, company.id))).map((u) => u.id);
    const seen: (number | 'message')[] = [];
    const publisher = await startNotificationPublisher({
      db: t.database.db,
      pubsub: t.database.pubsub,
      delivery: {
        connected: (userIds) => [...userIds],
        connectedInCompanies: (companyIds) => ([...companyIds].includes(company.id) ? ids : []),
        deliverLocal: (user_id) => {
          // Something that arrives while the counters go out (the hub sends a message's frames at once).
          if (seen.length === 0) setImmediate(() => seen.push('message'));
          seen.push(user_id);
        },
      },
      logger: t.deps.logger,
    });
    try {
      await t.database.db.transaction((tx) => publishCompanyCounters(tx, [company.id]));
      await publisher.flush();
    } finally {
      await publisher.close();
    }
    expect(seen.filter((s) => s !== 'message').sort()).toEqual([...ids].sort());
    expect(seen.indexOf('message')).toBeGreaterThan(0);
    expect(seen.indexOf('message')).toBeLessThan(ids.length);
  });
});

describe('client requests on the socket (SPEC §7 emitted events)', () => {
  const ask = async (user_id: number, frame: ClientFrame) => {
    const replies: { event: string; data: unknown }[] = [];
    await answerClientRequest(t.deps, user_id, frame, (event, data) => replies.push({ event, data }));
    return replies;
  };

  it('answers listNotifications with a page of the notifications, newest first, and the unseen counter', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    await raise(member.id, 10, 'listed');
    const replies = await ask(member.id, { event: 'listNotifications', data: {} });
    expect(replies.map((r) => r.event)).toEqual(['listNotifications', 'notificationsUnseen']);
    const page = replies[0]!.data as { items: { message: string }[]; total: number; totalPages: number; currentPage: number };
    expect(page).toMatchObject({ total: 10, totalPages: 2, currentPage: 0 });
    expect(page.items.map((n) => n.message)).toEqual([
      'listed 9',
      'listed 8',
      'listed 7',
      'listed 6',
      'listed 5',
      'listed 4',
      'listed 3',
      'listed 2',
    ]);
    expect(replies[1]!.data).toEqual({ count: 10 });

    const second = await ask(member.id, { event: 'listNotifications', data: { page: 1 } });
    expect((second[0]!.data as { items: { message: string }[] }).items.map((n) => n.message)).toEqual(['listed 1', 'listed 0']);
  });

  it('answers newMessagesNumber with the unread-message and pending-offer counters', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    expect(await ask(member.id, { event: 'newMessagesNumber', data: {} })).toEqual([
      { event: 'newMessagesNumber', data: { count: 0 } },
      { event: 'pendingOffersNumber', data: { count: 0 } },
    ]);
  });
});
