import { describe, expect, it } from 'vitest';
import { clock, documentProblem, kmOneDecimal, wholeMinutesOf } from './trip';

describe('delivery panel', () => {
  it('shows h:mm:ss and sends whole minutes and km with one decimal', () => {
    expect(clock(0)).toBe('0:00:00');
    expect(clock(3_723_400)).toBe('1:02:03');
    expect(wholeMinutesOf(89_000)).toBe(1);
    expect(wholeMinutesOf(29_000)).toBe(0);
    expect(kmOneDecimal(2.04)).toBe(2);
    expect(kmOneDecimal(2.05)).toBe(2.1);
  });
});

describe('documents picked in the app', () => {
  it('skips unsupported types and files above the limit, by name and size (the server checks the bytes)', () => {
    const max = 11_534_336;
    expect(documentProblem({ name: 'note.PDF', size: 10 }, max)).toBeNull();
    expect(documentProblem({ name: 'scan.jpeg', size: max }, max)).toBeNull();
    expect(documentProblem({ name: 'scan.jpeg', size: max + 1 }, max)).toBe('tooLarge');
    expect(documentProblem({ name: 'run.exe', size: 10 }, max)).toBe('type');
    expect(documentProblem({ name: 'README', size: 10 }, max)).toBe('type');
    expect(documentProblem({ name: 'photo.webp', size: 10 }, max)).toBe('type');
  });
});
