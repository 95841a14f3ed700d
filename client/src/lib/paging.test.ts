import { describe, expect, it } from 'vitest';
import { pageRange, pageWindow } from './paging';

describe('pagination', () => {
  it('computes the shown range', () => {
    expect(pageRange(0, 12, 12)).toEqual({ from: 1, to: 12 });
    expect(pageRange(2, 12, 5)).toEqual({ from: 25, to: 29 });
    expect(pageRange(0, 12, 0)).toEqual({ from: 0, to: 0 });
  });
  it('shows first, last and neighbours with gaps', () => {
    expect(pageWindow(0, 1)).toEqual([0]);
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(5, 20)).toEqual([0, null, 4, 5, 6, null, 19]);
    expect(pageWindow(2, 20)).toEqual([0, 1, 2, 3, null, 19]);
  });
});
