// The bell's dropdown (SPEC §4 Notifications, §8 'Notification errors', §9): pages of 8 loaded as the list is
// scrolled to its end, the first when the menu is first opened; read/unread, delete, mark all as read; live
// notifications prepended. The counter in the bar (notifications.counters) follows every change.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { LIMITS } from '@shared/constants/limits';
import type { NotificationType } from '@shared/constants/enums';
import type { NotificationPayload } from '@shared/ws-events';
import { Button } from '@/components/ui/Button';
import { Icon, type IconName } from '@/components/ui/Icon';
import { EmptyState, ErrorState, LoadingState, Spinner } from '@/components/ui/States';
import { useRealtimeEvent } from '@/hooks/useRealtime';
import { daysAgoLabel } from '@/lib/age';
import { errorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { messageText } from '@/lib/messages';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import '../notifications.css';
import { feedItems, feedTotal, nextPage, prependLive, removeItem, setSeen, unseenAfter, type Feed, type FeedPage } from '../lib/feed';

const SIZE = LIMITS.notificationsPageSize;

const TYPE_ICON: Record<NotificationType, IconName> = {
  offers: 'handshake',
  synergies: 'cycle',
  new_materials: 'boxes',
  dashboard: 'dashboard',
  trips: 'truck',
};

type Counters = { unseen_notifications: number; unread_messages: number; pending_offers: number };

/** SPEC §8: a 2 s snackbar with the fetch, update or delete error text plus the message. */
function notifyError(i18n: I18n, what: 'fetch' | 'update' | 'delete', err: unknown) {
  const reason = errorText(i18n, err);
  const text: MessageDescriptor =
    what === 'fetch'
      ? msg`Failed to fetch notifications: ${reason}`
      : what === 'update'
        ? msg`Failed to update notification: ${reason}`
        : msg`Failed to delete notification: ${reason}`;
  showSnackbar(text, { tone: 'error', duration: LIMITS.notificationSnackbarMs });
}

export function NotificationsPanel({ open, unseen, onClose }: { open: boolean; unseen: number; onClose: () => void }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const listKey = useMemo(() => [...trpc.notifications.list.pathKey(), { input: { size: SIZE }, type: 'infinite' }] as const, [trpc]);
  const countersKey = trpc.notifications.counters.queryKey();

  const query = useInfiniteQuery<FeedPage, Error, Feed, typeof listKey, number>({
    queryKey: listKey,
    queryFn: ({ pageParam }) => client.notifications.list.query({ page: pageParam, size: SIZE }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages, _lastParam, pageParams) => nextPage({ pages, pageParams }, SIZE),
  });
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;

  const updateFeed = useCallback(
    (fn: (feed: Feed | undefined) => Feed | undefined) => queryClient.setQueryData<Feed>(listKey, fn),
    [queryClient, listKey],
  );
  const setUnseen = (count: number) =>
    queryClient.setQueryData<Counters>(countersKey, (old) => (old ? { ...old, unseen_notifications: Math.max(0, count) } : old));
  const currentUnseen = () => queryClient.getQueryData<Counters>(countersKey)?.unseen_notifications ?? unseen;

  // Live: a new notification is prepended (once); its counter arrives with it (hooks/useCounters.ts).
  useRealtimeEvent('newNotification', (n) => updateFeed((feed) => prependLive(feed, n)));
  useRealtimeEvent('resync', (r) => {
    if (r.event === 'newNotification') void queryClient.invalidateQueries({ queryKey: listKey });
  });
  // The server's answer to the listNotifications the socket sends on every (re)connect: the first page
  // replaces what was loaded (frames may have been missed while the socket was away).
  useRealtimeEvent('listNotifications', (page) => {
    if (page.currentPage === 0) updateFeed((feed) => (feed ? { pages: [page], pageParams: [0] } : feed));
  });

  // Reopened later: refresh what was loaded (reads and deletes in other tabs are not pushed).
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current && query.isStale && !query.isFetching) void query.refetch();
    wasOpen.current = open;
  }, [open, query]);

  // Fetch errors (first page or a later one) → snackbar.
  const lastError = useRef(0);
  useEffect(() => {
    if (query.error && query.errorUpdatedAt !== lastError.current) {
      lastError.current = query.errorUpdatedAt;
      notifyError(i18n, 'fetch', query.error);
    }
  }, [query.error, query.errorUpdatedAt, i18n]);

  // The next page loads when the end of the list scrolls into view.
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!open || !el || !hasNextPage || isFetchingNextPage || query.isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { root: scroller.current, rootMargin: '0px 0px 48px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [open, hasNextPage, isFetchingNextPage, fetchNextPage, query.isFetchNextPageError, query.data]);

  const markRead = useMutation(trpc.notifications.markRead.mutationOptions());
  const remove = useMutation(trpc.notifications.remove.mutationOptions());
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const withBusy = async (id: number, fn: () => Promise<void>) => {
    setBusy((s) => new Set(s).add(id));
    try {
      await fn();
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  };

  /** Read or unread again, shown at once and undone if the server refuses. */
  const toggle = async (item: NotificationPayload, seen: boolean) => {
    if (item.seen === seen || busy.has(item.id)) return;
    await withBusy(item.id, async () => {
      const before = currentUnseen();
      updateFeed((feed) => setSeen(feed, [item.id], seen));
      setUnseen(unseenAfter(before, [item], seen));
      try {
        const res = await markRead.mutateAsync({ notifications: [item.id], seen });
        setUnseen(res.unseen);
      } catch (err) {
        updateFeed((feed) => setSeen(feed, [item.id], item.seen));
        setUnseen(unseenAfter(currentUnseen(), [{ seen }], item.seen));
        notifyError(i18n, 'update', err);
      }
    });
  };

  const del = async (item: NotificationPayload) => {
    let done = false;
    await withBusy(item.id, async () => {
      try {
        const res = await remove.mutateAsync({ id: item.id });
        updateFeed((feed) => removeItem(feed, item.id));
        setUnseen(res.unseen);
        showSnackbar(msg`Notification deleted`, { duration: LIMITS.notificationSnackbarMs });
        done = true;
      } catch (err) {
        notifyError(i18n, 'delete', err);
      }
    });
    return done;
  };

  /** Every unseen notification, also those on pages not loaded yet (the counter says how many there are). */
  const [markingAll, setMarkingAll] = useState(false);
  const markAll = async () => {
    setMarkingAll(true);
    try {
      const loaded = feedItems(query.data);
      const ids = new Set(loaded.filter((i) => !i.seen).map((i) => i.id));
      if (currentUnseen() > ids.size && loaded.length < feedTotal(query.data)) {
        for (let page = 0; page < 1000; page++) {
          const res = await client.notifications.list.query({ page, size: 100 });
          for (const n of res.items) if (!n.seen) ids.add(n.id);
          if (page + 1 >= res.totalPages) break;
        }
      }
      const all = [...ids];
      let left = currentUnseen();
      for (let i = 0; i < all.length; i += 100) {
        const chunk = all.slice(i, i + 100);
        left = (await markRead.mutateAsync({ notifications: chunk, seen: true })).unseen;
        updateFeed((feed) => setSeen(feed, chunk, true));
      }
      setUnseen(left);
      showSnackbar(msg`All notifications marked as read`, { duration: LIMITS.notificationSnackbarMs });
    } catch (err) {
      notifyError(i18n, 'update', err);
    } finally {
      setMarkingAll(false);
    }
  };

  const open_ = (item: NotificationPayload) => {
    if (!item.seen) void toggle(item, true);
    if (item.link) onClose();
  };

  const items = feedItems(query.data);
  let body;
  if (query.isPending) body = <LoadingState label={<Trans>Loading notifications…</Trans>} />;
  else if (query.isError && !query.data)
    body = (
      <ErrorState title={<Trans>Notifications could not be loaded</Trans>} onRetry={() => void query.refetch()}>
        <p>{errorText(i18n, query.error)}</p>
      </ErrorState>
    );
  else if (items.length === 0)
    body = (
      <EmptyState icon="bell" title={<Trans>No notifications yet</Trans>}>
        <p>
          <Trans>New offers, synergy updates and matching materials will appear here.</Trans>
        </p>
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="notif-list" aria-label={i18n._(msg`Notifications`)} data-testid="notifications-list">
          {items.map((item) => (
            <NotificationRow key={item.id} item={item} busy={busy.has(item.id)} onOpen={open_} onToggle={toggle} onDelete={del} />
          ))}
        </ul>
        <div ref={sentinel} className="notif-sentinel" aria-hidden="true" />
        {isFetchingNextPage ? (
          <div className="notif-more" role="status">
            <Spinner size={18} />
            <span>
              <Trans>Loading more…</Trans>
            </span>
          </div>
        ) : query.isFetchNextPageError ? (
          <div className="notif-more">
            <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : null}
      </>
    );

  return (
    <>
      <div className="notif-panel__head">
        <h2 className="notif-panel__title" tabIndex={-1}>
          <Trans>Notifications</Trans>
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void markAll()}
          loading={markingAll}
          disabled={unseen === 0 || query.isPending}
          data-testid="notifications-mark-all"
        >
          <Trans>Mark all as read</Trans>
        </Button>
      </div>
      <div className="notif-panel__scroll" ref={scroller} data-testid="notifications-scroll">
        {body}
      </div>
    </>
  );
}

function NotificationRow({
  item,
  busy,
  onOpen,
  onToggle,
  onDelete,
}: {
  item: NotificationPayload;
  busy: boolean;
  onOpen: (item: NotificationPayload) => void;
  onToggle: (item: NotificationPayload, seen: boolean) => Promise<void>;
  onDelete: (item: NotificationPayload) => Promise<boolean>;
}) {
  const { i18n, t } = useLingui();
  const row = useRef<HTMLLIElement>(null);
  // The row goes away: keyboard focus moves to the next one (or the previous, or the panel's heading).
  const deleteAndMoveFocus = async () => {
    const li = row.current;
    const target = (li?.nextElementSibling ?? li?.previousElementSibling)?.querySelector<HTMLElement>('.notif-item__main');
    const heading = li?.closest('.notif-panel')?.querySelector<HTMLElement>('.notif-panel__title');
    if (await onDelete(item)) (target ?? heading)?.focus();
  };
  const fmt = useFormat();
  const text = messageText(i18n, { code: item.code, params: item.params });
  const content = (
    <>
      <span className={`notif-item__icon notif-item__icon--${item.type}`} aria-hidden="true">
        <Icon name={TYPE_ICON[item.type] ?? 'bell'} size={18} />
      </span>
      <span className="notif-item__text">
        {!item.seen ? (
          <span className="visually-hidden">
            <Trans>Unread:</Trans>{' '}
          </span>
        ) : null}
        <span className="notif-item__message">{text}</span>
        <time className="notif-item__time" dateTime={item.created_at} title={fmt.dateTime(item.created_at)}>
          {daysAgoLabel(i18n, item.created_at)}
        </time>
      </span>
    </>
  );
  return (
    <li
      ref={row}
      className={`notif-item${item.seen ? '' : ' notif-item--unread'}`}
      data-testid="notification"
      data-id={item.id}
      data-seen={item.seen}
    >
      {item.link ? (
        <Link href={item.link} className="notif-item__main" onClick={() => onOpen(item)}>
          {content}
        </Link>
      ) : (
        <button type="button" className="notif-item__main" onClick={() => onOpen(item)}>
          {content}
        </button>
      )}
      <span className="notif-item__actions">
        <button
          type="button"
          className="icon-btn icon-btn--sm"
          aria-label={item.seen ? t`Mark as unread: ${text}` : t`Mark as read: ${text}`}
          title={item.seen ? t`Mark as unread` : t`Mark as read`}
          aria-disabled={busy || undefined}
          onClick={() => void onToggle(item, !item.seen)}
          data-testid="notification-toggle"
        >
          <Icon name={item.seen ? 'mail' : 'mailOpen'} size={18} />
        </button>
        <button
          type="button"
          className="icon-btn icon-btn--sm"
          aria-label={t`Delete notification: ${text}`}
          title={t`Delete`}
          aria-disabled={busy || undefined}
          onClick={() => void (busy ? undefined : deleteAndMoveFocus())}
          data-testid="notification-delete"
        >
          <Icon name="trash" size={18} />
        </button>
      </span>
    </li>
  );
}
