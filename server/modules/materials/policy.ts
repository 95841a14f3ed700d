// Pure rules for listings: who may write which kind, the status transitions (SPEC §4 "Offering: active,
// archived, deactivated, with a re-activate action"; the table is shared/machines/listing.ts, which the client's
// buttons read too), CSV cell neutralising and recommendation ranking.
import type { CompanyRole, ListingKind, ListingStatus } from '../../../shared/constants/enums';
import { listingMachine, type ListingAction } from '../../../shared/machines/listing';

/**
 * SPEC §6: MEMBER works with offerings; MANAGER also "manage offerings and donations" (the manager panel's
 * donations tab). So offerings are written by any company user, donations by managers only.
 */
export function canWriteKind(role: CompanyRole, kind: ListingKind): boolean {
  return kind === 'offering' || role === 'MANAGER';
}

/** The status after `action`, or null when the action does not apply to `current`. */
export function nextStatus(current: ListingStatus, action: ListingAction): ListingStatus | null {
  return listingMachine.next(current, action);
}

/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a cell starting with = + - @ tab or CR can run as a
 * formula when the data is later exported and opened. Such text cells are kept but prefixed with an
 * apostrophe, which spreadsheets read as "this is text". Numbers are validated separately and never reach here.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export function isFormulaLike(value: string): boolean {
  return FORMULA_START.test(value);
}
export function neutraliseCell(value: string): string {
  return isFormulaLike(value) ? `'${value}` : value;
}

/**
 * Recommendation score (PRODUCT.md: match with the company's materials_interested, distance and recency).
 * Nearness scales everything: a match counts three times as much as a non-match at the same distance, so a
 * matching listing 80 km away still beats an unrelated one next door, but one across the world does not.
 * Recency adds a smaller bonus. Parts: nearness and recency are in (0, 1].
 */
export const RECOMMENDATION_WEIGHTS = { match: 2, recency: 0.5 } as const;
/** Half-score points: a listing 50 km away has nearness 0.5, one 30 days old recency 0.5. */
export const DISTANCE_HALF_KM = 50;
export const RECENCY_HALF_DAYS = 30;

export function recommendationScore(c: { matched: boolean; distance_km: number | null; age_days: number }): number {
  const w = RECOMMENDATION_WEIGHTS;
  // Without a location (no primary address) every listing counts as equally near.
  const nearness = c.distance_km === null ? 1 : 1 / (1 + Math.max(0, c.distance_km) / DISTANCE_HALF_KM);
  const recency = 1 / (1 + Math.max(0, c.age_days) / RECENCY_HALF_DAYS);
  return nearness * (1 + (c.matched ? w.match : 0)) + w.recency * recency;
}
