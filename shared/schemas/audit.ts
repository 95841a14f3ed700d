// The administrators' audit trail: what an entry holds and how the log is filtered.
import { id, pageInput, pageOutput } from './_primitives';
import { isoDateString } from './subscriptions';
import { z } from './_zod';

/** The kinds of object an administrator changes. A module that adds an admin action adds its entity here. */
export const AUDIT_ENTITIES = [
  'company',
  'user',
  'registration',
  'subscription',
  'subscription_plan',
  'bulk_access',
  'material_group',
  'subcategory',
  'donation',
  'donation_tag',
  'driver',
  'vehicle',
  'trip',
  'query',
  'newsletter',
  'job',
  'mail',
  'impact_mapping',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** `GET admin/audit-log`: newest first; by administrator, entity (and one object of it) and period (inclusive dates). */
export const auditLogInput = pageInput.extend({
  actor_user_id: id.optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entity_id: id.optional(),
  from: isoDateString.optional(),
  to: isoDateString.optional(),
});
export type AuditLogInput = z.output<typeof auditLogInput>;

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** audit.admin.actors */
export const adminActorsOutput = z.object({
  items: z.array(z.object({ actor_user_id: z.number().int(), email: z.string(), name: z.string().nullable() })),
});
/** audit.admin.list */
export const adminListOutput = pageOutput(
  z.object({
    actor_name: z.string().nullable(),
    id: z.number().int(),
    actor_user_id: z.number().int().nullable(),
    actor_email: z.string(),
    action: z.string(),
    entity: z.string(),
    entity_id: z.number().int().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.date(),
  }),
);
