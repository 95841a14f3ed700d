// New-listing digests of bulk uploads (docs/decisions/0151): one notification (and mail) per follower per upload,
// sent after the upload's commit from a durable record, never twice, and not lost when no instance sent it at once.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { bearerOf, request } from '../../test/rest-client';
import { describe, expect, it } from 'vitest';
import { company_material_groups, jobs, listing_digests, mail_outbox, notifications, users } from '../../../drizzle/schema';
import { CSV_COLUMNS } from '../../../shared/schemas/materials';
import { jobHandlers } from '../../jobs';
import { startQueue } from '../../jobs/queue';
import type { Actor } from '../../lib/actor';
import { renderMessage } from '../../lib/i18n';
import { createAdmin, createCompanyWithUsers } from '../../test/factories';
import type { TestContext } from '../../test/harness';
import { useTestContext } from '../../test/suite';
import { digestLink, LISTING_DIGEST_JOB, sendListingDigests } from './digests';

const HEADER = CSV_COLUMNS.join(',');
const row = (title: string, code = '') => [title, 'Used EUR pallets', 'surplus', code, 'monthly', '10', 'Used', 'Wood', 'Reuse', '12'].join(',');
const csv = (rows: string[]) => `${HEADER}\n${rows.join('\n')}\n`;

async function world(t: TestContext) {
  const db = t.database.db;
  // Two material groups that have leaf codes, and one code of each.
  const picked = (await db.execute(sql`
    select distinct on (f.material_group_id) f.material_group_id as group_id, t.code
    from third_level_subcategories t
    join second_level_subcategories s on s.id = t.second_level_subcategory_id
    join first_level_subcategories f on f.id = s.first_level_subcategory_id
    where t.code is not null
    order by f.material_group_id, t.id
    limit 2`)) as unknown;
  const [a, b] = (Array.isArray(picked) ? picked : (picked as { rows: unknown[] }).rows) as { group_id: number; code: string }[];
  const seller = await createCompanyWithUsers(db);
  const asked = await t.caller(seller.managerActor).materials.requestBulkAccess();
  const { adminActor } = await createAdmin(db);
  await t.caller(adminActor).materials.admin.reviewBulkAccess({ id: asked.id, decision: 'grant' });
  const both = await createCompanyWithUsers(db); // follows both groups
  const one = await createCompanyWithUsers(db); // follows group a only
  const quiet = await createCompanyWithUsers(db); // follows a, new-listing mail off
  const other = await createCompanyWithUsers(db); // follows nothing
  const follow = (companyId: number, groupId: number) => ({ company_id: companyId, material_group_id: groupId, relation: 'interested' as const });
  await db
    .insert(company_material_groups)
    .values([
      follow(seller.company.id, a!.group_id),
      follow(both.company.id, a!.group_id),
      follow(both.company.id, b!.group_id),
      follow(one.company.id, a!.group_id),
      follow(quiet.company.id, a!.group_id),
    ]);
  await db.update(users).set({ email_notifications_new_listings: false }).where(eq(users.company_id, quiet.company.id));
  await db.update(users).set({ language: 'dk' }).where(eq(users.id, both.member.id));
  return { a: a!, b: b!, seller, both, one, quiet, other };
}

function upload(t: TestContext, actor: Actor, body: string) {
  if (actor.kind !== 'user') throw new Error('user actor expected');
  return request(t.app())
    .post('/api/v2/materials/bulk-upload')
    .set('Authorization', bearerOf(t, { id: actor.user_id, role: actor.role, company_id: actor.company_id }))
    .attach('file', Buffer.from(body), 'listings.csv');
}

const digestRows = (t: TestContext, userIds: number[]) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(inArray(notifications.user_id, userIds), eq(notifications.code, 'notification.newListingsDigest')));

