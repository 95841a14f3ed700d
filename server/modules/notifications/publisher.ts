// After commit, Postgres hands every instance the ids of new notifications and the users (or whole companies)
// whose counters changed (repo.queuePush); the instance that committed hears it right after the commit
// (server/db/notify.ts). Each instance loads what its own connected users need and sends each user one batch:
// the new notifications followed by their counters, so a client applies both together.
import type { ServerFrame } from '../../../shared/ws-events';
import type { Database, Db } from '../../db/client';
import { createBarriers } from '../../db/notify';
import type { Logger } from '../../lib/logger';
import type { LocalDelivery } from '../../ws/hub';
import * as repo from './repo';
import { toPayload } from './service';

/**
 * Users pushed to before the publisher gives other work a turn: a company's counters (500 users after a chat
 * message) go out in slices, so the frames of a message that arrives meanwhile are not queued behind them.
 */
const SLICE = 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface NotificationPublisher {
  /** Resolves once everything committed before the call has been pushed (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export async function startNotificationPublisher(opts: {
  db: Db;
  pubsub: Database['pubsub'];
  delivery: LocalDelivery;
  logger: Logger;
}): Promise<NotificationPublisher> {
  const { db, delivery } = opts;
  const logger = opts.logger.child({ module: 'notifications' });
  let chain: Promise<void> = Promise.resolve();
  const barriers = createBarriers();

  const pushNotifications = async (ids: number[]) => {
    const rows = await repo.findByIds(db, ids);
    const local = new Set(delivery.connected(rows.map((r) => r.user_id)));
    if (local.size === 0) return;
    const unseen = await repo.unseenCounts(db, [...local]);
    const frames = new Map<number, ServerFrame[]>();
    for (const row of rows) {
      if (!local.has(row.user_id)) continue;
      const list = frames.get(row.user_id) ?? [];
      list.push({ event: 'newNotification', data: toPayload(row) });
      frames.set(row.user_id, list);
    }
    let sent = 0;
    for (const [user_id, list] of frames) {
      if (sent++ % SLICE === SLICE - 1) await nextTurn();
      list.push({ event: 'notificationsUnseen', data: { count: unseen.get(user_id) ?? 0 } });
      delivery.deliverLocal(user_id, list);
    }
  };

  const pushCounters = async (userIds: number[]) => {
    // One query for every connected user (a chat message changes the counters of a whole company).
    let sent = 0;
    for (const c of await repo.countersOfUsers(db, delivery.connected(userIds))) {
      if (sent++ % SLICE === SLICE - 1) await nextTurn();
      delivery.deliverLocal(c.user_id, [
        { event: 'newMessagesNumber', data: { count: c.unread_messages } },
        { event: 'pendingOffersNumber', data: { count: c.pending_offers } },
        { event: 'notificationsUnseen', data: { count: c.unseen_notifications } },
      ]);
    }
  };

  const onPayload = (payload: string) => {
    let request: repo.PushRequest & { flush?: string };
    try {
      request = JSON.parse(payload) as typeof request;
    } catch {
      logger.warn('malformed notification push ignored');
      return;
    }
    // One at a time, in commit order: a notification never overtakes an earlier one.
    chain = chain
      .then(async () => {
        if (Array.isArray(request.n) && request.n.length) await pushNotifications(request.n.filter(Number.isSafeInteger));
        if (Array.isArray(request.c) && request.c.length) await pushCounters(request.c.filter(Number.isSafeInteger));
        if (Array.isArray(request.k) && request.k.length)
          await pushCounters(await delivery.connectedInCompanies(request.k.filter(Number.isSafeInteger)));
        if (typeof request.flush === 'string') barriers.heard(request.flush);
      })
      .catch((err: unknown) => logger.error({ err }, 'notification push failed'));
  };

  const unsubscribe = await opts.pubsub.subscribe(repo.NOTIFICATIONS_CHANNEL, onPayload);
  return {
    async flush() {
      await barriers.pass((token) => opts.pubsub.publish(repo.NOTIFICATIONS_CHANNEL, JSON.stringify({ flush: token })));
    },
    async close() {
      await unsubscribe();
      await chain;
    },
  };
}
