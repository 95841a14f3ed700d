// State machines shared by the server and the client: one transition table per domain object, so the server's
// rule and the buttons a screen offers cannot drift apart.
//
// Listings (listing.ts), offers (offer.ts), synergies (exchange.ts), donations (donation.ts) and trips (trip.ts)
// are built this way. To add one: in shared/machines/<name>.ts list the states and actions as `as const` arrays and call
//   export const donationMachine = defineMachine(DONATION_STATUSES, DONATION_ACTIONS, {
//     pending: { approve: 'approved', deny: 'denied' },
//     approved: {},
//     ...
//   });
// Every state must have a row (the compiler checks it); an action missing from a row is not allowed in that
// state, and a row's order is the order a screen shows its actions in. Test the table exhaustively, every
// state × action, beside it. The table says only what an action does to the state; who may take it (a role, the
// owning company, an offer's side) is a separate rule: beside the table when the client needs it too (offer.ts
// OFFER_ACTION_SIDE), else in the server module's policy.ts.

/** For each state, the actions it accepts and the state each one leads to. */
export type Transitions<S extends string, A extends string> = { readonly [From in S]: { readonly [Action in A]?: S } };

export interface Machine<S extends string, A extends string> {
  readonly states: readonly S[];
  readonly actions: readonly A[];
  readonly transitions: Transitions<S, A>;
  /** The state after `action` in `from`, or null when `from` does not accept it. */
  next(from: S, action: A): S | null;
  can(from: S, action: A): boolean;
  /** The actions `from` accepts, in the order its row lists them. */
  actionsFrom(from: S): A[];
}

export function defineMachine<const S extends string, const A extends string>(
  states: readonly S[],
  actions: readonly A[],
  transitions: Transitions<S, A>,
): Machine<S, A> {
  // Own properties only: a stored status or an action from outside must never reach Object.prototype.
  const row = (from: S): Partial<Record<A, S>> => (Object.hasOwn(transitions, from) ? transitions[from] : {});
  const next = (from: S, action: A): S | null => {
    const r = row(from);
    return Object.hasOwn(r, action) ? (r[action] ?? null) : null;
  };
  return {
    states,
    actions,
    transitions,
    next,
    can: (from, action) => next(from, action) !== null,
    actionsFrom: (from) => Object.keys(row(from)) as A[],
  };
}

/**
 * For a machine whose actions each belong to one kind of actor (`actorOf`): what that actor may do in a state, the
 * buttons its screen shows, in the row's order.
 */
export function actionsBy<S extends string, A extends string, R extends string>(machine: Machine<S, A>, actorOf: Readonly<Record<A, R>>) {
  return (from: S, actor: R): A[] => machine.actionsFrom(from).filter((a) => actorOf[a] === actor);
}
