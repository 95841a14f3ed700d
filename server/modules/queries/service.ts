// Help-page queries (PRODUCT.md "Help page"): the help form creates them; administrators
// read them unread-first, answer by mail through the outbox, or mark them answered. Every change is audited.
import { pageOf } from '../../../shared/schemas/_primitives';
import type { z } from 'zod';
import type { AdminQueriesInput, AnswerQueryInput, createQueryInput } from '../../../shared/schemas/queries';
import type { Deps } from '../../deps';
import type { Actor, AdminActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { mailFormat } from '../../lib/i18n';
import { enqueueMail } from '../../lib/mail';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

/** A help-page message becomes a query that administrators see at /admin/queries. */
export async function createQuery(deps: Deps, actor: Actor, input: z.output<typeof createQueryInput>) {
  const row = await repo.insertQuery(deps.db, {
    name: input.name,
    email: input.email,
    subject: input.subject ?? null,
    message: input.message,
    language: input.language,
    user_id: actor.kind === 'user' ? actor.user_id : null,
  });
  return { id: row.id };
}

/** GET admin/queries: unread first, then newest, paged; with the number unread in all. */
export async function listQueries(deps: Deps, _actor: AdminActor, input: AdminQueriesInput) {
  const { rows, total, unread } = await repo.listQueries(deps.db, input);
  return { ...pageOf(rows, total, input.page, input.size), unread };
}

export async function getQuery(deps: Deps, _actor: AdminActor, input: { id: number }) {
  const row = await repo.findQuery(deps.db, input.id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** PUT admin/queries/{id}/read: read (the first reader is kept) or unread again; a repeat changes nothing. */
export async function setQueryRead(deps: Deps, actor: AdminActor, input: { id: number; read: boolean }) {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findQuery(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND');
    const changed = await repo.setRead(tx, input.id, input.read, actor.user_id);
    if (!changed) return;
    await recordAudit(tx, actor, {
      action: input.read ? 'query.read' : 'query.unread',
      entity: 'query',
      entity_id: input.id,
      before: { read_at: before.read_at },
      after: { read_at: changed.read_at },
    });
  });
  return getQuery(deps, actor, input);
}

/** Words that open a greeting line in the three languages ("Hello Ida,", "Kære Ida", "Salam Ida,"). */
const GREETING =
  /^\s*(hello|hi|hey|dear|good (morning|afternoon|evening)|hej|kære|goddag|hai|helo|salam|assalamualaikum|selamat (pagi|petang|tengah hari))\b[^\n]{0,60}\n+/iu;

/**
 * The answer as the mail quotes it: the mail greets the sender in their language itself, so a greeting line the
 * administrator began with is left out rather than sent twice ("Hello Ida, / Hello Ida, / Yes: ...").
 */
export function withoutGreeting(answer: string): string {
  const rest = answer.replace(GREETING, '');
  return rest.trim() ? rest : answer;
}

/**
 * POST admin/queries/{id}/answer {message}: the answer goes to the sender by mail (outbox, in the query's
 * language) and the query is answered, in one transaction; a query is answered once (409 after that).
 */
export async function answerQuery(deps: Deps, actor: AdminActor, input: AnswerQueryInput) {
  await deps.db.transaction(async (tx) => {
    const query = await repo.findQuery(tx, input.id);
    if (!query) throw new AppError('NOT_FOUND');
    const claimed = await repo.claimAnswer(tx, input.id, actor.user_id, input.message);
    if (!claimed) throw new AppError('CONFLICT', { message: { code: 'query.alreadyAnswered' } });
    const sentAt = mailFormat(query.language).dateTime(query.created_at);
    const mail = await enqueueMail(tx, {
      to: query.email,
      template: 'query_answer',
      language: query.language,
      data: {
        name: query.name,
        subject: query.subject ?? query.message.replace(/\s+/g, ' ').slice(0, 60),
        answer: withoutGreeting(input.message),
        question: query.message,
        sent_at: sentAt,
      },
    });
    await recordAudit(tx, actor, {
      action: 'query.answer',
      entity: 'query',
      entity_id: input.id,
      before: { status: 'open' },
      after: { status: 'answered', answer: input.message, mail_id: mail.id, to: query.email },
    });
  });
  return getQuery(deps, actor, input);
}

/** POST admin/queries/{id}/mark-answered: answered another way (phone, a mail outside the product); no mail. */
export async function markQueryAnswered(deps: Deps, actor: AdminActor, input: { id: number }) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.findQuery(tx, input.id))) throw new AppError('NOT_FOUND');
    const claimed = await repo.claimAnswer(tx, input.id, actor.user_id, null);
    if (!claimed) throw new AppError('CONFLICT', { message: { code: 'query.alreadyAnswered' } });
    await recordAudit(tx, actor, {
      action: 'query.markAnswered',
      entity: 'query',
      entity_id: input.id,
      before: { status: 'open' },
      after: { status: 'answered' },
    });
  });
  return getQuery(deps, actor, input);
}
