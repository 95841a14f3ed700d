import { and, count, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { chat_messages, chat_reads, chats, materials, notifications, offers } from '../../../drizzle/schema';
import type { Deps } from '../../deps';
import type { CompanyActor } from '../../lib/actor';

/**
 * The three dots of the authenticated bar. Chat and offers screens come in later issues, but the
 * figures are real: they count what is in the database.
 */
export async function counters(deps: Deps, actor: CompanyActor) {
  const { db } = deps;
  const [unseen] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, actor.user_id), eq(notifications.seen, false)));
  const [unread] = await db
    .select({ n: count() })
    .from(chat_messages)
    .innerJoin(chats, eq(chats.id, chat_messages.chat_id))
    .leftJoin(chat_reads, and(eq(chat_reads.chat_id, chats.id), eq(chat_reads.user_id, actor.user_id)))
    .where(
      and(
        or(eq(chats.company_a_id, actor.company_id), eq(chats.company_b_id, actor.company_id)),
        ne(chat_messages.sender_company_id, actor.company_id),
        gt(chat_messages.id, sql`coalesce(${chat_reads.last_read_message_id}, 0)`),
      ),
    );
  const [pending] = await db
    .select({ n: count() })
    .from(offers)
    .where(
      and(
        eq(offers.status, 'pending'),
        inArray(offers.material_id, db.select({ id: materials.id }).from(materials).where(eq(materials.company_id, actor.company_id))),
      ),
    );
  return { unseen_notifications: unseen?.n ?? 0, unread_messages: unread?.n ?? 0, pending_offers: pending?.n ?? 0 };
}
