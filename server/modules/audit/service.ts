// The audit trail (docs/decisions/0056): every administrator action that changes data calls
// `recordAudit` inside the transaction that makes the change, so an entry exists exactly when the change does.
import { pageOf } from '../../../shared/schemas/_primitives';
import type { AuditEntity, AuditLogInput } from '../../../shared/schemas/audit';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { AdminActor } from '../../lib/actor';
import * as repo from './repo';

export interface AuditEntry {
  /** `<entity>.<verb>`: `company.update`, `registration.approve`, `subscription_plan.delete`. */
  action: `${AuditEntity}.${string}`;
  entity: AuditEntity;
  entity_id: number | null;
  /** The object before the change (omit for a creation). Only fields that changed are kept. */
  before?: Record<string, unknown> | null;
  /** The object after the change (omit for a deletion). */
  after?: Record<string, unknown> | null;
}

/** Secrets never reach the log, whatever a caller passes. */
const SECRET = /password|token|secret|hash/i;

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return clean(value as Record<string, unknown>);
  return value;
}

function clean(obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    // updated_at changes with every write and says nothing the entry's own time does not.
    if (v === undefined || k === 'updated_at') continue;
    out[k] = plain(v);
  }
  return out;
}

/** A changed secret is recorded as changed, never with its value. */
function redact(obj: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!obj) return null;
  return Object.fromEntries(
    Object.entries(obj).map(([k, v]) => [
      k,
      SECRET.test(k) ? '[redacted]' : v && typeof v === 'object' && !Array.isArray(v) ? redact(v as Record<string, unknown>) : v,
    ]),
  );
}

/**
 * What the entry stores: with both sides given, only the fields whose value changed (an update that changed
 * nothing stores two empty objects, still a record that the action ran); otherwise the side given. Secrets
 * (fields named like password, token, secret, hash) are replaced by "[redacted]" after the comparison.
 */
export function auditValues(before?: Record<string, unknown> | null, after?: Record<string, unknown> | null) {
  const b = before ? clean(before) : null;
  const a = after ? clean(after) : null;
  if (!b || !a) return { before: redact(b), after: redact(a) };
  const changed = new Set([...Object.keys(b), ...Object.keys(a)].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])));
  const pick = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k]) => changed.has(k)));
  return { before: redact(pick(b)), after: redact(pick(a)) };
}

/** Appends one entry in the caller's transaction: who (the administrator), what, which object, before and after. */
export async function recordAudit(tx: DbOrTx, actor: AdminActor, entry: AuditEntry): Promise<void> {
  await repo.insertEntry(tx, {
    actor_user_id: actor.user_id,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entity_id,
    ...auditValues(entry.before, entry.after),
  });
}

/** `GET admin/audit-log`: newest first, filtered by administrator, entity and period. */
export async function listAuditLog(deps: Deps, _actor: AdminActor, input: AuditLogInput) {
  const { rows, total } = await repo.listEntries(deps.db, input);
  const items = rows.map(({ actor_first_name, actor_last_name, ...r }) => ({
    ...r,
    actor_name: [actor_first_name, actor_last_name].filter(Boolean).join(' ') || null,
  }));
  return pageOf(items, total, input.page, input.size);
}

/** The administrators the log can be filtered by: everyone with an entry, named as now (or as the entries keep them). */
export async function listAuditActors(deps: Deps, _actor: AdminActor) {
  const rows = await repo.listActors(deps.db);
  const items = rows
    .filter((r) => r.actor_user_id !== null)
    .map((r) => ({
      actor_user_id: r.actor_user_id!,
      email: r.actor_email,
      name: [r.first_name, r.last_name].filter(Boolean).join(' ') || null,
    }))
    .sort((a, b) => a.email.localeCompare(b.email));
  return { items };
}
