// Where keyboard focus goes when a dialog closes. The native dialog hands focus back to the element that opened
// it, but a decision often removes that element (an approved request leaves the list when the list is read
// again), and focus then falls to the top of the page. This keeps it at the same place in the list instead.

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** How long after the dialog closed a removal of its opener still moves focus (the list is refetched meanwhile). */
const WATCH_MS = 5000;

interface Place {
  opener: HTMLElement;
  /** The opener's list item, its list and the item's position, to find its neighbour once it is gone. */
  item: HTMLElement | null;
  list: HTMLElement | null;
  index: number;
  /** Which of the item's controls the opener was (Approve, not Details, in the next item too). */
  control: number;
}

/** Remembers where the focus is now (call before opening a dialog). */
export function rememberFocus(): Place | null {
  const opener = document.activeElement;
  if (!(opener instanceof HTMLElement) || opener === document.body) return null;
  const item = opener.closest<HTMLElement>('li, tr');
  const list = item?.parentElement ?? null;
  return {
    opener,
    item,
    list,
    index: list && item ? Array.prototype.indexOf.call(list.children, item) : -1,
    control: item ? [...item.querySelectorAll<HTMLElement>(FOCUSABLE)].indexOf(opener) : -1,
  };
}

/** The element that takes the opener's place: the same control of the item now at its position, else the item before, else the page's heading. */
export function replacementFor(place: Place): HTMLElement | null {
  const list = place.list?.isConnected ? place.list : null;
  if (list && place.index >= 0) {
    const items = [...list.children] as HTMLElement[];
    for (const candidate of [items[place.index], items[place.index - 1], items.at(-1)]) {
      if (!candidate) continue;
      const controls = [...candidate.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const target = controls[place.control] ?? controls[0];
      if (target) return target;
    }
  }
  return document.getElementById('page-title') ?? document.querySelector<HTMLElement>('main h1, main');
}

/**
 * After a dialog closed: focus the opener if it is still there, and if it disappears within a few seconds while
 * focus is lost (on the body), focus its replacement. Stops as soon as the user moves focus themself.
 */
export function restoreFocus(place: Place | null) {
  if (!place) return;
  if (place.opener.isConnected) place.opener.focus();
  const lost = () => document.activeElement === null || document.activeElement === document.body;
  const settle = () => {
    if (place.opener.isConnected && !lost()) return false;
    if (!lost()) return true;
    const target = replacementFor(place);
    if (target) {
      if (!target.matches(FOCUSABLE) && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus();
    }
    return true;
  };
  if (settle()) return;
  const observer = new MutationObserver(() => {
    if (settle()) stop();
  });
  const timer = setTimeout(() => stop(), WATCH_MS);
  const onFocus = () => stop();
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', onFocus, true);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  // Focus the user moves elsewhere is theirs: the watch ends.
  setTimeout(() => document.addEventListener('focusin', onFocus, true), 0);
}
