// Delivers outbox mail by SMTP when SMTP_URL is set: the handler of the `mail` job that enqueueMail writes with
// each mail (server/lib/mail.ts). The queue claims each job for one worker at a time and retries it with the
// mail backoff; this handler keeps the outbox row, which administrators read, in step: 'sent', or a failed
// attempt counted with its error, and 'failed' after the last one. A crash after the SMTP server accepted a
// mail but before the row was marked sent sends it again when the job is retried (at least once, never twice
// at the same time); a job that finds its mail already sent does nothing.
import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { mail_outbox } from '../../drizzle/schema';
import type { Env } from '../env';
import { describeError, handler, PermanentJobError, type JobHandler } from '../jobs/queue';
import { MAIL_JOB } from './mail';

/** Anything nodemailer can send with: SMTP in production, jsonTransport/streamTransport in tests. */
export type MailTransport = Pick<Transporter, 'sendMail'> & { close?(): void };

/** The SMTP transport for SMTP_URL, or null when mail stays in the outbox. */
export function createMailTransport(env: Pick<Env, 'SMTP_URL'>): Transporter | null {
  if (!env.SMTP_URL) return null;
  // Short timeouts, well inside the mail job's own: an attempt that hangs is counted by this handler, with its error.
  return nodemailer.createTransport({ url: env.SMTP_URL, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
}

/** The `mail` job: sends one outbox row. */
export function mailHandler(opts: { transport: MailTransport; from: string }): JobHandler {
  return handler(MAIL_JOB, async ({ db, job, lastAttempt }) => {
    const id = job.payload.mail_id;
    const [row] = await db
      .select({ to_address: mail_outbox.to_address, subject: mail_outbox.subject, text_body: mail_outbox.text_body, status: mail_outbox.status })
      .from(mail_outbox)
      .where(eq(mail_outbox.id, id));
    if (!row) throw new PermanentJobError(`mail ${id} is not in the outbox`);
    if (row.status === 'sent') return { mail_id: id, sent: false };
    try {
      await opts.transport.sendMail({ from: opts.from, to: row.to_address, subject: row.subject, text: row.text_body });
    } catch (err) {
      await db
        .update(mail_outbox)
        .set({ attempts: sql`${mail_outbox.attempts} + 1`, last_error: describeError(err), status: lastAttempt ? 'failed' : 'queued' })
        .where(eq(mail_outbox.id, id));
      throw err;
    }
    await db
      .update(mail_outbox)
      .set({ status: 'sent', sent_at: sql`now()`, last_error: null })
      .where(eq(mail_outbox.id, id));
    return { mail_id: id, sent: true };
  });
}
