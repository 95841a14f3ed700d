import { describe, expect, it } from 'vitest';
import { nextReveal } from './useRevealAfterPaint';

describe('nextReveal', () => {
  it('adds four at a time until the list is shown whole', () => {
    const steps: number[] = [];
    for (let shown = 3; shown !== Infinity; shown = nextReveal(shown, 20)) steps.push(shown);
    expect(steps).toEqual([3, 7, 11, 15, 19]);
  });

  it('shows all for good once a step reaches the end, so a longer list later renders whole', () => {
    expect(nextReveal(2, 6)).toBe(Infinity);
    expect(nextReveal(2, 5)).toBe(Infinity);
    expect(nextReveal(Infinity, 100)).toBe(Infinity);
  });

  it('keeps stepping while more than a step remains', () => {
    expect(nextReveal(2, 7)).toBe(6);
  });
});
