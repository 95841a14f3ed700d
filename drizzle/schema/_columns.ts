import { sql } from 'drizzle-orm';
import { text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const publicUuid = () =>
  uuid()
    .notNull()
    .default(sql`gen_random_uuid()`)
    .unique();
export const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * An administrator's names in the languages besides English (docs/decisions/0240): null reads the product catalog's
 * translation of `name`, else `name` itself (shared/lib/reference-names.ts).
 */
export const translatedNames = () => ({ name_dk: text(), name_my: text() });
