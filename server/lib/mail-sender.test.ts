// Outbox delivery with nodemailer's jsonTransport (builds the message, opens no connection) and hand-made
// failing transports; never a network connection.
import { eq, inArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mail_outbox } from '../../drizzle/schema';
import type { Database } from '../db/client';
import { JOBS, runJobOnce, startScheduler } from '../jobs/scheduler';
import { createTestDatabase } from '../test/db';
import { createLogger } from './logger';
import { enqueueMail } from './mail';
import { createMailTransport, deliverQueuedMail, describeMailError, mailDeliveryJob, MAX_MAIL_ATTEMPTS, type MailTransport } from './mail-sender';

const FROM = 'Synergy Marketplace <no-reply@example.com>';
let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

async function queue(to = 'ana@example.com'): Promise<number> {
  const { id } = await enqueueMail(database.db, {
    to,
    template: 'registration_received',
    language: 'en',
    data: { first_name: 'Ana', company_name: 'Acme' },
  });
  return id;
}
const row = async (id: number) => (await database.db.select().from(mail_outbox).where(eq(mail_outbox.id, id)))[0]!;

/** jsonTransport that records what it was asked to send. */
function recordingTransport(delayMs = 0) {
  const json = nodemailer.createTransport({ jsonTransport: true });
  const sent: { to: string; subject: string; text: string }[] = [];
  const transport: MailTransport = {
    async sendMail(mail) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      const info = await json.sendMail(mail);
      const message = JSON.parse(info.message as unknown as string) as { to: { address: string }[]; subject: string; text: string };
      sent.push({ to: message.to[0]!.address, subject: message.subject, text: message.text });
      return info;
    },
  };
  return { transport, sent };
}

const failing: MailTransport = {
  async sendMail() {
    throw new Error('Connection refused by smtp://mailer:s3cret@mail.example.com:587 ' + 'x'.repeat(2_000));
  },
};

describe('deliverQueuedMail', () => {
  it('sends a queued mail and marks it sent with sent_at', async () => {
    const id = await queue();
    const { transport, sent } = recordingTransport();
    expect(await deliverQueuedMail({ db: database.db, transport, from: FROM })).toEqual({ sent: 1, failed: 0 });
    expect(sent).toEqual([{ to: 'ana@example.com', subject: 'We have received your registration', text: expect.stringContaining('Hello Ana') }]);
    const after = await row(id);
    expect(after).toMatchObject({ status: 'sent', attempts: 0, last_error: null });
    expect(after.sent_at).toBeInstanceOf(Date);
    // Nothing left to send.
    expect(await deliverQueuedMail({ db: database.db, transport, from: FROM })).toEqual({ sent: 0, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it('sends at most `batch` mails a run, oldest first', async () => {
    const ids = [await queue('a@example.com'), await queue('b@example.com'), await queue('c@example.com')];
    const { transport, sent } = recordingTransport();
    expect(await deliverQueuedMail({ db: database.db, transport, from: FROM, batch: 2 })).toEqual({ sent: 2, failed: 0 });
    expect(sent.map((m) => m.to)).toEqual(['a@example.com', 'b@example.com']);
    expect((await row(ids[2]!)).status).toBe('queued');
  });

  it('counts a failed attempt, keeps the error without credentials, and gives up after 5 attempts', async () => {
    const id = await queue();
    expect(await deliverQueuedMail({ db: database.db, transport: failing, from: FROM })).toEqual({ sent: 0, failed: 1 });
    const first = await row(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, sent_at: null });
    expect(first.last_error).toContain('Connection refused by smtp://[redacted]@mail.example.com');
    expect(first.last_error).not.toContain('s3cret');
    expect(first.last_error!.length).toBeLessThanOrEqual(500);

    for (let i = 2; i <= MAX_MAIL_ATTEMPTS; i++) await deliverQueuedMail({ db: database.db, transport: failing, from: FROM });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
    // A failed mail is not tried again, even by a working transport.
    const { transport, sent } = recordingTransport();
    expect(await deliverQueuedMail({ db: database.db, transport, from: FROM })).toEqual({ sent: 0, failed: 0 });
    expect(sent).toHaveLength(0);
  });

  it('one failing mail does not stop the others', async () => {
    const bad = await queue('bad@example.com');
    const good = await queue('good@example.com');
    const { transport: ok, sent } = recordingTransport();
    const transport: MailTransport = { sendMail: (mail) => (mail.to === 'bad@example.com' ? failing.sendMail(mail) : ok.sendMail(mail)) };
    expect(await deliverQueuedMail({ db: database.db, transport, from: FROM })).toEqual({ sent: 1, failed: 1 });
    expect(sent.map((m) => m.to)).toEqual(['good@example.com']);
    expect((await row(bad)).status).toBe('queued');
    expect((await row(good)).status).toBe('sent');
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'two instances delivering at once send each mail once (real Postgres; PGlite has a single connection, so nothing runs concurrently)',
    async () => {
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) ids.push(await queue(`u${i}@example.com`));
      const { transport, sent } = recordingTransport(15);
      const results = await Promise.all([
        deliverQueuedMail({ db: database.db, transport, from: FROM, batch: 20 }),
        deliverQueuedMail({ db: database.db, transport, from: FROM, batch: 20 }),
      ]);
      expect(results.map((r) => r.sent).sort((a, b) => a - b)).toEqual([10, 20]);
      expect(sent).toHaveLength(30);
      expect(new Set(sent.map((m) => m.to)).size).toBe(30);
      const rows = await database.db.select({ status: mail_outbox.status }).from(mail_outbox).where(inArray(mail_outbox.id, ids));
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
    },
  );
});

describe('the delivery job', () => {
  it('runs from the scheduler under its lock and stops cleanly', async () => {
    const id = await queue();
    const { transport, sent } = recordingTransport();
    const job = mailDeliveryJob({ transport, from: FROM });
    expect(job.everyHours * 3_600_000).toBe(60_000);
    expect(await runJobOnce(database.db, job)).toEqual({ job: 'deliver-mail', ran: true, result: { sent: 1, failed: 0 } });
    expect((await row(id)).status).toBe('sent');

    const again = await queue('bo@example.com');
    const scheduler = startScheduler({ db: database.db, logger: createLogger('silent'), jobs: [job] });
    expect(await scheduler.started).toEqual([expect.objectContaining({ job: 'deliver-mail', ran: true })]);
    await scheduler.stop();
    expect((await row(again)).status).toBe('sent');
    expect(sent).toHaveLength(2);
  });
});

describe('without SMTP_URL', () => {
  it('has no transport, and the default jobs leave the outbox queued', async () => {
    expect(createMailTransport({ SMTP_URL: undefined })).toBeNull();
    expect(JOBS.map((j) => j.name)).not.toContain('deliver-mail');
    const id = await queue();
    for (const job of JOBS) await runJobOnce(database.db, job);
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0, sent_at: null });
  });

  it('with SMTP_URL builds an SMTP transport without connecting', () => {
    const transport = createMailTransport({ SMTP_URL: 'smtps://user:pw@mail.invalid:465' });
    expect(transport).not.toBeNull();
    expect(transport!.transporter.name).toBe('SMTP');
    transport!.close();
  });
});

describe('describeMailError', () => {
  it('drops credentials and AUTH lines and truncates', () => {
    expect(describeMailError(new Error('Invalid login: AUTH PLAIN dXNlcjpwdw== rejected'))).toBe('Invalid login: AUTH [redacted] rejected');
    expect(describeMailError('x'.repeat(600))).toHaveLength(500);
    expect(describeMailError(new Error(''))).toBe('unknown error');
  });
});
