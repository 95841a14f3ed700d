import { describe, expect, it } from 'vitest';
import { FAILED_TO_FETCH, MissingSuccessError, requireSuccess } from './dashboard';

describe('donations dashboard answers', () => {
  it('passes the data of an answer that says success', () => {
    expect(requireSuccess<{ n: number }>('metrics')({ success: true, data: { n: 3 } })).toEqual({ n: 3 });
  });

  it.each([
    [null],
    [undefined],
    [{}],
    [{ data: { n: 1 } }],
    [{ success: false, data: { n: 1 } }],
    [{ success: 'true', data: { n: 1 } }],
    [{ success: true }],
  ])('refuses an answer lacking success (%j) with the section named', (answer) => {
    expect(() => requireSuccess<{ n: number }>('topDonors')(answer)).toThrow(MissingSuccessError);
    try {
      requireSuccess<{ n: number }>('topDonors')(answer);
    } catch (e) {
      expect((e as MissingSuccessError).section).toBe('topDonors');
    }
  });

  it("has a 'Failed to fetch ... data' message for each section", () => {
    for (const d of Object.values(FAILED_TO_FETCH)) expect(d.message).toMatch(/^Failed to fetch .+ data$/);
  });
});
