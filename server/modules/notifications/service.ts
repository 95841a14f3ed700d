// Notifications: `notify` writes rows in the caller's transaction and queues their push, which Postgres
// delivers to every instance's publisher only on commit (publisher.ts). The rows are the durable record:
// a push that never happens (crash, lost socket) costs nothing, because a client refetches on reconnect.
// Services of other modules call `notify` from their domain-event listeners; nothing else writes here.
import type { NotificationType } from '../../../shared/constants/enums';
import { formatMessage, isMessageCode, type Message, type MessageCode, type MessageParams } from '../../../shared/messages';
import { pageOf } from '../../../shared/schemas/_primitives';
import { LIMITS } from '../../../shared/constants/limits';
import type { ClientFrame, NotificationPayload, ServerEvents } from '../../../shared/ws-events';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { CompanyActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { renderMessage } from '../../lib/i18n';
import { enqueueMails } from '../../lib/mail';
import { loadTypedNames } from '../common/service';
import * as repo from './repo';

export interface NotifyInput {
  user_ids: readonly number[];
  type: NotificationType;
  code: MessageCode;
  params?: MessageParams;
  /** In-app path the notification opens, e.g. `/pending-offers`. */
  link?: string | null;
  /**
   * Also mail it, with this absolute link, to recipients who keep that kind of mail on: activity (offers,
   * synergies, messages; the default) or new listings.
   */
  mail?: { url: string; preference?: 'activity' | 'new_listings'; template?: SummaryMailTemplate };
}

/** Mail templates that carry a notification's text (`summary`) and a link; they differ in why the reader gets them. */
type SummaryMailTemplate = 'activity' | 'listing_digest';

/** Writes one notification per user in `tx` and queues their push for after commit. Returns the new ids. */
export async function notify(tx: Tx, input: NotifyInput): Promise<number[]> {
  return (await notifyMany(tx, [input]))[0]!;
}

/**
 * `notify` for many notifications at once (a bulk upload's new listings): one insert, one push request and one
 * recipient lookup per mail preference for all of them, the mails queued together. Returns each input's ids.
 */
export async function notifyMany(tx: Tx, inputs: readonly NotifyInput[]): Promise<number[][]> {
  const perInput = inputs.map((input) => [...new Set(input.user_ids)]);
  const ids = await repo.insertRows(
    tx,
    inputs.flatMap((input, k) =>
      perInput[k]!.map((user_id) => ({ user_id, type: input.type, code: input.code, params: input.params ?? {}, link: input.link ?? null })),
    ),
  );
  await repo.queuePush(tx, { n: ids });
  const mails: Parameters<typeof enqueueMails<SummaryMailTemplate>>[1][number][] = [];
  for (const preference of ['activity', 'new_listings'] as const) {
    const withMail = inputs
      .map((input, k) => ({ input, k }))
      .filter(({ input }) => input.mail && (input.mail.preference ?? 'activity') === preference);
    if (!withMail.length) continue;
    const recipients = new Map(
      (await repo.mailRecipients(tx, [...new Set(withMail.flatMap(({ k }) => perInput[k]!))], preference)).map((r) => [r.id, r]),
    );
    // A material group in a summary reads as the administrators named it in the recipient's language.
    const typed = withMail.some(({ input }) => typeof input.params?.group === 'string') ? await loadTypedNames(tx) : undefined;
    for (const { input, k } of withMail) {
      for (const user_id of perInput[k]!) {
        const r = recipients.get(user_id);
        if (!r) continue;
        const summary = renderMessage(r.language, { code: input.code, params: input.params ?? {} }, typed);
        const template = input.mail!.template ?? 'activity';
        mails.push({ to: r.email, template, language: r.language, data: { first_name: r.first_name, summary, url: input.mail!.url } });
      }
    }
  }
  await enqueueMails(tx, mails);
  const out: number[][] = [];
  let at = 0;
  for (const users of perInput) {
    out.push(ids.slice(at, at + users.length));
    at += users.length;
  }
  return out;
}

/** Queues a refresh of these users' counters (unread messages, pending offers, unseen) for after commit. */
export async function publishCounters(tx: Tx, userIds: readonly number[]): Promise<void> {
  await repo.queuePush(tx, { c: [...new Set(userIds)] });
}

/**
 * Queues a refresh of the counters of every member and manager of these companies for after commit: each
 * instance computes them for the users connected to it, so nobody's user ids are read in the transaction.
 */
export async function publishCompanyCounters(tx: Tx, companyIds: readonly number[]): Promise<void> {
  await repo.queuePush(tx, { k: [...new Set(companyIds)] });
}

/** The shape both the list and the realtime push use; `message` is English, `code`/`params` translate it. */
export function toPayload(row: repo.NotificationRow): NotificationPayload {
  const message: Message = isMessageCode(row.code)
    ? { code: row.code, params: row.params }
    : { code: 'notification.text', params: { text: row.code } };
  return {
    id: row.id,
    type: row.type,
    code: message.code,
    params: message.params ?? {},
    message: formatMessage(message),
    seen: row.seen,
    created_at: new Date(row.created_at).toISOString(),
    link: row.link,
  };
}

export async function list(deps: Pick<Deps, 'db'>, actor: Pick<CompanyActor, 'user_id'>, input: { page: number; size: number }) {
  const { rows, total } = await repo.page(deps.db, actor.user_id, input.page, input.size);
  return pageOf(rows.map(toPayload), total ?? (await repo.countFor(deps.db, actor.user_id)), input.page, input.size);
}

export async function unseen(deps: Deps, actor: CompanyActor) {
  const counts = await repo.unseenCounts(deps.db, [actor.user_id]);
  return { unseen: counts.get(actor.user_id) ?? 0 };
}

/** Marks the caller's own notifications read (or unread again); other ids are ignored. Other tabs follow. */
export async function markRead(deps: Deps, actor: CompanyActor, input: { notifications: number[]; seen: boolean }) {
  const updated = await deps.db.transaction(async (tx) => {
    const changed = await repo.setSeen(tx, actor.user_id, input.notifications, input.seen);
    if (changed.length) await publishCounters(tx, [actor.user_id]);
    return changed;
  });
  return { updated, ...(await unseen(deps, actor)) };
}

export async function remove(deps: Deps, actor: CompanyActor, input: { id: number }) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.remove(tx, actor.user_id, input.id))) throw new AppError('NOT_FOUND');
    await publishCounters(tx, [actor.user_id]);
  });
  return { success: true as const, id: input.id, ...(await unseen(deps, actor)) };
}

