// Synergy states (SPEC §4): IN_PROGRESS, then COMPLETED with a successful flag. Chat only while in
// progress (a completed synergy is read-only); rating only once completed (once per company).
import type { LevelOfCompletion } from '../constants/enums';

export const EXCHANGE_ACTIONS = ['chat', 'end', 'rate'] as const;
export type ExchangeAction = (typeof EXCHANGE_ACTIONS)[number];

export const EXCHANGE_TRANSITIONS: Record<LevelOfCompletion, Partial<Record<ExchangeAction, LevelOfCompletion>>> = {
  IN_PROGRESS: { chat: 'IN_PROGRESS', end: 'COMPLETED' },
  COMPLETED: { rate: 'COMPLETED' },
};

export function nextExchangeLevel(from: LevelOfCompletion, action: ExchangeAction): LevelOfCompletion | null {
  return EXCHANGE_TRANSITIONS[from][action] ?? null;
}

export const canExchange = (level: LevelOfCompletion, action: ExchangeAction) => nextExchangeLevel(level, action) !== null;
