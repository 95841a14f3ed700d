// Chats between the two companies of a synergy (SPEC §3, §7).
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { id, idNameOutput, pagedInput, pageOutput, pageSize } from './_primitives';
import { z } from './_zod';
import { dataUrlFile } from './materials';

/** An attachment: file name and content as a base64 data-URL; the server checks the content's real type. */
export const chatAttachmentInput = dataUrlFile(LIMITS.chatAttachmentBytes, {
  unreadable: m('chat.attachmentUnreadable'),
  tooLarge: m('chat.attachmentTooLarge', { mb: LIMITS.chatAttachmentBytes / (1024 * 1024) }),
});
export type ChatAttachmentInput = z.output<typeof chatAttachmentInput>;

export const sendMessageInput = z.object({
  id,
  message: z
    .string()
    .trim()
    .min(1, { error: m('field.required'), abort: true })
    .max(LIMITS.messageMax),
  attachments: z
    .array(chatAttachmentInput)
    .max(LIMITS.chatAttachmentsMax, m('chat.tooManyAttachments', { max: LIMITS.chatAttachmentsMax }))
    .default([]),
});
export type SendMessageInput = z.output<typeof sendMessageInput>;

export const listChatsInput = pagedInput();

/** Messages newest last; `before` (a message id) pages backwards through older ones. */
export const chatMessagesInput = z.object({
  id,
  before: id.optional(),
  size: pageSize(LIMITS.chatPageSize),
});
export type ChatMessagesInput = z.output<typeof chatMessagesInput>;

export const chatIdInput = z.object({ id });

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** A message's file, as every chat answer shows it. */
const chatAttachment = z.object({ id: z.number().int(), name: z.string(), url: z.string(), mime_type: z.string(), size_bytes: z.number() });
/** chat.markSeen */
export const markSeenOutput = z.object({ chat_id: z.number().int(), last_read_message_id: z.number().int() });
/** chat.attachments */
export const attachmentsOutput = z.object({
  items: z.array(
    z.object({
      message_id: z.number().int().nullable(),
      created_at: z.date(),
      id: z.number().int(),
      name: z.string(),
      url: z.string(),
      mime_type: z.string(),
      size_bytes: z.number(),
    }),
  ),
});
/** A message and who sent it. */
const messageFields = {
  id: z.number().int(),
  chat_id: z.number().int(),
  sender_user_id: z.number().int().nullable(),
  sender_company_id: z.number().int(),
  sender_first_name: z.string().nullable(),
  sender_last_name: z.string().nullable(),
  body: z.string(),
};
const otherCompany = z.object({ id: z.number().int(), name: z.string(), image_url: z.string().nullable() });
/** chat.send */
export const sendOutput = z.object({
  ...messageFields,
  created_at: z.string(),
  attachments: z.array(chatAttachment),
});
/** chat.list */
export const listOutput = pageOutput(
  z.object({
    id: z.number().int(),
    exchange_id: z.number().int().nullable(),
    title: z.string().nullable(),
    other_company: otherCompany,
    last_message: z.object({ id: z.number().int(), body: z.string(), sender_company_id: z.number().int(), created_at: z.date() }).nullable(),
    unread: z.number(),
    read_only: z.boolean(),
    last_activity_at: z.date(),
  }),
);
/** chat.get */
export const getOutput = z.object({
  chat: z.object({
    id: z.number().int(),
    exchange_id: z.number().int().nullable(),
    title: z.string().nullable(),
    read_only: z.boolean(),
    companies: z.array(idNameOutput),
    other_company: otherCompany,
    other_last_read_message_id: z.number().int().nullable(),
  }),
  items: z.array(z.object({ attachments: z.array(chatAttachment), ...messageFields, sender_former: z.boolean(), created_at: z.date() })),
  has_more: z.boolean(),
});
