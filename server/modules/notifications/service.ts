import { and, count, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { chat_messages, chat_reads, chats, materials, notifications, offers } from '../../../drizzle/schema';
import type { Deps } from '../../deps';
import type { CompanyActor } from '../../lib/actor';
import { findUserAuthState } from '../auth/repo';

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

/**
 * A socket asked for its counters again ('newMessagesNumber' or 'listNotifications'): answer all three,
 * so a client that reconnects never shows stale dots. Administrators have no company counters.
 */
export async function answerCounterRequest(
  deps: Deps,
  user_id: number,
  reply: <K extends 'newMessagesNumber' | 'pendingOffersNumber' | 'notificationsUnseen'>(event: K, data: { count: number }) => void,
) {
  const state = await findUserAuthState(deps.db, user_id);
  if (!state || state.company_id == null || state.role === 'ADMIN') return;
  const c = await counters(deps, { kind: 'user', user_id, role: state.role, company_id: state.company_id });
  reply('newMessagesNumber', { count: c.unread_messages });
  reply('pendingOffersNumber', { count: c.pending_offers });
  reply('notificationsUnseen', { count: c.unseen_notifications });
}
