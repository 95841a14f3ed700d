import { describe, expect, it } from 'vitest';
import type { NotificationPayload } from '@shared/ws-events';
import { feedItems, feedTotal, nextPage, prependLive, removeItem, setSeen, unseenAfter, type Feed, type FeedPage } from './feed';

const SIZE = 8;
const item = (id: number, seen = false): NotificationPayload => ({
  id,
  code: 'notification.text',
  params: { text: `n${id}` },
  message: `n${id}`,
  type: 'offers',
  seen,
  created_at: '2026-01-01T00:00:00.000Z',
  link: null,
});
/** The server's list: ids from `newest` down to 1; page p of size 8. */
const serverPage = (ids: number[], page: number): FeedPage => ({
  items: ids.slice(page * SIZE, page * SIZE + SIZE).map((id) => item(id)),
  total: ids.length,
  totalPages: Math.ceil(ids.length / SIZE),
  currentPage: page,
});
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
const feedOf = (...pages: FeedPage[]): Feed => ({ pages, pageParams: pages.map((p) => p.currentPage) });
/** Loads pages the way useInfiniteQuery does until nextPage says everything is there. */
function loadAll(server: number[], start: Feed): Feed {
  let feed = start;
  for (let guard = 0; guard < 50; guard++) {
    const p = nextPage(feed, SIZE);
    if (p === undefined) return feed;
    feed = { pages: [...feed.pages, serverPage(server, p)], pageParams: [...feed.pageParams, p] };
  }
  throw new Error('loading did not stop');
}

describe('notification pages', () => {
  it('starts at page 0 and moves page by page until the total is loaded', () => {
    const server = range(20, 1);
    expect(nextPage(undefined, SIZE)).toBe(0);
    const one = feedOf(serverPage(server, 0));
    expect(nextPage(one, SIZE)).toBe(1);
    const all = loadAll(server, one);
    expect(all.pageParams).toEqual([0, 1, 2]);
    expect(feedItems(all).map((i) => i.id)).toEqual(server);
    expect(nextPage(all, SIZE)).toBeUndefined();
  });

  it('prepends a live notification once, counts it, and does not repeat the item it pushed down a page', () => {
    const server = range(16, 1);
    let feed = feedOf(serverPage(server, 0));
    feed = prependLive(feed, item(17))!;
    feed = prependLive(feed, item(17))!;
    expect(
      feedItems(feed)
        .map((i) => i.id)
        .slice(0, 2),
    ).toEqual([17, 16]);
    expect(feedTotal(feed)).toBe(17);
    const after = [17, ...server];
    const all = loadAll(after, feed);
    expect(feedItems(all).map((i) => i.id)).toEqual(after);
    expect(feedTotal(all)).toBe(17);
  });

  it('does not skip the notification a delete pulled up into the loaded page', () => {
    const server = range(16, 1);
    let feed = feedOf(serverPage(server, 0));
    feed = removeItem(feed, 14)!;
    expect(feedTotal(feed)).toBe(15);
    const after = server.filter((id) => id !== 14);
    const all = loadAll(after, feed);
    expect(feedItems(all).map((i) => i.id)).toEqual(after);
  });

  it('keeps going when a page brings nothing new (the list changed in another tab)', () => {
    // Loaded 8 of 10; meanwhile another tab deleted two older ones, so page 1 repeats nothing new but the total says 10.
    const feed = feedOf(serverPage(range(10, 1), 0), { items: [item(3)], total: 10, totalPages: 2, currentPage: 1 });
    const stale = { ...feed, pages: [feed.pages[0]!, { ...feed.pages[0]!, currentPage: 1 }] };
    expect(nextPage(stale, SIZE)).toBeUndefined();
    const empty = feedOf({ items: [], total: 3, totalPages: 1, currentPage: 0 });
    expect(nextPage(empty, SIZE)).toBeUndefined();
  });

  it('removing an id that is not listed changes nothing', () => {
    const feed = feedOf(serverPage(range(3, 1), 0));
    expect(removeItem(feed, 99)).toBe(feed);
    expect(prependLive(undefined, item(1))).toBeUndefined();
  });

  it('marks read and unread in place', () => {
    const feed = feedOf(serverPage(range(3, 1), 0));
    const read = setSeen(feed, [2, 3], true)!;
    expect(feedItems(read).map((i) => i.seen)).toEqual([true, true, false]);
    expect(feedItems(setSeen(read, [3], false)).map((i) => i.seen)).toEqual([false, true, false]);
  });
});

describe('unseen counter', () => {
  it('goes down for each unread item marked read and up for each read item marked unread', () => {
    expect(unseenAfter(5, [{ seen: false }, { seen: false }, { seen: true }], true)).toBe(3);
    expect(unseenAfter(0, [{ seen: true }], false)).toBe(1);
    expect(unseenAfter(2, [{ seen: false }], false)).toBe(2);
    expect(unseenAfter(0, [{ seen: false }], true)).toBe(0);
  });
});
