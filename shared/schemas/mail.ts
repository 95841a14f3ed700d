// The mail outbox as administrators read it (mail is written by server/lib/mail enqueueMail).
import { z } from './_zod';
import { MAIL_STATUSES } from '../constants/enums';

export const mailOutboxInput = z
  .object({
    status: z.enum(MAIL_STATUSES).optional(),
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .default({ page: 0, size: 20 });
