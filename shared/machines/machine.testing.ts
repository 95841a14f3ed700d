// The exhaustive test every machine gets beside it (machine.ts: "test the table exhaustively"), written once.
import { expect, it } from 'vitest';
import type { Machine } from './machine';

/** Every state × action written out by hand: the state it leads to, or null where the state refuses it. */
export type ExpectedTable<S extends string, A extends string> = { readonly [From in S]: { readonly [Action in A]: S | null } };

/**
 * One test per state × action against the table written out again: `next` is the domain's own wrapper
 * (nextOfferStatus…) where it has one, so that is checked too; `can` and `actionsFrom` must agree with it.
 */
export function itFollowsTheTable<S extends string, A extends string>(
  machine: Machine<S, A>,
  expected: ExpectedTable<S, A>,
  next: (from: S, action: A) => S | null = machine.next,
) {
  it('has a written-out row for every state', () => expect(Object.keys(expected).sort()).toEqual([...machine.states].sort()));
  for (const from of machine.states) {
    for (const action of machine.actions) {
      const want = expected[from][action];
      it(`${from} + ${action} → ${want ?? 'refused'}`, () => {
        expect(next(from, action)).toBe(want);
        expect(machine.can(from, action)).toBe(want !== null);
        expect(machine.actionsFrom(from).includes(action)).toBe(want !== null);
      });
    }
  }
}
