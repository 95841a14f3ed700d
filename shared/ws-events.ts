// Real-time events (SPEC §7 "Real-time channel"). Server → client messages are `{ event, data }` JSON
// frames on /ws?token=..., or an array of such frames when several belong together (a notification and
// the counter it changes).
import type { NotificationType } from './constants/enums';
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
  body: string;
  created_at: string;
  attachments: { id: number; name: string; url: string }[];
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
