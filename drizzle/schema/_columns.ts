import { sql } from 'drizzle-orm';
import { type AnyPgColumn, customType, doublePrecision, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** When a row was made and last changed. */
export const timestamps = () => ({ created_at: createdAt(), updated_at: updatedAt() });
export const publicUuid = () =>
  uuid()
    .notNull()
    .default(sql`gen_random_uuid()`)
    .unique();
/** A required reference to the row that owns this one: deleting the owner deletes the row. */
export const ownedBy = (owner: () => AnyPgColumn) => integer().notNull().references(owner, { onDelete: 'cascade' });
export const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * An administrator's names in the languages besides English (docs/decisions/0240): null reads the product catalog's
 * translation of `name`, else `name` itself (shared/lib/reference-names.ts).
 */
export const translatedNames = () => ({ name_dk: text(), name_my: text() });

/** earthdistance's `earth` (a cube domain): read back as its text form, never written by the app. */
const earth = customType<{ data: string; driverData: string }>({ dataType: () => 'earth' });

/**
 * A row's optional point, and the point on earthdistance's sphere, stored so searches and capped counts read it
 * instead of recomputing ll_to_earth for every row they scan (half the time of a 1,001-row count; docs/benchmarks.md).
 */
export const geoPoint = () => ({
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  geo: earth().generatedAlwaysAs(sql`ll_to_earth(latitude, longitude)`),
});
