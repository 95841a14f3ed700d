// Chats between the two companies of a synergy (SPEC §3, §7; issue 9 contract).
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { id } from './_primitives';
import { z } from './_zod';
import { dataUrlByteLength } from './materials';

/** An attachment: file name and content as a base64 data-URL; the server checks the content's real type. */
export const chatAttachmentInput = z.object({
  name: z.string().trim().min(1, m('field.required')).max(200),
  body: z.string().superRefine((body, ctx) => {
    const bytes = dataUrlByteLength(body);
    if (bytes === null || bytes === 0) ctx.addIssue({ code: 'custom', message: m('chat.attachmentUnreadable') });
    else if (bytes > LIMITS.chatAttachmentBytes)
      ctx.addIssue({ code: 'custom', message: m('chat.attachmentTooLarge', { mb: LIMITS.chatAttachmentBytes / (1024 * 1024) }) });
  }),
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

export const listChatsInput = z
  .object({
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(100).default(LIMITS.defaultPageSize),
  })
  .default({ page: 0, size: LIMITS.defaultPageSize });

/** Messages newest last; `before` (a message id) pages backwards through older ones. */
export const chatMessagesInput = z.object({
  id,
  before: id.optional(),
  size: z.coerce.number().int().min(1).max(100).default(LIMITS.chatPageSize),
});
export type ChatMessagesInput = z.output<typeof chatMessagesInput>;

export const chatIdInput = z.object({ id });
