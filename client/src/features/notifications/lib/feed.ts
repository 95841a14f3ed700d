// The bell's list as pages of the server's notifications.list (SPEC §4, §9: pages of 8), kept in step with
// what happens after the pages were fetched: live notifications are prepended, read/unread and deletes are
// applied in place. All pure, so the cache updates are unit-tested (feed.test.ts).
import type { InfiniteData } from '@tanstack/react-query';
import type { NotificationPayload } from '@shared/ws-events';

export interface FeedPage {
  items: NotificationPayload[];
  total: number;
  totalPages: number;
  currentPage: number;
}
export type Feed = InfiniteData<FeedPage, number>;

/** Every loaded notification once, newest first (a page fetched after a prepend may repeat an item). */
export function feedItems(feed: Feed | undefined): NotificationPayload[] {
  if (!feed) return [];
  const seen = new Set<number>();
  const out: NotificationPayload[] = [];
  for (const page of feed.pages)
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  return out;
}

/** How many notifications the user has: the newest page's total, adjusted for later live items and deletes. */
export function feedTotal(feed: Feed | undefined): number {
  const last = feed?.pages.at(-1);
  return last ? last.total : 0;
}

/**
 * The page to fetch next with `size` per page, or undefined when everything is loaded. The loaded items are
 * the first `n` of the server's list (live items were prepended, deletes removed), so the next one is at
 * offset n: the page holding it is fetched (items already loaded are skipped by feedItems). A page that
 * brought nothing new (the list changed elsewhere) moves on to the following page, so loading never stalls.
 */
export function nextPage(feed: Feed | undefined, size: number): number | undefined {
  if (!feed?.pages.length) return 0;
  const n = feedItems(feed).length;
  const total = feedTotal(feed);
  if (n >= total) return undefined;
  const last = feed.pages.at(-1)!;
  const before = new Set(feed.pages.slice(0, -1).flatMap((p) => p.items.map((i) => i.id)));
  const broughtNew = last.items.some((i) => !before.has(i.id));
  const page = broughtNew ? Math.floor(n / size) : Math.max(Math.floor(n / size), last.currentPage + 1);
  return page < Math.ceil(total / size) ? page : undefined;
}

const mapPages = (feed: Feed, fn: (page: FeedPage, index: number) => FeedPage): Feed => ({ ...feed, pages: feed.pages.map(fn) });

/** A notification pushed live: first in the list and counted once; one already listed is left as it is. */
export function prependLive(feed: Feed | undefined, item: NotificationPayload): Feed | undefined {
  if (!feed?.pages.length) return feed;
  if (feed.pages.some((p) => p.items.some((i) => i.id === item.id))) return feed;
  return mapPages(feed, (page, index) => ({
    ...page,
    items: index === 0 ? [item, ...page.items] : page.items,
    total: page.total + 1,
  }));
}

/** Read (seen) or unread again, for the given ids. */
export function setSeen(feed: Feed | undefined, ids: readonly number[], seen: boolean): Feed | undefined {
  if (!feed) return feed;
  const set = new Set(ids);
  return mapPages(feed, (page) => ({ ...page, items: page.items.map((i) => (set.has(i.id) && i.seen !== seen ? { ...i, seen } : i)) }));
}

/** A deleted notification leaves the list and the total. */
export function removeItem(feed: Feed | undefined, id: number): Feed | undefined {
  if (!feed) return feed;
  if (!feed.pages.some((p) => p.items.some((i) => i.id === id))) return feed;
  return mapPages(feed, (page) => ({ ...page, items: page.items.filter((i) => i.id !== id), total: Math.max(0, page.total - 1) }));
}

/** The unseen counter after marking `items` seen or unseen (before the server's own count arrives). */
export function unseenAfter(unseen: number, items: readonly Pick<NotificationPayload, 'seen'>[], seen: boolean): number {
  const changed = items.filter((i) => i.seen !== seen).length;
  return Math.max(0, unseen + (seen ? -changed : changed));
}
