// Real-time events (SPEC §7 "Real-time channel"). Server → client messages are `{ event, data }` JSON
// frames on /ws?token=..., or an array of such frames when several belong together (a notification and
// the counter it changes).
import type { DonationStatus, NotificationType, TripStatus } from './constants/enums';
import type { TripPhase } from './machines/trip';
import type { MessageCode, MessageParams } from './messages';

export interface NotificationPayload {
  id: number;
  /** A message code (shared/messages.ts) and its parameters: the client shows it in the reader's language. */
  code: MessageCode;
  params: MessageParams;
  /** The same message in English (SPEC field). */
  message: string;
  type: NotificationType;
  seen: boolean;
  created_at: string;
  link: string | null;
}

export interface ChatMessagePayload {
  id: number;
  chat_id: number;
  sender_user_id: number | null;
  sender_company_id: number;
  /** The sender's name, so a message that arrives live reads like one loaded from the history. */
  sender_first_name: string | null;
  sender_last_name: string | null;
  body: string;
  created_at: string;
  attachments: { id: number; name: string; url: string; mime_type: string; size_bytes: number }[];
}

export interface ServerEvents {
  newNotification: NotificationPayload;
  message: ChatMessagePayload;
  /** A user read the chat up to a message: read receipts for the other company, the counter for the reader. */
  messageSeen: { chat_id: number; user_id: number; company_id: number; last_read_message_id: number; seen_at: string };
  newOffer: { offer_id: number; material_id: number };
  newMessagesNumber: { count: number };
  pendingOffersNumber: { count: number };
  notificationsUnseen: { count: number };
  /** The answer to the client's `listNotifications`: one page of the user's notifications, newest first. */
  listNotifications: { items: NotificationPayload[]; total: number; totalPages: number; currentPage: number };
  /** Administrators: a driver's phone reported a position (the admin trip view and live map move it). */
  driverLocation: { driver_id: number; trip_id: number | null; lat: number; lng: number; at: string };
  /** Administrators: a trip changed (scheduled, edited, a step by its driver, a document, cancelled). */
  tripChanged: { trip_id: number; status: TripStatus; phase: TripPhase; driver_id: number | null; event_date: string | null };
  /** A donation was created, edited, decided or handed over: the donations dashboard and the admin list refetch. */
  donationChanged: { donation_id: number; status: DonationStatus };
  /** The payload of `event` was too large to push (Postgres NOTIFY limit); refetch that data over HTTP. */
  resync: { event: Exclude<keyof ServerEvents, 'resync'> };
}
export type ServerEventName = keyof ServerEvents;
export type ServerFrame = { [K in ServerEventName]: { event: K; data: ServerEvents[K] } }[ServerEventName];

/** Client → server requests: ask the hub to send the current counter or list again. */
export interface ClientEvents {
  newMessagesNumber: Record<string, never>;
  listNotifications: { page?: number };
}
export type ClientEventName = keyof ClientEvents;
export type ClientFrame = { [K in ClientEventName]: { event: K; data: ClientEvents[K] } }[ClientEventName];

export const WS_PATH = '/ws';
export const WS_MAX_PAYLOAD = 4 * 1024;
export const WS_HEARTBEAT_MS = 30_000;
/** Close codes the client acts on (4000-4999 are reserved for applications by RFC 6455). */
export const WS_CLOSE_SESSION_EXPIRED = 4001;
/** The session was ended on the server (logout, logout everywhere, password change): do not reconnect with this token. */
export const WS_CLOSE_SESSION_REVOKED = 4401;
