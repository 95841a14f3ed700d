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

/** Items added per step after the first ones: a step's commit (the DOM it inserts) stays one short task. */
const STEP = 4;

/** How many to show after `shown` of `total`: `STEP` more, or Infinity (all, for good) once that reaches the end. */
export function nextReveal(shown: number, total: number): number {
  return shown === Infinity || shown + STEP >= total ? Infinity : shown + STEP;
}

/**
 * The first `first` items of a list on its first render, then `STEP` more each time the browser is idle after a
 * paint, until all are shown: a long list's first load does not hold the main thread in one long task (Total
 * Blocking Time, decisions 0158 and 0260). Each step renders in a transition, which React splits into short slices;
 * stepping also keeps each commit short, which a transition does not split. Only the first load is split: once the
 * whole list has been shown, later lists (another page, other filters) render whole, so nothing below the first
 * cards blinks.
 */
export function useRevealAfterPaint<T>(items: readonly T[], first: number): readonly T[] {
  // How many are shown; Infinity once the whole list has been.
  const [count, setCount] = useState(items.length <= first ? Infinity : first);
  const total = items.length;
  useEffect(() => {
    if (count === Infinity) return;
    return afterPaint(() => startTransition(() => setCount((c) => nextReveal(c, total))));
  }, [count, total]);
  return count === Infinity ? items : items.slice(0, count);
}
