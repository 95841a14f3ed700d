import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it, vi } from 'vitest';
import { chat_attachments, chat_messages, chats, companies } from '../../../drizzle/schema';
import { demoPhotoPng } from '../../demo/listing-photos';
import { createAdmin, createCompanyWithUsers, createListing } from '../../test/factories';
import { request, restAs } from '../../test/rest-client';
import { onPostgres } from '../../test/postgres';
import { useTestContext } from '../../test/suite';

const t = useTestContext();
const db = () => t.database.db;

const png = `data:image/png;base64,${demoPhotoPng([200, 40, 40]).toString('base64')}`;
const pdf = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64')}`;

async function chatBetween() {
  const provider = await createCompanyWithUsers(db());
  const requester = await createCompanyWithUsers(db());
  const material = await createListing(db(), provider.company.id, { title: 'Pallets' });
  const offer = await t.caller(requester.memberActor).offers.create({ material_id: material.id, quantity: 10, message: 'Hi' });
  const { exchange_id } = await t.caller(provider.memberActor).offers.review({ id: offer.id, decision: 'accept' });
  const exchange = await t.caller(provider.memberActor).exchanges.get({ id: exchange_id! });
  return { provider, requester, exchange_id: exchange_id!, chat_id: exchange.chat_id! };
}

