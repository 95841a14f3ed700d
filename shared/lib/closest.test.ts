import { describe, expect, it } from 'vitest';
import { closestCodes, editDistance } from './closest';

const CODES = ['020701', '020702', '020704', '020799', '150101', '150102', '150107', 'K-ENG-1.1.2', 'K-ENG-1.1.3', 'K-ESG-2.1.1', 'S-SPACE-1.1.1'];

describe('closest codes for a mistyped material group code', () => {
  it('counts edits', () => {
    expect(editDistance('020704', '020704')).toBe(0);
    expect(editDistance('020740', '020704')).toBe(2);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'abcdefgh', 2)).toBe(3);
  });

  it('suggests the nearest codes first, sharing the longest start', () => {
    expect(closestCodes('020705', CODES)).toEqual(['020701', '020702', '020704']);
    expect(closestCodes('0207O4', CODES)[0]).toBe('020704');
    expect(closestCodes('15 01 08', CODES)).toEqual(['150101', '150102', '150107']);
  });

  it('ignores case, spaces, dots and dashes of the product’s own codes', () => {
    expect(closestCodes('k-eng-112', CODES)[0]).toBe('K-ENG-1.1.2');
    expect(closestCodes('KENG1.1.4', CODES).slice(0, 2)).toEqual(['K-ENG-1.1.2', 'K-ENG-1.1.3']);
  });

  it('suggests nothing for something unlike any code', () => {
    expect(closestCodes('timber', CODES)).toEqual([]);
    expect(closestCodes('', CODES)).toEqual([]);
  });
});
