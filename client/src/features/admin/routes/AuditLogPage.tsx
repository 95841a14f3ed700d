// /admin/audit-log (issue 14 deliverable 6): every administrator action that changed data, newest first: who,
// what, when, and the changed fields before and after. Filtered by administrator, kind of object and period; paged.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AUDIT_ENTITIES, auditLogInput, type AuditEntity } from '@shared/schemas/audit';
import { Card, PageHeader } from '@/components/ui/Card';
import { SelectField, TextField } from '@/components/ui/Field';
import { Pagination } from '@/components/ui/Pagination';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { encodedMessageText } from '@/lib/messages';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import '../admin-console.css';

type Entry = RouterOutputs['audit']['admin']['list']['items'][number];
const PAGE_SIZE = 20;

const ENTITY_LABELS: Record<AuditEntity, MessageDescriptor> = {
  company: msg`Company`,
  user: msg`User`,
  registration: msg`Registration`,
  subscription: msg`Subscription`,
  subscription_plan: msg`Subscription plan`,
  bulk_access: msg`Bulk upload access`,
  material_group: msg`Material group`,
  subcategory: msg`Subcategory`,
  donation: msg`Donation`,
  donation_tag: msg`Donation tag`,
  driver: msg`Driver`,
  vehicle: msg`Vehicle`,
  trip: msg`Trip`,
  query: msg`Help query`,
  newsletter: msg`Newsletter`,
};

/** The verbs actions end with; an unknown one is shown as it is stored. */
const VERB_LABELS: Record<string, MessageDescriptor> = {
  create: msg`created`,
  update: msg`changed`,
  delete: msg`deleted`,
  move: msg`moved`,
  approve: msg`approved`,
  reject: msg`rejected`,
  grant: msg`granted`,
  deny: msg`denied`,
  assign: msg`assigned`,
  extend: msg`extended`,
  cancel: msg`cancelled`,
  resetLink: msg`reset link created`,
  answer: msg`answered by mail`,
  markAnswered: msg`marked answered`,
  read: msg`read`,
  unread: msg`marked unread`,
};

const show = (v: unknown) => (v === null || v === undefined ? '–' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function AuditLogPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const [actor, setActor] = useState('');
  const [entity, setEntity] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(0);
  const filters = {
    actor_user_id: actor ? Number(actor) : undefined,
    entity: (entity || undefined) as AuditEntity | undefined,
    from: from || undefined,
    to: to || undefined,
    page,
    size: PAGE_SIZE,
  };
  const checked = auditLogInput.safeParse(filters);
  const periodError = !checked.success
    ? checked.error.issues.map((i) => encodedMessageText(i18n, i.message) ?? i.message)[0]
    : from && to && from > to
      ? t`The end date must not be before the start date`
      : undefined;
  const valid = checked.success && !periodError;
  const actors = useQuery(trpc.audit.admin.actors.queryOptions());
  const log = useQuery({ ...trpc.audit.admin.list.queryOptions(filters), enabled: valid, placeholderData: keepPreviousData });
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => (set(v), setPage(0));
  return (
    <>
      <PageHeader
        title={<Trans>Audit log</Trans>}
        description={<Trans>Every change an administrator made, newest first: who, what, when, and the values before and after.</Trans>}
      />
      <Card>
        <div className="form-grid audit-filters">
          <SelectField label={<Trans>Administrator</Trans>} value={actor} onChange={(e) => reset(setActor)(e.target.value)} data-testid="audit-actor">
            <option value="">{t`Everyone`}</option>
            {actors.data?.items.map((a) => (
              <option key={a.actor_user_id} value={a.actor_user_id}>
                {a.name ? `${a.name} (${a.email})` : a.email}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={<Trans>Kind of object</Trans>}
            value={entity}
            onChange={(e) => reset(setEntity)(e.target.value)}
            data-testid="audit-entity"
          >
            <option value="">{t`All`}</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {i18n._(ENTITY_LABELS[e])}
              </option>
            ))}
          </SelectField>
          <TextField label={<Trans>From</Trans>} type="date" value={from} max={to || undefined} onChange={(e) => reset(setFrom)(e.target.value)} />
          <TextField
            label={<Trans>To</Trans>}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => reset(setTo)(e.target.value)}
            error={periodError}
          />
        </div>
        {!valid ? null : log.isPending ? (
          <LoadingState />
        ) : log.isError ? (
          <ErrorState title={<Trans>The audit log could not be loaded</Trans>} onRetry={() => void log.refetch()} />
        ) : log.data.items.length === 0 ? (
          <EmptyState icon="clock" title={<Trans>No entries match</Trans>}>
            <p>
              <Trans>Changes made by administrators appear here as they happen.</Trans>
            </p>
          </EmptyState>
        ) : (
          <>
            <ol className="audit-list" data-testid="audit-list">
              {log.data.items.map((e) => (
                <AuditEntryItem key={e.id} entry={e} when={fmt.dateTime(e.created_at)} />
              ))}
            </ol>
            <Pagination
              page={page}
              size={PAGE_SIZE}
              total={log.data.total}
              totalPages={log.data.totalPages}
              itemsOnPage={log.data.items.length}
              onPage={setPage}
            />
          </>
        )}
      </Card>
    </>
  );
}

function AuditEntryItem({ entry, when }: { entry: Entry; when: string }) {
  const { i18n } = useLingui();
  const entity = entry.entity as AuditEntity;
  const verb = entry.action.slice(entry.action.indexOf('.') + 1);
  const what = ENTITY_LABELS[entity] ? i18n._(ENTITY_LABELS[entity]) : entry.entity;
  const did = VERB_LABELS[verb] ? i18n._(VERB_LABELS[verb]) : verb;
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const who = entry.actor_name ? `${entry.actor_name} (${entry.actor_email})` : entry.actor_email;
  const id = entry.entity_id ?? '–';
  return (
    <li className="audit-entry" data-testid="audit-entry">
      <p className="audit-entry__head">
        {/* Object, number and verb: each part is translated on its own. */}
        <strong>{`${what} #${id} ${did}`}</strong>
        <span className="muted">
          {when} · {who}
        </span>
      </p>
      {fields.length ? (
        <dl className="audit-entry__changes">
          {fields.map((f) => (
            <div key={f} className="audit-entry__change">
              <dt>{f}</dt>
              <dd>
                {entry.before ? <span className="audit-entry__before">{show(before[f])}</span> : null}
                {entry.before && entry.after ? <span aria-hidden="true"> → </span> : null}
                {entry.before && entry.after ? (
                  <span className="visually-hidden">
                    <Trans>becomes</Trans>
                  </span>
                ) : null}
                {entry.after ? <span className="audit-entry__after">{show(after[f])}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