describe('chat', () => {
  it('sends through REST (201), pushes the message to both companies and the unread counter to the other, lists unread counts', async () => {
    const { provider, requester, chat_id } = await chatBetween();
    await t.flush();
    t.sent.length = 0;
    const sent = await restAs(t, requester.memberActor).post(`/api/chats/${chat_id}/messages`).send({ message: 'Can we collect on Monday?' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ chat_id, body: 'Can we collect on Monday?', sender_company_id: requester.company.id, attachments: [] });
    await t.flush();
    const messageTo = t.sent.filter((s) => s.event === 'message').flatMap((s) => s.user_ids);
    expect(new Set(messageTo)).toEqual(new Set([provider.manager.id, provider.member.id, requester.manager.id, requester.member.id]));
    // The live frame names the sender, as the history does.
    expect(t.sent.find((s) => s.event === 'message')!.data).toMatchObject({
      sender_user_id: requester.member.id,
      sender_first_name: requester.member.first_name,
    });
    const unread = t.sent.filter((s) => s.event === 'newMessagesNumber');
    expect(unread.map((s) => s.user_ids[0]).sort()).toEqual([provider.manager.id, provider.member.id].sort());
    expect(unread[0]!.data).toEqual({ count: 1 });

    const list = await restAs(t, provider.memberActor).get('/api/chats');
    expect(list.body.items[0]).toMatchObject({
      id: chat_id,
      other_company: { id: requester.company.id },
      title: 'Pallets',
      last_message: { body: 'Can we collect on Monday?' },
      unread: 1,
      read_only: false,
    });
    // Only the other company's messages count as unread.
    expect((await restAs(t, requester.managerActor).get('/api/chats')).body.items[0].unread).toBe(0);
  });

  it('marks read (PUT seen): read receipts for the other company, the reader counter goes to 0', async () => {
    const { provider, requester, chat_id } = await chatBetween();
    const m = await t.caller(requester.memberActor).chat.send({ id: chat_id, message: 'Ping', attachments: [] });
    await t.flush();
    t.sent.length = 0;
    const seen = await restAs(t, provider.memberActor).put(`/api/chats/${chat_id}/seen`);
    expect(seen.body).toEqual({ chat_id, last_read_message_id: m.id });
    await t.flush();
    const receipt = t.sent.find((s) => s.event === 'messageSeen' && s.user_ids.includes(requester.member.id));
    expect(receipt?.data).toMatchObject({ chat_id, user_id: provider.member.id, company_id: provider.company.id, last_read_message_id: m.id });
    expect(t.sent.find((s) => s.event === 'newMessagesNumber' && s.user_ids[0] === provider.member.id)?.data).toEqual({ count: 0 });
    const view = await restAs(t, requester.memberActor).get(`/api/chats/${chat_id}`);
    expect(view.body.chat.other_last_read_message_id).toBe(m.id);
  });

  it('pages messages backwards, newest last', async () => {
    const { requester, provider, chat_id } = await chatBetween();
    for (let i = 1; i <= 5; i++)
      await t.caller((i % 2 ? requester : provider).memberActor).chat.send({ id: chat_id, message: `m${i}`, attachments: [] });
    const last = await restAs(t, provider.memberActor).get(`/api/chats/${chat_id}?size=2`);
    expect(last.body.items.map((m: { body: string }) => m.body)).toEqual(['m4', 'm5']);
    expect(last.body.has_more).toBe(true);
    const before = await restAs(t, provider.memberActor).get(`/api/chats/${chat_id}?size=2&before=${last.body.items[0].id}`);
    expect(before.body.items.map((m: { body: string }) => m.body)).toEqual(['m2', 'm3']);
    const first = await restAs(t, provider.memberActor).get(`/api/chats/${chat_id}?size=2&before=${before.body.items[0].id}`);
    expect(first.body).toMatchObject({ has_more: false });
    expect(first.body.items.map((m: { body: string }) => m.body)).toEqual(['m1']);
  });

  it('stores attachments checked by content, serves them to both companies and an administrator, 404 to a third company', async () => {
    const { provider, requester, chat_id } = await chatBetween();
    const third = await createCompanyWithUsers(db());
    const { adminActor } = await createAdmin(db());
    const sent = await restAs(t, requester.memberActor)
      .post(`/api/chats/${chat_id}/messages`)
      .send({
        message: 'Photo and the spec',
        attachments: [
          { name: 'pallets.png', body: png },
          { name: 'spec.pdf', body: pdf },
        ],
      });
    expect(sent.status).toBe(201);
    expect(sent.body.attachments.map((a: { name: string; mime_type: string }) => [a.name, a.mime_type])).toEqual([
      ['pallets.png', 'image/png'],
      ['spec.pdf', 'application/pdf'],
    ]);
    const list = await restAs(t, provider.memberActor).get(`/api/chats/${chat_id}/attachments`);
    expect(list.body.items).toHaveLength(2);
    const pdfUrl = sent.body.attachments[1].url as string;
    const token = (actor: typeof adminActor) =>
      actor.kind === 'user' ? t.deps.tokens.signUser({ sub: String(actor.user_id), role: actor.role, company_id: actor.company_id, tv: 0 }, 60) : '';
    for (const reader of [provider.memberActor, requester.managerActor, adminActor]) {
      const res = await request(t.app())
        .get(pdfUrl)
        .set('Authorization', `Bearer ${token(reader)}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?spec\.pdf/);
    }
    expect(
      (
        await request(t.app())
          .get(pdfUrl)
          .set('Authorization', `Bearer ${token(third.memberActor)}`)
      ).status,
    ).toBe(404);
    expect((await request(t.app()).get(pdfUrl)).status).toBe(404);
  });

  it('refuses a disguised file (415) and a message over 250 characters (400), writing nothing', async () => {
    const { requester, chat_id } = await chatBetween();
    const before = (await db().select().from(chat_messages).where(eq(chat_messages.chat_id, chat_id))).length;
    const fake = `data:image/png;base64,${Buffer.from('MZ this is an executable').toString('base64')}`;
    const res = await restAs(t, requester.memberActor)
      .post(`/api/chats/${chat_id}/messages`)
      .send({ message: 'Look', attachments: [{ name: 'a.png', body: fake }] });
    expect(res.status).toBe(415);
    expect(res.body.error.field_codes['attachments.0'].code).toBe('chat.attachmentType');
    const long = await restAs(t, requester.memberActor)
      .post(`/api/chats/${chat_id}/messages`)
      .send({ message: 'x'.repeat(251) });
    expect([long.status, long.body.error.field_codes.message.code]).toEqual([400, 'field.tooLong']);
    expect((await db().select().from(chat_messages).where(eq(chat_messages.chat_id, chat_id))).length).toBe(before);
    expect(await db().select().from(chat_attachments).where(eq(chat_attachments.chat_id, chat_id))).toEqual([]);
  });

  it('turns read-only when the synergy ends: sending answers 409 and writes nothing, history stays', async () => {
    const { provider, requester, chat_id, exchange_id } = await chatBetween();
    await t.caller(requester.memberActor).chat.send({ id: chat_id, message: 'Before the end', attachments: [] });
    await t.caller(provider.memberActor).exchanges.end({ id: exchange_id, level_of_completion: 'COMPLETED', successful: true });
    const res = await restAs(t, requester.memberActor).post(`/api/chats/${chat_id}/messages`).send({ message: 'After the end' });
    expect([res.status, res.body.error.message_code]).toEqual([409, 'chat.readOnly']);
    const view = await restAs(t, requester.memberActor).get(`/api/chats/${chat_id}`);
    expect(view.body.chat.read_only).toBe(true);
    expect(view.body.items.map((m: { body: string }) => m.body)).toEqual(['Before the end']);
  });

  // Two connections at once: real Postgres only (PGlite runs one statement at a time).
  it.skipIf(!onPostgres)('a message racing the end of the synergy waits for it, then answers 409 and leaves nothing behind', async () => {
    const { requester, chat_id, exchange_id } = await chatBetween();
    const lastActivity = async () => (await db().select({ at: chats.last_message_at }).from(chats).where(eq(chats.id, chat_id)))[0]!.at;
    const before = await lastActivity();
    const ending = postgres(t.database.url!, { max: 1, onnotice: () => {} });
    const watcher = postgres(t.database.url!, { max: 1, onnotice: () => {} });
    try {
      let sending: Promise<unknown> = Promise.resolve();
      await ending.begin(async (sql) => {
        // The synergy's end holds its row; the message's share lock waits behind it, its insert queued after.
        await sql`select 1 from exchanges where id = ${exchange_id} for update`;
        sending = t.caller(requester.memberActor).chat.send({ id: chat_id, message: 'Just in time?', attachments: [] });
        sending.catch(() => {});
        await vi.waitFor(
          async () => {
            const [row] = await watcher`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock' and query like '%exchanges%'`;
            expect(row!.n).toBe(1);
          },
          { timeout: 10_000, interval: 20 },
        );
        await sql`update exchanges set level_of_completion = 'COMPLETED' where id = ${exchange_id}`;
      });
      expect(
        await sending.then(
          () => null,
          (err: unknown) => err,
        ),
      ).toMatchObject({ code: 'CONFLICT' });
    } finally {
      await ending.end();
      await watcher.end();
    }
    expect(await db().select().from(chat_messages).where(eq(chat_messages.chat_id, chat_id))).toEqual([]);
    expect(await lastActivity()).toEqual(before);
  });

  it("carries the other company's logo URL in the list and the chat (null without one)", async () => {
    const { provider, requester, chat_id } = await chatBetween();
    const key = 'logos/2026/01/0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9.png';
    await db().update(companies).set({ image_key: key }).where(eq(companies.id, requester.company.id));
    const list = await t.caller(provider.memberActor).chat.list({ page: 0, size: 20 });
    expect(list.items.find((c) => c.id === chat_id)!.other_company).toEqual({
      id: requester.company.id,
      name: requester.company.name,
      image_url: `/files/${key}`,
    });
    const view = await t.caller(provider.memberActor).chat.get({ id: chat_id, size: 30 });
    expect(view.chat.other_company.image_url).toBe(`/files/${key}`);
    expect((await t.caller(requester.memberActor).chat.get({ id: chat_id, size: 30 })).chat.other_company.image_url).toBeNull();
  });
});
