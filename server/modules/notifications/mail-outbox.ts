// The mail outbox as administrators read it: mail waiting in (or sent from) the outbox, newest first.
// Mail is written by enqueueMail (server/lib/mail) in the caller's transaction and sent by the mail sender.
import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { mail_outbox } from '../../../drizzle/schema';
import { pageOf } from '../../../shared/schemas/_primitives';
import type { mailOutboxInput } from '../../../shared/schemas/mail';
import type { Deps } from '../../deps';

export async function listOutbox(deps: Deps, input: z.output<typeof mailOutboxInput>) {
  const where = input.status ? eq(mail_outbox.status, input.status) : undefined;
  const items = await deps.db
    .select({
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
    })
    .from(mail_outbox)
    .where(where)
    .orderBy(desc(mail_outbox.created_at), desc(mail_outbox.id))
    .limit(input.size)
    .offset(input.page * input.size);
  const [total] = await deps.db.select({ n: count() }).from(mail_outbox).where(where);
  return pageOf(items, total?.n ?? 0, input.page, input.size);
}
