import { startTransition, useEffect, useState } from 'react';

/** Runs `fn` once the browser is idle after the next paint (a timeout where requestIdleCallback is missing). */
function afterPaint(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 500 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 50);
  return () => clearTimeout(id);
}

/**
 * The first `first` items of a list on its first render, and all of them once that has painted: a long list's
 * first load does not hold the main thread in one long task (Total Blocking Time, decision 0158). The rest render
 * in a transition, which React splits into short slices. Only the first load is split: once the whole list has been
 * shown, later lists (another page, other filters) render whole, so nothing below the first cards blinks.
 */
export function useRevealAfterPaint<T>(items: readonly T[], first: number): readonly T[] {
  const [revealed, setRevealed] = useState(items.length <= first);
  useEffect(() => {
    if (revealed) return;
    return afterPaint(() => startTransition(() => setRevealed(true)));
  }, [revealed]);
  return revealed ? items : items.slice(0, first);
}
