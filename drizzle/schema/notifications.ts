import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { NotificationType } from '../../shared/constants/enums';
import { createdAt } from './_columns';
import { userId } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    user_id: userId(),
    type: text().$type<NotificationType>().notNull(),
    /** A message code from shared/messages.ts and its parameters; each reader sees it in their own language. */
    code: text().notNull(),
    params: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    link: text(),
    seen: boolean().notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    // The list's order (newest first, id breaking ties) read backwards; its ids come from the index alone.
    index('notifications_user_idx').on(t.user_id, t.created_at, t.id),
    index('notifications_unseen_idx')
      .on(t.user_id)
      .where(sql`not ${t.seen}`),
  ],
);
