// Conversation logic without React: one message shape for pages and live frames, merging, day groups,
// the read receipt, and the client-side attachment checks (the server checks again, by content).
import { LIMITS } from '@shared/constants/limits';
import type { Message } from '@shared/messages';

export interface ChatAttachment {
  id: number;
  name: string;
  url: string;
  mime_type?: string | null;
  size_bytes?: number | null;
}

/** A message typed (and files attached) but not sent yet. */
export interface Draft {
  message: string;
  files: File[];
}
/** Unsent drafts per conversation, for this page load: they survive switching to another conversation and back. */
export const drafts = new Map<number, Draft>();

export interface ChatMessage {
  id: number;
  chat_id: number;
  sender_user_id: number | null;
  sender_company_id: number;
  /** The sender's name when the server sent it (pages do, live frames do not). */
  sender_name: string | null;
  /** The sender has since been removed from their company: the name is shown as a former member's. */
  sender_former: boolean;
  body: string;
  /** ISO timestamp. */
  created_at: string;
  attachments: ChatAttachment[];
}

/** A message from a chat.get page or a `message` frame, in one shape. */
export function toChatMessage(row: {
  id: number;
  chat_id: number;
  sender_user_id: number | null;
  sender_company_id: number;
  sender_first_name?: string | null;
  sender_last_name?: string | null;
  sender_former?: boolean;
  body: string;
  created_at: Date | string;
  attachments: ChatAttachment[];
}): ChatMessage {
  const name = [row.sender_first_name, row.sender_last_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    chat_id: row.chat_id,
    sender_user_id: row.sender_user_id,
    sender_company_id: row.sender_company_id,
    sender_name: name || null,
    sender_former: row.sender_former ?? false,
    body: row.body,
    created_at: new Date(row.created_at).toISOString(),
    // Images first (thumbnails in a row), then files, each in the order they were attached.
    attachments: [...row.attachments].sort((a, b) => Number(isImageAttachment(b)) - Number(isImageAttachment(a)) || a.id - b.id),
  };
}

/** Both lists as one, oldest first, each message once (a page refetched after a live frame may repeat it). */
export function mergeMessages(...lists: ChatMessage[][]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const list of lists)
    for (const m of list) {
      const known = byId.get(m.id);
      // A page's copy carries the sender's name; keep it over a live frame's.
      byId.set(m.id, known && !m.sender_name ? { ...m, sender_name: known.sender_name, sender_former: known.sender_former } : m);
    }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The calendar day of a moment in the browser's time zone, as YYYY-MM-DD. */
export function localDay(d: Date | string): string {
  const x = new Date(d);
  return `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
}

/** Messages grouped by the day they were sent, in order, for the day separators. */
export function groupByDay(messages: ChatMessage[]): { day: string; messages: ChatMessage[] }[] {
  const groups: { day: string; messages: ChatMessage[] }[] = [];
  for (const m of messages) {
    const day = localDay(m.created_at);
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(m);
    else groups.push({ day, messages: [m] });
  }
  return groups;
}

/** 'today', 'yesterday' or null (show the date) for a YYYY-MM-DD day, seen from `now`. */
export function relativeDay(day: string, now: Date = new Date()): 'today' | 'yesterday' | null {
  if (day === localDay(now)) return 'today';
  const y = new Date(now);
  y.setDate(y.getDate() - 1);
  return day === localDay(y) ? 'yesterday' : null;
}

/** The id of our newest message when the other company has read up to it (the 'Seen' receipt), else null. */
export function seenMessageId(messages: ChatMessage[], ownCompanyId: number, otherLastRead: number | null): number | null {
  const ours = messages.findLast((m) => m.sender_company_id === ownCompanyId);
  return ours && otherLastRead !== null && otherLastRead >= ours.id ? ours.id : null;
}

const IMAGE_EXT = /\.(png|jpe?g|gif)$/i;
export const isImageAttachment = (a: ChatAttachment) => (a.mime_type ? a.mime_type.startsWith('image/') : IMAGE_EXT.test(a.url));

/** What the server accepts (checked there by content): images, PDF and Office documents. */
const ALLOWED: Record<string, string[]> = {
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
};
/** For the file picker's `accept`. */
export const ATTACHMENT_ACCEPT = [...Object.keys(ALLOWED).map((e) => `.${e}`), ...new Set(Object.values(ALLOWED).flat())].join(',');

type FileLike = { name: string; size: number; type: string };

function allowedType(f: FileLike) {
  const ext = /\.([a-z0-9]+)$/i.exec(f.name)?.[1]?.toLowerCase();
  const types = ext ? ALLOWED[ext] : undefined;
  // The extension decides; a browser that reports a type must agree with it (an empty type is common for Office files).
  return types !== undefined && (f.type === '' || types.includes(f.type) || f.type === 'application/octet-stream');
}

/**
 * Files picked for a message, checked before anything is read or sent: type, size (10 MB each) and count (at
 * most 5 per message, counting those already picked). Refused files come back with the reason as a message code.
 */
export function checkAttachments<F extends FileLike>(
  picked: F[],
  alreadyAttached: number,
): { accepted: F[]; refused: { file: F; reason: Message }[] } {
  const accepted: F[] = [];
  const refused: { file: F; reason: Message }[] = [];
  for (const file of picked) {
    if (!allowedType(file)) refused.push({ file, reason: { code: 'chat.attachmentType' } });
    else if (file.size > LIMITS.chatAttachmentBytes)
      refused.push({ file, reason: { code: 'chat.attachmentTooLarge', params: { mb: LIMITS.chatAttachmentBytes / (1024 * 1024) } } });
    else if (file.size === 0) refused.push({ file, reason: { code: 'chat.attachmentUnreadable' } });
    else if (alreadyAttached + accepted.length >= LIMITS.chatAttachmentsMax)
      refused.push({ file, reason: { code: 'chat.tooManyAttachments', params: { max: LIMITS.chatAttachmentsMax } } });
    else accepted.push(file);
  }
  return { accepted, refused };
}
