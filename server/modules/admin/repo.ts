import { count, desc, eq } from 'drizzle-orm';
import { companies, mail_outbox } from '../../../drizzle/schema';
import type { DbOrTx } from '../../db/client';

export async function listOutbox(db: DbOrTx, f: { status?: 'queued' | 'sent' | 'failed'; page: number; size: number }) {
  const where = f.status ? eq(mail_outbox.status, f.status) : undefined;
  const items = await db
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
    .limit(f.size)
    .offset(f.page * f.size);
  const [total] = await db.select({ n: count() }).from(mail_outbox).where(where);
  return { items, total: total?.n ?? 0 };
}

export async function updateCompanyDates(db: DbOrTx, id: number, values: { onboarding_date?: string | null; member_since?: string | null }) {
  const [row] = await db
    .update(companies)
    .set(values)
    .where(eq(companies.id, id))
    .returning({
      id: companies.id,
      name: companies.name,
      status: companies.status,
      onboarding_date: companies.onboarding_date,
      member_since: companies.member_since,
      updated_at: companies.updated_at,
    });
  return row ?? null;
}

export async function findCompanyDates(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, status: companies.status, onboarding_date: companies.onboarding_date, member_since: companies.member_since, updated_at: companies.updated_at })
    .from(companies)
    .where(eq(companies.id, id));
  return row ?? null;
}
