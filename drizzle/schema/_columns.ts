import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

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
