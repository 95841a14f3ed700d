// The administrators' audit trail (issue 14): what an entry holds and how the log is filtered.
import { id, pageInput } from './_primitives';
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
