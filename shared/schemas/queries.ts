import { z } from './_zod';
import { email, optionalText, requiredText } from './_primitives';

export const QUERY_MESSAGE_MAX = 1000;

/** Help page contact form: each submission is a query administrators answer. */
export const createQueryInput = z.object({
  name: requiredText(100),
  email,
  subject: optionalText(150),
  message: requiredText(QUERY_MESSAGE_MAX),
});
export type CreateQueryInput = z.input<typeof createQueryInput>;
