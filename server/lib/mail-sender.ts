// Delivers the mail outbox (see mail.ts) by SMTP when SMTP_URL is set; without it rows stay 'queued' for
// administrators to read. Each run claims queued rows with FOR UPDATE SKIP LOCKED inside one transaction
// and keeps them locked while it sends, so several instances never send the same mail; a mail whose
// sending fails stays queued for the next run and becomes 'failed' after MAX_MAIL_ATTEMPTS.
// A crash after the SMTP server accepted a mail but before the commit sends it again next run (at least
// once, never twice concurrently).
import { asc, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { mail_outbox } from '../../drizzle/schema';
import type { DbOrTx } from '../db/client';
import type { Env } from '../env';
import type { Job } from '../jobs/scheduler';
import type { Logger } from './logger';

export const MAX_MAIL_ATTEMPTS = 5;
const MAX_ERROR_LENGTH = 500;

/** Anything nodemailer can send with: SMTP in production, jsonTransport/streamTransport in tests. */
export type MailTransport = Pick<Transporter, 'sendMail'> & { close?(): void };

/** The SMTP transport for SMTP_URL, or null when mail stays in the outbox. */
export function createMailTransport(env: Pick<Env, 'SMTP_URL'>): Transporter | null {
  if (!env.SMTP_URL) return null;
  // Short timeouts: a run holds its claimed rows locked while it talks to the server.
  return nodemailer.createTransport({ url: env.SMTP_URL, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
}

/** An error message fit for last_error: no URL credentials, no AUTH lines, at most MAX_ERROR_LENGTH. */
export function describeMailError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const clean = message
    .replace(/(\w+:\/\/)[^/\s@]*@/g, '$1[redacted]@')
    .replace(/\bAUTH\s+\S+(\s+\S+)?/gi, 'AUTH [redacted]')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > MAX_ERROR_LENGTH ? `${clean.slice(0, MAX_ERROR_LENGTH - 1)}…` : clean || 'unknown error';
}

export interface DeliverOptions {
  db: DbOrTx;
  transport: MailTransport;
  from: string;
  logger?: Logger;
  batch?: number;
}

/** Sends up to `batch` queued mails, oldest first; returns how many were sent and how many attempts failed. */
export async function deliverQueuedMail({ db, transport, from, logger, batch = 20 }: DeliverOptions): Promise<{ sent: number; failed: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: mail_outbox.id,
        to_address: mail_outbox.to_address,
        subject: mail_outbox.subject,
        text_body: mail_outbox.text_body,
        attempts: mail_outbox.attempts,
      })
      .from(mail_outbox)
      .where(eq(mail_outbox.status, 'queued'))
      .orderBy(asc(mail_outbox.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      try {
        await transport.sendMail({ from, to: row.to_address, subject: row.subject, text: row.text_body });
        await tx
          .update(mail_outbox)
          .set({ status: 'sent', sent_at: sql`now()`, last_error: null })
          .where(eq(mail_outbox.id, row.id));
        sent++;
      } catch (err) {
        const attempts = row.attempts + 1;
        const last_error = describeMailError(err);
        const status = attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : 'queued';
        await tx.update(mail_outbox).set({ attempts, last_error, status }).where(eq(mail_outbox.id, row.id));
        logger?.warn({ mail_id: row.id, attempts, status, error: last_error }, 'mail not sent');
        failed++;
      }
    }
    return { sent, failed };
  });
}

/** The scheduler job that delivers the outbox every minute (one instance a round, under its lock). */
export function mailDeliveryJob(opts: { transport: MailTransport; from: string; logger?: Logger }): Job {
  return {
    name: 'deliver-mail',
    lockKey: 727_002_002,
    everyHours: 1 / 60,
    run: (tx) => deliverQueuedMail({ db: tx, ...opts }),
  };
}
