// Typed domain events. A service emits an event inside its own transaction; every listener runs in that
// same transaction, so what a listener writes (notification rows, queued mail, realtime NOTIFYs, which
// Postgres delivers only on commit) exists exactly when the change that caused it does: nothing is held
// only in memory, and a crash between commit and push loses nothing (clients refetch after reconnecting).
// A listener that throws rolls the change back with it. Listeners are registered once by
// server/listeners.ts (registerListeners), at boot and in the test harness alike.
import type { DonationStatus, ListingKind, Language, TripStatus } from '../../shared/constants/enums';
import type { DonationAction } from '../../shared/machines/donation';
import type { OfferSide } from '../../shared/machines/offer';
import type { TripPhase } from '../../shared/machines/trip';
import type { ChatMessagePayload } from '../../shared/ws-events';
import type { Tx } from '../db/client';

interface RegistrationEvent {
  company_id: number;
  user_id: number;
  request_id: number;
  email: string;
  first_name: string;
  language: Language;
  company_name: string;
}

/** What every offer event says about the offer and its two companies. */
export interface OfferEvent {
  offer_id: number;
  material_id: number;
  title: string;
  offering_company_id: number;
  offering_company_name: string;
  listing_company_id: number;
  listing_company_name: string;
}

/** What every synergy event says: the synergy, its listing title, who acted and the other company. */
export interface ExchangeEvent {
  exchange_id: number;
  title: string;
  by_company_id: number;
  by_company_name: string;
  other_company_id: number;
}

export interface DomainEvents {
  'registration.submitted': RegistrationEvent;
  'registration.approved': RegistrationEvent;
  'registration.rejected': RegistrationEvent & { reason: string };
  /** A listing created in the editor: its followers are notified at once, one notification per listing. */
  'materials.created': {
    company_id: number;
    kind: ListingKind;
    items: { material_id: number; material_group_id: number | null; title: string }[];
  };
  /**
   * The listings of one bulk upload: the upload records one digest, and each follower gets one notification
   * (and mail) for the whole file after commit (docs/decisions/0151).
   */
  'materials.imported': {
    company_id: number;
    user_id: number;
    items: { material_id: number; material_group_id: number | null }[];
  };
  'offer.created': OfferEvent;
  'offer.updated': OfferEvent;
  'offer.withdrawn': OfferEvent;
  /**
   * A side put other terms on the table (quantity, price per unit in minor units of `currency`); the turn passes to
   * the other side. Webhook-ready: the payload names the offer, both companies and the new terms.
   */
  'offer.countered': OfferEvent & {
    by: OfferSide;
    round: number;
    quantity: number;
    unit_price_minor: number | null;
    currency: string | null;
    message: string;
  };
  /** `by`: the side that accepted (the owner an offer, either side a counter). */
  'offer.accepted': OfferEvent & { by: OfferSide; exchange_id: number; chat_id: number };
  'offer.rejected': OfferEvent & { reason: string | null };
  'exchange.completed': ExchangeEvent & { successful: boolean };
  'exchange.rated': ExchangeEvent & { rating: number };
  'chat.messageSent': { chat_id: number; company_ids: [number, number]; message: ChatMessagePayload };
  /** A donation was created or moved by an action of its state machine (shared/machines/donation.ts). */
  'donation.changed': {
    donation_id: number;
    action: DonationAction | 'create';
    status: DonationStatus;
    title: string;
    company_id: number;
    company_name: string;
    approver_name: string | null;
    deny_reason: string | null;
  };
  /** Sessions of these users ended (logout, logout everywhere, password change or reset): their sockets re-check. */
  'sessions.revoked': { user_ids: number[] };
  /** A trip was scheduled, changed, moved a step, got a document or was cancelled (`change` says which). */
  'trip.changed': {
    trip_id: number;
    change: TripChange;
    status: TripStatus;
    phase: TripPhase;
    driver_id: number | null;
    driver_name: string | null;
    exchange_id: number | null;
    /** The synergy's item (or the pickup company): what the companies' notifications name. */
    title: string;
    /** The synergy's two companies (null for a trip of no synergy). */
    provider_company_id: number | null;
    requester_company_id: number | null;
    event_date: string | null;
    start_time: string | null;
  };
  /** A driver's phone reported a position (PUT api/driver/location). */
  'driver.located': { driver_id: number; trip_id: number | null; lat: number; lng: number; at: string };
  'chat.read': { chat_id: number; user_id: number; company_id: number; other_company_id: number; last_read_message_id: number; seen_at: string };
}
export type DomainEventName = keyof DomainEvents;

/** What happened to a trip: scheduled by an administrator, edited (reassigned, rescheduled), a driver's step, a document, cancelled. */
export const TRIP_CHANGES = ['scheduled', 'edited', 'started', 'arrived', 'delivery_started', 'delivered', 'document', 'cancelled'] as const;
export type TripChange = (typeof TRIP_CHANGES)[number];

export type Listener<K extends DomainEventName> = (tx: Tx, payload: DomainEvents[K]) => Promise<void>;

export class EventBus {
  private readonly listeners = new Map<DomainEventName, Listener<never>[]>();

  /** Registers a listener; returns a function that removes it again. */
  on<K extends DomainEventName>(name: K, fn: Listener<K>): () => void {
    const list = this.listeners.get(name) ?? [];
    list.push(fn as Listener<never>);
    this.listeners.set(name, list);
    return () => {
      const at = list.indexOf(fn as Listener<never>);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** Runs every listener of the event, in registration order, inside the caller's transaction. */
  async emit<K extends DomainEventName>(tx: Tx, name: K, payload: DomainEvents[K]): Promise<void> {
    for (const fn of this.listeners.get(name) ?? []) await (fn as Listener<K>)(tx, payload);
  }
}
