// Outbox delivery through the job queue, with nodemailer's jsonTransport (builds the message, opens no
// connection) and hand-made failing transports; never a network connection.
import { eq, inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mail_outbox } from '../../drizzle/schema';
import { openPostgres, type Database } from '../db/client';
import { jobHandlers } from '../jobs';
import { describeError, startQueue, type Queue } from '../jobs/queue';
import { createTestDatabase } from '../test/db';
import { dueNow } from '../test/jobs';
import { createLogger } from './logger';
import { enqueueMail, MAIL_JOB, MAX_MAIL_ATTEMPTS } from './mail';
import { createMailTransport, mailHandler, type MailTransport } from './mail-sender';
import { onPostgres } from '../test/postgres';

const FROM = 'Synergy Marketplace <no-reply@example.com>';
let database: Database;
const started: { queue: Queue; own?: Database }[] = [];
// One database for the file (a copy costs about 1.5 s on the embedded database); each test starts from an empty
// outbox and no mail jobs.
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
afterEach(async () => {
  for (const s of started.splice(0)) {
    await s.queue.stop();
    await s.own?.close();
  }
  await database.db.delete(jobs).where(eq(jobs.type, MAIL_JOB.type));
  await database.db.delete(mail_outbox).where(sql`true`);
});

/** A mail worker, as an instance with SMTP_URL runs it; `own` gives it a connection pool of its own (Postgres). */
async function worker(transport: MailTransport, own?: Database): Promise<Queue> {
  const db = own ?? database;
  const queue = await startQueue({
    db: db.db,
    pubsub: db.pubsub,
    logger: createLogger('silent'),
    handlers: [mailHandler({ transport, from: FROM })],
    pollMs: 60_000,
    concurrency: 4,
  });
  started.push({ queue, own });
  return queue;
}

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

describe('the mail job', () => {
  it('sends a queued mail and marks it sent with sent_at', async () => {
    const id = await queue();
    const { transport, sent } = recordingTransport();
    const w = await worker(transport);
    await w.drain();
    expect(sent).toEqual([{ to: 'ana@example.com', subject: 'We have received your registration', text: expect.stringContaining('Hello Ana') }]);
    const after = await row(id);
    expect(after).toMatchObject({ status: 'sent', attempts: 0, last_error: null });
    expect(after.sent_at).toBeInstanceOf(Date);
    // Nothing left to send.
    await w.drain();
    expect(sent).toHaveLength(1);
  });

  it('does nothing when its mail was sent already (a retry after the server accepted it)', async () => {
    const id = await queue();
    await database.db.update(mail_outbox).set({ status: 'sent' }).where(eq(mail_outbox.id, id));
    const { transport, sent } = recordingTransport();
    await (await worker(transport)).drain();
    expect(sent).toEqual([]);
    const [job] = await database.db.select().from(jobs).where(eq(jobs.type, MAIL_JOB.type));
    expect(job).toMatchObject({ status: 'succeeded' });
  });

  it('counts a failed attempt, keeps the error without credentials, and gives up after 5 attempts', async () => {
    const id = await queue();
    const w = await worker(failing);
    await w.drain();
    const first = await row(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, sent_at: null });
    expect(first.last_error).toContain('Connection refused by smtp://[redacted]@mail.example.com');
    expect(first.last_error).not.toContain('s3cret');
    expect(first.last_error!.length).toBeLessThanOrEqual(500);

    for (let i = 2; i <= MAX_MAIL_ATTEMPTS; i++) {
      await dueNow(database.db);
      await w.drain();
    }
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
    const [job] = await database.db.select().from(jobs).where(eq(jobs.type, MAIL_JOB.type));
    expect(job).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS, last_error: first.last_error });
    // A failed mail is not tried again, even by a working transport.
    const { transport, sent } = recordingTransport();
    await dueNow(database.db);
    await (await worker(transport)).drain();
    expect(sent).toHaveLength(0);
  });

  it('one failing mail does not stop the others', async () => {
    const bad = await queue('bad@example.com');
    const good = await queue('good@example.com');
    const { transport: ok, sent } = recordingTransport();
    const transport: MailTransport = { sendMail: (mail) => (mail.to === 'bad@example.com' ? failing.sendMail(mail) : ok.sendMail(mail)) };
    await (await worker(transport)).drain();
    expect(sent.map((m) => m.to)).toEqual(['good@example.com']);
    expect((await row(bad)).status).toBe('queued');
    expect((await row(good)).status).toBe('sent');
  });

  it.runIf(onPostgres)(
    'two instances delivering at once send each mail once (real Postgres; PGlite has a single connection, so nothing runs concurrently)',
    async () => {
      const ids: number[] = [];
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < 30; i++)
          ids.push(
            (
              await enqueueMail(tx, {
                to: `u${i}@example.com`,
                template: 'registration_received',
                language: 'en',
                data: { first_name: 'U', company_name: 'Acme' },
              })
            ).id,
          );
      });
      const { transport, sent } = recordingTransport(15);
      const [a, b] = await Promise.all([
        worker(transport, await openPostgres(database.url!, { max: 3 })),
        worker(transport, await openPostgres(database.url!, { max: 3 })),
      ]);
      await Promise.all([a.drain(), b.drain()]);
      expect(sent).toHaveLength(30);
      expect(new Set(sent.map((m) => m.to)).size).toBe(30);
      const rows = await database.db.select({ status: mail_outbox.status }).from(mail_outbox).where(inArray(mail_outbox.id, ids));
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
    },
  );
});

describe('without SMTP_URL', () => {
  it('has no transport and no mail handler, so the outbox stays queued', async () => {
    expect(createMailTransport({ SMTP_URL: undefined })).toBeNull();
    const handlers = jobHandlers({ env: { PORT: 3000, MAIL_FROM: FROM }, transport: null });
    expect(handlers.map((h) => h.spec.type)).not.toContain(MAIL_JOB.type);
    const id = await queue();
    const q = await startQueue({ db: database.db, pubsub: database.pubsub, logger: createLogger('silent'), handlers, pollMs: 60_000 });
    started.push({ queue: q });
    await q.drain();
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0, sent_at: null });
  });

  it('with SMTP_URL builds an SMTP transport without connecting', () => {
    const transport = createMailTransport({ SMTP_URL: 'smtps://user:pw@mail.invalid:465' });
    expect(transport).not.toBeNull();
    expect(transport!.transporter.name).toBe('SMTP');
    transport!.close();
  });
});

describe('describeError', () => {
  it('drops credentials and AUTH lines and truncates', () => {
    expect(describeError(new Error('Invalid login: AUTH PLAIN dXNlcjpwdw== rejected'))).toBe('Invalid login: AUTH [redacted] rejected');
    expect(describeError('x'.repeat(600))).toHaveLength(500);
    expect(describeError(new Error(''))).toBe('unknown error');
  });
});