/** The three dots of the authenticated bar, from one query. */
export async function counters(deps: Pick<Deps, 'db'>, actor: { user_id: number; company_id: number }) {
  const [row] = await repo.counters(deps.db, actor.user_id, actor.company_id);
  return row ?? { unseen_notifications: 0, unread_messages: 0, pending_offers: 0 };
}

/** Counters of a company user by id (null for administrators and unknown users, who have none). */
export async function countersOfUser(deps: Pick<Deps, 'db'>, user_id: number) {
  const [row] = await repo.countersOfUsers(deps.db, [user_id]);
  if (!row) return null;
  return { unseen_notifications: row.unseen_notifications, unread_messages: row.unread_messages, pending_offers: row.pending_offers };
}

/**
 * A socket asked again for what it shows (SPEC §7: the client emits 'newMessagesNumber' and
 * 'listNotifications' when it connects). 'newMessagesNumber' is answered with that counter and the pending
 * offers beside it; 'listNotifications' with the first page of the list (or the page asked for) and the
 * unseen counter, so a client that reconnects never shows a stale list or stale dots. Administrators have
 * no counters and no notifications: they get no answer.
 */
export async function answerClientRequest(
  deps: Pick<Deps, 'db'>,
  user_id: number,
  frame: ClientFrame,
  reply: <K extends 'newMessagesNumber' | 'pendingOffersNumber' | 'notificationsUnseen' | 'listNotifications'>(
    event: K,
    data: ServerEvents[K],
  ) => void,
) {
  const c = await countersOfUser(deps, user_id);
  if (!c) return;
  if (frame.event === 'newMessagesNumber') {
    reply('newMessagesNumber', { count: c.unread_messages });
    reply('pendingOffersNumber', { count: c.pending_offers });
    return;
  }
  reply('listNotifications', await list(deps, { user_id }, { page: frame.data.page ?? 0, size: LIMITS.notificationsPageSize }));
  reply('notificationsUnseen', { count: c.unseen_notifications });
}
