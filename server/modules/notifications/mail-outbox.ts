// The mail outbox as administrators read it: mail waiting in (or sent from) the outbox, newest first, one mail as
// it was sent, and a failed one sent again. Mail is written by enqueueMail (server/lib/mail) in the caller's
// transaction with the job that sends it (server/lib/mail-sender.ts).
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { jobs, mail_outbox } from '../../../drizzle/schema';
import { pageOf } from '../../../shared/schemas/_primitives';
import type { mailOutboxInput } from '../../../shared/schemas/mail';
import { anyContains } from '../../db/like';
import type { Deps } from '../../deps';
import { enqueue, retryJob } from '../../jobs/queue';
import type { AdminActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { MAIL_JOB } from '../../lib/mail';
import { recordAudit } from '../audit/service';

const columns = {
  id: mail_outbox.id,
  to_address: mail_outbox.to_address,
  subject: mail_outbox.subject,
  text_body: mail_outbox.text_body,
  template: mail_outbox.template,
  language: mail_outbox.language,
  status: mail_outbox.status,
  attempts: mail_outbox.attempts,
  last_error: mail_outbox.last_error,
  sent_at: mail_outbox.sent_at,
  created_at: mail_outbox.created_at,
};

export async function listOutbox(deps: Deps, input: z.output<typeof mailOutboxInput>) {
  const where = and(
    input.status ? eq(mail_outbox.status, input.status) : undefined,
    input.q ? anyContains(input.q, mail_outbox.to_address, mail_outbox.subject) : undefined,
  );
  const items = await deps.db
    .select(columns)
    .from(mail_outbox)
    .where(where)
    .orderBy(desc(mail_outbox.created_at), desc(mail_outbox.id))
    .limit(input.size)
    .offset(input.page * input.size);
  const [total] = await deps.db.select({ n: count() }).from(mail_outbox).where(where);
  return pageOf(items, total?.n ?? 0, input.page, input.size);
}

/** `GET admin/mail-outbox/{id}`: one mail as it was (or will be) sent. */
export async function getOutboxMail(deps: Deps, _actor: AdminActor, input: { id: number }) {
  const [row] = await deps.db.select(columns).from(mail_outbox).where(eq(mail_outbox.id, input.id));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * `POST admin/mail-outbox/{id}/resend`: a mail whose sending failed goes back in the queue: its failed delivery job
 * runs again under its id (a new job if that one was pruned); its attempts so far stay counted on the row. 409 for
 * a mail that is queued or sent.
 */
export async function resendOutboxMail(deps: Deps, actor: AdminActor, input: { id: number }) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ status: mail_outbox.status }).from(mail_outbox).where(eq(mail_outbox.id, input.id));
    if (!before) throw new AppError('NOT_FOUND');
    const [row] = await tx
      .update(mail_outbox)
      .set({ status: 'queued' })
      .where(and(eq(mail_outbox.id, input.id), eq(mail_outbox.status, 'failed')))
      .returning({ id: mail_outbox.id });
    if (!row) throw new AppError('CONFLICT', { message: { code: 'mail.notFailed' } });
    const [job] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'failed'), eq(jobs.type, MAIL_JOB.type), sql`${jobs.payload}->>'mail_id' = ${String(row.id)}`))
      .orderBy(desc(jobs.id))
      .limit(1);
    if (!job || (await retryJob(tx, job.id)) !== 'retried') await enqueue(tx, MAIL_JOB, { mail_id: row.id });
    await recordAudit(tx, actor, {
      action: 'mail.resend',
      entity: 'mail',
      entity_id: row.id,
      before: { status: 'failed' },
      after: { status: 'queued' },
    });
  });
  return getOutboxMail(deps, actor, input);
}
