import { z } from './_zod';
import { LANGUAGES, QUERY_STATUSES } from '../constants/enums';
import { email, id, language, optionalText, pageInput, queryBoolean, requiredText, pageOutput } from './_primitives';

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

/** The help form's answer: the new query's id. */
export const createQueryOutput = z.object({ id: z.number().int() });

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** queries.admin.get */
export const adminGetOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  language: z.enum(LANGUAGES),
  user_id: z.number().int().nullable(),
  status: z.enum(QUERY_STATUSES),
  read_at: z.date().nullable(),
  read_by_email: z.string().nullable(),
  answer: z.string().nullable(),
  answered_at: z.date().nullable(),
  answered_by_email: z.string().nullable(),
  created_at: z.date(),
});
/** queries.admin.setRead */
export const adminSetReadOutput = adminGetOutput;
/** queries.admin.answer */
export const adminAnswerOutput = adminGetOutput;
/** queries.admin.markAnswered */
export const adminMarkAnsweredOutput = adminGetOutput;
/** queries.admin.list */
export const adminListOutput = pageOutput(adminMarkAnsweredOutput).extend({ unread: z.number() });
