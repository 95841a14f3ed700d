// Notifications (SPEC §3 Notification, §4, §7; issue 9 contract): pages of 8, read/unread, delete.
import { LIMITS } from '../constants/limits';
import { id } from './_primitives';
import { z } from './_zod';

export const notificationsPageInput = z
  .object({
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(100).default(LIMITS.notificationsPageSize),
  })
  .default({ page: 0, size: LIMITS.notificationsPageSize });

/** `seen` defaults to true (mark read); false marks them unread again. Ids that are not the caller's are ignored. */
export const markNotificationsInput = z.object({
  notifications: z.array(id).min(1).max(100),
  seen: z.boolean().default(true),
});

export const notificationIdInput = z.object({ id });
