// Audit entries: appended in the caller's transaction, read newest first.
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { audit_log, users } from '../../../drizzle/schema';
import type { AuditLogInput } from '../../../shared/schemas/audit';
import type { DbOrTx } from '../../db/client';

export interface AuditInsert {
  actor_user_id: number;
  action: string;
  entity: string;
  entity_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function insertEntry(tx: DbOrTx, entry: AuditInsert) {
  await tx.insert(audit_log).values({
    ...entry,
    // Copied from the account now, so the entry keeps naming its administrator after the account is gone.
    actor_email: sql`(select ${users.email} from ${users} where ${users.id} = ${entry.actor_user_id})`,
  });
}

function filters(input: AuditLogInput): SQL | undefined {
  const where: SQL[] = [];
  if (input.actor_user_id !== undefined) where.push(eq(audit_log.actor_user_id, input.actor_user_id));
  if (input.entity !== undefined) where.push(eq(audit_log.entity, input.entity));
  if (input.entity_id !== undefined) where.push(eq(audit_log.entity_id, input.entity_id));
  if (input.from !== undefined) where.push(gte(audit_log.created_at, sql`${input.from}::date`));
  // `to` is inclusive: everything before the next day.
  if (input.to !== undefined) where.push(lt(audit_log.created_at, sql`${input.to}::date + 1`));
  return where.length ? and(...where) : undefined;
}

export async function listEntries(db: DbOrTx, input: AuditLogInput) {
  const where = filters(input);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: audit_log.id,
        actor_user_id: audit_log.actor_user_id,
        actor_email: audit_log.actor_email,
        actor_first_name: users.first_name,
        actor_last_name: users.last_name,
        action: audit_log.action,
        entity: audit_log.entity,
        entity_id: audit_log.entity_id,
        before: audit_log.before,
        after: audit_log.after,
        created_at: audit_log.created_at,
      })
      .from(audit_log)
      .leftJoin(users, eq(users.id, audit_log.actor_user_id))
      .where(where)
      .orderBy(desc(audit_log.created_at), desc(audit_log.id))
      .limit(input.size)
      .offset(input.page * input.size),
    db.select({ total: count() }).from(audit_log).where(where),
  ]);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

/** Everyone who has an entry (for the log's administrator filter), with the email the entries keep. */
export async function listActors(db: DbOrTx) {
  return db
    .selectDistinctOn([audit_log.actor_user_id], {
      actor_user_id: audit_log.actor_user_id,
      actor_email: audit_log.actor_email,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(audit_log)
    .leftJoin(users, eq(users.id, audit_log.actor_user_id))
    .orderBy(audit_log.actor_user_id, desc(audit_log.created_at));
}
