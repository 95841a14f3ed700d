// Synergy states (SPEC §4): IN_PROGRESS, then COMPLETED with a successful flag. Chat only while in
// progress (a completed synergy is read-only); rating only once completed (once per company).
import { LEVELS_OF_COMPLETION, type LevelOfCompletion } from '../constants/enums';
import { defineMachine } from './machine';

export const EXCHANGE_ACTIONS = ['chat', 'end', 'rate'] as const;
export type ExchangeAction = (typeof EXCHANGE_ACTIONS)[number];

export const exchangeMachine = defineMachine(LEVELS_OF_COMPLETION, EXCHANGE_ACTIONS, {
  IN_PROGRESS: { chat: 'IN_PROGRESS', end: 'COMPLETED' },
  COMPLETED: { rate: 'COMPLETED' },
});

export function nextExchangeLevel(from: LevelOfCompletion, action: ExchangeAction): LevelOfCompletion | null {
  return exchangeMachine.next(from, action);
}

export const canExchange = (level: LevelOfCompletion, action: ExchangeAction) => exchangeMachine.can(level, action);
