// Stock of a listing (docs/decisions/0175): an accepted offer reserves its quantity for as long as its synergy
// has not ended unsuccessfully; what is left is available to new offers and acceptances. A sub-listing is a part
// of its listing, so an offer naming one reserves from both, and what it can still give is the smaller of the two.
// The server keeps the reserved sums (materials.reserved_quantity, sub_listings.reserved_quantity); these are the
// rules both sides read them with.
import type { LevelOfCompletion, OfferStatus } from '../constants/enums';

export interface Stock {
  quantity: number;
  reserved_quantity: number;
}

/** Listed minus reserved, never below 0 (a listing over-committed before reservations existed reads 0). */
export function availableQuantity(s: Stock): number {
  return Math.max(0, s.quantity - s.reserved_quantity);
}

/**
 * Fully reserved: accepted offers hold everything listed. A listing of 0 that nobody reserved is not "fully
 * reserved" (nothing was ever offered from it), and stays where its status puts it.
 */
export function isFullyReserved(s: Stock): boolean {
  return s.reserved_quantity > 0 && availableQuantity(s) === 0;
}

/** What an offer on the listing, or on one of its sub-listings, can still ask for. */
export function availableFor(listing: Stock, sub?: Stock | null): number {
  const whole = availableQuantity(listing);
  return sub ? Math.min(whole, availableQuantity(sub)) : whole;
}

/** Whether an offer holds stock: accepted, and its synergy (if any) not ended unsuccessfully. */
export function reservesStock(
  offerStatus: OfferStatus,
  synergy: { level_of_completion: LevelOfCompletion; successful: boolean | null } | null,
): boolean {
  if (offerStatus !== 'accepted') return false;
  return !(synergy?.level_of_completion === 'COMPLETED' && synergy.successful === false);
}

export type StockRefusal =
  /** More than the listing (or its sub-listing) ever had. */
  | { reason: 'above_listed'; max: number }
  /** Within what was listed, but accepted offers hold the rest. */
  | { reason: 'above_available'; available: number };

/**
 * Why `requested` cannot be offered or accepted now, or null when it fits. The ceiling is the sub-listing's
 * quantity when the offer names one, else the listing's.
 */
export function stockRefusal(requested: number, listing: Stock, sub?: Stock | null): StockRefusal | null {
  const listed = sub ? Math.min(sub.quantity, listing.quantity) : listing.quantity;
  if (requested > listed) return { reason: 'above_listed', max: listed };
  const available = availableFor(listing, sub);
  if (requested > available) return { reason: 'above_available', available };
  return null;
}
