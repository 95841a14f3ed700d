// The mail outbox as administrators read it (mail is written by server/lib/mail enqueueMail).
import { z } from './_zod';
import { MAIL_STATUSES } from '../constants/enums';
import { id, pageSize } from './_primitives';

export const mailOutboxInput = z
  .object({
    status: z.enum(MAIL_STATUSES).optional(),
    /** Part of the recipient's address or of the subject. */
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(0).default(0),
    size: pageSize(20),
  })
  .default({ page: 0, size: 20 });

/** One outbox mail: `GET admin/mail-outbox/{id}`, `POST admin/mail-outbox/{id}/resend`. */
export const mailIdInput = z.object({ id });
