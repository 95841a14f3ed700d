// The weekly newsletter (PRODUCT.md "Other"): the footer box stores a subscription; a
// weekly job mails every active subscriber a digest of the week's new listings through the outbox, each mail with
// an unsubscribe link that works without logging in (its own random token). Administrators see the runs.
import type { z } from 'zod';
import { pageOf } from '../../../shared/schemas/_primitives';
import { DIGEST_LISTINGS_SHOWN, type subscribeInput } from '../../../shared/schemas/newsletter';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Env } from '../../env';
import type { AdminActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { mailFormat, referenceText } from '../../lib/i18n';
import { enqueueMails, publicUrl } from '../../lib/mail';
import { loadTypedNames } from '../common/service';
import * as repo from './repo';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Idempotent: subscribing twice keeps one row and re-activates an unsubscribed address. */
export async function subscribe(deps: Deps, input: z.output<typeof subscribeInput>) {
  await repo.upsertSubscriber(deps.db, { email: input.email, language: input.language });
  return { subscribed: true as const };
}

/** "a•••@example.com": enough for the owner to recognise, little for whoever else holds the link. */
export function maskEmail(email: string) {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

async function subscriberOf(db: DbOrTx, token: string) {
  const row = await repo.findByToken(db, token);
  if (!row) throw new AppError('NOT_FOUND', { message: { code: 'newsletter.invalidToken' } });
  return row;
}

/** What the unsubscribe page shows before the click: whose address (masked) and whether it still gets the digest. */
export async function unsubscribeInfo(deps: Deps, input: { token: string }) {
  const row = await subscriberOf(deps.db, input.token);
  return { email: maskEmail(row.email), subscribed: row.unsubscribed_at === null };
}

/** POST api/newsletter/unsubscribe {token}: no login, the token is the permission; a repeat is harmless. */
export async function unsubscribe(deps: Deps, input: { token: string }) {
  await subscriberOf(deps.db, input.token);
  await repo.unsubscribe(deps.db, input.token);
  return unsubscribeInfo(deps, input);
}

/** The Monday (UTC) that starts the week holding `d`. */
export function weekStart(d: Date): Date {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/**
 * The job's work, in its transaction (docs/decisions/0074): the digest of the week before the current one (Monday to
 * Sunday, UTC), sent by the first run in each week. The week is claimed by a unique row, so a second run in the same
 * week, on this instance or another, sends nothing. A week without new listings is recorded with no mail.
 */
export async function sendWeeklyDigest(tx: DbOrTx, env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, now = new Date()) {
  const end = weekStart(now);
  const start = new Date(end.getTime() - 7 * DAY_MS);
  const period = { period_start: isoDay(start), period_end: isoDay(new Date(end.getTime() - DAY_MS)) };
  const runId = await repo.claimRun(tx, period);
  if (runId === null) return { sent: false as const, ...period };
  const [subscribers, listings, typed] = await Promise.all([
    repo.activeSubscribers(tx),
    repo.weekListings(tx, start, end, DIGEST_LISTINGS_SHOWN),
    loadTypedNames(tx),
  ]);
  let mails = 0;
  if (listings.total > 0) {
    // The lines name each listing's material group in the subscriber's language: one text per language.
    const linesByLanguage = new Map<string, string>();
    const linesIn = (language: string) => {
      let lines = linesByLanguage.get(language);
      if (lines === undefined) {
        lines = listings.rows
          .map((l) => {
            const group = l.group ? referenceText(language, l.group, typed) : null;
            return `• ${l.title}${group ? ` (${group}${l.city ? `, ${l.city}` : ''})` : l.city ? ` (${l.city})` : ''}\n  ${publicUrl(env, `/material/${l.id}`)}`;
          })
          .join('\n');
        linesByLanguage.set(language, lines);
      }
      return lines;
    };
    mails = await enqueueMails(
      tx,
      subscribers.map((s) => ({
        to: s.email,
        template: 'newsletter_digest' as const,
        language: s.language,
        data: {
          week: mailFormat(s.language).day(period.period_start),
          count: listings.total,
          listings: linesIn(s.language),
          url: publicUrl(env, '/database'),
          unsubscribe_url: publicUrl(env, `/newsletter/unsubscribe/${s.token}`),
        },
      })),
    );
  }
  const figures = { subscribers: subscribers.length, listings: listings.total, mails_queued: mails };
  await repo.finishRun(tx, runId, figures);
  return { sent: true as const, ...period, ...figures };
}

/** GET admin/newsletter/runs: the digests sent, newest week first, with today's subscriber counts. */
export async function listRuns(deps: Deps, _actor: AdminActor, input: { page: number; size: number }) {
  const [{ rows, total }, subscribers] = await Promise.all([repo.listRuns(deps.db, input.page, input.size), repo.subscriberCounts(deps.db)]);
  const next = new Date(weekStart(new Date()).getTime() + 7 * DAY_MS);
  return { ...pageOf(rows, total, input.page, input.size), subscribers, next_run_after: next.toISOString() };
}
