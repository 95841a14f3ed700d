import { z } from './_zod';
import { email, id, language, optionalText, pageInput, queryBoolean, requiredText } from './_primitives';

export const QUERY_MESSAGE_MAX = 1000;
export const QUERY_ANSWER_MAX = 5000;

/** Help page contact form: each submission is a query administrators answer (in the language it was sent in). */
export const createQueryInput = z.object({
  name: requiredText(100),
  email,
  subject: optionalText(150),
  message: requiredText(QUERY_MESSAGE_MAX),
  language: language.default('en'),
});
export type CreateQueryInput = z.input<typeof createQueryInput>;

export const QUERY_FILTERS = ['all', 'unread', 'open', 'answered'] as const;

/** GET admin/queries: unread first, then newest; by state and by text in name, email, subject or message. */
export const adminQueriesInput = pageInput.extend({
  status: z.enum(QUERY_FILTERS).default('all'),
  q: optionalText(100),
});
export type AdminQueriesInput = z.output<typeof adminQueriesInput>;

export const queryIdInput = z.object({ id });

/** PUT admin/queries/{id}/read {read}: opening a query marks it read; an administrator may mark it unread again. */
export const setQueryReadInput = z.object({ id, read: queryBoolean.default(true) });

/** POST admin/queries/{id}/answer {message}: mailed to the sender through the outbox, and the query is answered. */
export const answerQueryInput = z.object({ id, message: requiredText(QUERY_ANSWER_MAX) });
export type AnswerQueryInput = z.output<typeof answerQueryInput>;
