// The search memory (decision 0161): bounded, oldest entry first out, and one per database.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { SearchMemory, searchMemoryOf } from './search-memory';

describe('SearchMemory', () => {
  it('keeps at most its bound of first ring widths and of walks, dropping the oldest first', () => {
    const memory = new SearchMemory({ firstRings: 3, walks: 2 });
    for (const key of ['a', 'b', 'c', 'd']) memory.setFirstRingKm(key, 2);
    for (const key of ['x', 'y', 'z']) memory.rememberWalk(key);
    expect(memory.size).toEqual({ firstRings: 3, walks: 2 });
    expect(memory.firstRingKm('a')).toBeUndefined();
    expect(memory.firstRingKm('d')).toBe(2);
    expect(memory.walked('x')).toBe(false);
    expect(memory.walked('z')).toBe(true);
  });

  it('changes a learned width in place and forgets it on null, without counting twice', () => {
    const memory = new SearchMemory({ firstRings: 2, walks: 2 });
    memory.setFirstRingKm('a', 2);
    memory.setFirstRingKm('b', 1);
    memory.setFirstRingKm('a', 1);
    expect(memory.firstRingKm('a')).toBe(1);
    expect(memory.firstRingKm('b')).toBe(1);
    memory.setFirstRingKm('a', null);
    expect(memory.firstRingKm('a')).toBeUndefined();
    memory.rememberWalk('w');
    memory.forgetWalk('w');
    expect(memory.size).toEqual({ firstRings: 1, walks: 0 });
  });

  it('is one per database: what one database taught does not reach another', () => {
    const a = {} as Database;
    const b = {} as Database;
    searchMemoryOf(a).rememberWalk('k');
    expect(searchMemoryOf(a).walked('k')).toBe(true);
    expect(searchMemoryOf(b).walked('k')).toBe(false);
  });
});