describe('bulk-upload digests, sent right after commit', () => {
  const t = useTestContext();

  it('gives each follower one notification for the whole upload, mails those who keep new-listing mail on, and pushes it', async () => {
    const w = await world(t);
    t.sent.length = 0;
    const res = await upload(
      t,
      w.seller.memberActor,
      csv([row('A1', w.a.code), row('A2', w.a.code), row('A3', w.a.code), row('B1', w.b.code), row('B2', w.b.code), row('None')]),
    );
    expect(res.status).toBe(201);
    await t.flush();

    const followers = [w.both, w.one, w.quiet].flatMap((c) => [c.manager.id, c.member.id]);
    const everyone = [...followers, w.other.manager.id, w.other.member.id, w.seller.manager.id, w.seller.member.id];
    const rows = await digestRows(t, everyone);
    // One each, to followers only (not the uploader's own company, which follows a group too).
    expect(rows.map((r) => r.user_id).sort()).toEqual([...followers].sort());
    const of = (userId: number) => rows.find((r) => r.user_id === userId)!;
    const company = w.seller.company.name;
    expect(of(w.both.member.id)).toMatchObject({
      type: 'new_materials',
      params: { count: 5, company },
      link: digestLink(w.seller.company.id, [w.a.group_id, w.b.group_id]),
    });
    expect(of(w.one.manager.id)).toMatchObject({ params: { count: 3, company }, link: digestLink(w.seller.company.id, [w.a.group_id]) });
    expect(of(w.one.manager.id).link).toBe(`/database?group=${w.a.group_id}&proximity=any&sort=newest&company=${w.seller.company.id}`);
    // Nobody got the per-listing notification of the editor.
    const perListing = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(inArray(notifications.user_id, everyone), eq(notifications.code, 'notification.newListing')));
    expect(perListing).toEqual([]);

    const mails = await t.database.db.select().from(mail_outbox).where(eq(mail_outbox.template, 'listing_digest'));
    const to = (email: string) => mails.filter((m) => m.to_address === email);
    for (const u of [w.both.manager, w.both.member, w.one.manager, w.one.member]) expect(to(u.email)).toHaveLength(1);
    for (const u of [w.quiet.manager, w.quiet.member, w.other.member, w.seller.member]) expect(to(u.email)).toHaveLength(0);
    const summaryDk = renderMessage('dk', { code: 'notification.newListingsDigest', params: { count: 5, company } });
    expect(summaryDk).not.toBe(renderMessage('en', { code: 'notification.newListingsDigest', params: { count: 5, company } }));
    expect(to(w.both.member.email)[0]).toMatchObject({ language: 'dk', subject: `Synergy Marketplace: ${summaryDk}` });
    expect(to(w.one.member.email)[0]!.text_body).toContain(`http://localhost:${t.env.PORT}${digestLink(w.seller.company.id, [w.a.group_id])}`);

    const pushed = t.sent.filter((s) => s.event === 'newNotification');
    expect(pushed.map((s) => s.user_ids[0]).sort()).toEqual([...followers].sort());
    expect(pushed.find((s) => s.user_ids[0] === w.one.member.id)!.data).toMatchObject({
      code: 'notification.newListingsDigest',
      message: `New listings in groups you follow: 3 from ${company}`,
    });

    const [digest] = await t.database.db.select().from(listing_digests).where(eq(listing_digests.company_id, w.seller.company.id));
    expect(digest!.sent_at).not.toBeNull();
    expect(digest!.recipients).toBe(followers.length);
    expect(digest!.material_ids).toHaveLength(5);
  });

  it('records nothing for a refused upload', async () => {
    const w = await world(t);
    const res = await upload(t, w.seller.memberActor, csv([row('A1', w.a.code), row('', w.a.code)]));
    expect(res.status).toBe(422);
    await t.flush();
    expect(await t.database.db.select().from(listing_digests).where(eq(listing_digests.company_id, w.seller.company.id))).toEqual([]);
  });
});

describe('bulk-upload digests while no instance runs jobs (all stopped, or died after the commit)', () => {
  const t = useTestContext({}, { queue: false });

  it('keeps the record and its job, and a worker started later sends it once', async () => {
    const w = await world(t);
    const res = await upload(t, w.seller.memberActor, csv([row('A1', w.a.code), row('B1', w.b.code)]));
    expect(res.status).toBe(201);
    await t.flush();
    const followers = [w.both, w.one, w.quiet].flatMap((c) => [c.manager.id, c.member.id]);
    expect(await digestRows(t, followers)).toEqual([]);
    const [pending] = await t.database.db.select().from(listing_digests).where(eq(listing_digests.company_id, w.seller.company.id));
    expect(pending!.sent_at).toBeNull();

    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.type, LISTING_DIGEST_JOB.type));
    expect(job).toMatchObject({ status: 'queued', payload: { digest_id: pending!.id } });

    const queue = await startQueue({
      db: t.database.db,
      pubsub: t.database.pubsub,
      logger: t.deps.logger,
      handlers: jobHandlers({ env: t.env, transport: null }),
      pollMs: 60_000,
    });
    await queue.drain();
    await queue.stop();
    const [sent] = await t.database.db.select().from(listing_digests).where(eq(listing_digests.id, pending!.id));
    expect(sent).toMatchObject({ recipients: followers.length, sent_at: expect.any(Date) });
    expect((await t.database.db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]).toMatchObject({ status: 'succeeded' });
    const rows = await digestRows(t, followers);
    expect(rows.map((r) => r.user_id).sort()).toEqual([...followers].sort());
    expect(rows.find((r) => r.user_id === w.both.manager.id)!.params).toMatchObject({ count: 2 });
  });

  it('sends a digest once when two senders claim it at the same time', async () => {
    const w = await world(t);
    const res = await upload(t, w.seller.memberActor, csv([row('A1', w.a.code)]));
    expect(res.status).toBe(201);
    const url = (path: string) => `http://example.test${path}`;
    const [first, second] = await Promise.all([
      t.database.db.transaction((tx) => sendListingDigests(tx, url)),
      t.database.db.transaction((tx) => sendListingDigests(tx, url)),
    ]);
    expect(first.digests + second.digests).toBe(1);
    const followers = [w.both, w.one, w.quiet].flatMap((c) => [c.manager.id, c.member.id]);
    expect((await digestRows(t, followers)).map((r) => r.user_id).sort()).toEqual([...followers].sort());
  });
});
