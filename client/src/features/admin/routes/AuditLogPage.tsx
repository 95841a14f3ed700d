// /admin/audit-log: every administrator action that changed data, newest first: who,
// what, when, and the changed fields before and after. Filtered by administrator, kind of object and period; paged.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_ENTITIES, auditLogInput, type AuditEntity } from '@shared/schemas/audit';
import { useListFilters } from '@/hooks/useListFilters';
import { Card, PageHeader } from '@/components/ui/Card';
import { SelectField, TextField } from '@/components/ui/Field';
import { encodedMessageText } from '@/lib/messages';
import { useFormat } from '@/lib/format';
import { refText } from '@/lib/reference';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { Options } from '@/components/ui/Options';
import { ADMIN_PAGE_SIZE, AdminPagedList } from '../components/AdminPagedList';
import '../admin-console.css';

type Entry = RouterOutputs['audit']['admin']['list']['items'][number];

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
  job: msg`Background job`,
  mail: msg`Mail`,
  impact_mapping: msg`Impact mapping`,
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
  retry: msg`retried`,
  resend: msg`sent again`,
  set: msg`set`,
};

/** Changed fields by their label in the reader's language; a field not listed here is shown as words ("first_name" → "First name"). */
const FIELD_LABELS: Record<string, MessageDescriptor> = {
  name: msg`Name`,
  name_dk: msg`Name in Danish`,
  name_my: msg`Name in Malay`,
  slug: msg`Web address`,
  code: msg`Code`,
  kind: msg`Kind`,
  defra_material: msg`Defra material`,
  status: msg`Status`,
  company_id: msg`Company`,
  subscription_plan_id: msg`Subscription plan`,
  plan_name: msg`Plan`,
  reason: msg`Reason`,
  mode: msg`Start`,
  days: msg`Days`,
  email: msg`Email`,
  phone: msg`Phone`,
  first_name: msg`First name`,
  last_name: msg`Last name`,
  role: msg`Role`,
  level: msg`Level`,
  parent_id: msg`Parent`,
  read_at: msg`Read`,
  attempts: msg`Attempts`,
  answer: msg`Answer`,
  mail_id: msg`Mail`,
  to: msg`To`,
  title: msg`Title`,
  description: msg`Description`,
  expires_at: msg`Expires`,
  approver_name: msg`Approver name`,
  is_active: msg`Active`,
  start_date: msg`Start date`,
  end_date: msg`End date`,
  duration_days: msg`Length in days`,
  basis: msg`Basis`,
  counterfactual_route: msg`Disposal route`,
  driver_id: msg`Driver`,
  vehicle_id: msg`Vehicle`,
  event_date: msg`Scheduled date`,
  donation_tag_id: msg`Donation tag`,
};

/** Stored values the log shows in words. */
const VALUE_LABELS: Record<string, MessageDescriptor> = {
  queued: msg`Queued`,
  open: msg`Open`,
  answered: msg`Answered`,
  accepted: msg`Accepted`,
  rejected: msg`Rejected`,
  pending: msg`Pending approval`,
  approved: msg`Approved`,
  denied: msg`Denied`,
  active: msg`Active`,
  disabled: msg`Disabled`,
  material: msg`Material`,
  knowledge: msg`Knowledge`,
  space: msg`Space`,
  ASSIGNED: msg`Assigned`,
  ON_ROUTE: msg`On route`,
  ARRIVED: msg`Arrived`,
  COMPLETED: msg`Completed`,
  CANCELLED: msg`Cancelled`,
  MEMBER: msg`Member`,
  MANAGER: msg`Manager`,
  ADMIN: msg`Administrator`,
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export const fieldWords = (field: string) => {
  const words = field.replace(/_id$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A field's label in the reader's language. */
function fieldLabel(i18n: I18n, field: string): string {
  return FIELD_LABELS[field] ? i18n._(FIELD_LABELS[field]) : fieldWords(field);
}

/** A stored value as the reader reads it: yes/no, a day or a time their way, a number with their separators, a name translated; never JSON. */
function showValue(i18n: I18n, fmt: ReturnType<typeof useFormat>, field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'boolean') return v ? i18n._(msg`Yes`) : i18n._(msg`No`);
  if (typeof v === 'number') return field === 'id' || field.endsWith('_id') ? `#${v}` : fmt.number(v);
  if (typeof v === 'string') {
    if (Object.hasOwn(VALUE_LABELS, v)) return i18n._(VALUE_LABELS[v]!);
    if (ISO_DAY.test(v)) return fmt.day(v);
    if (ISO_TIME.test(v) && !Number.isNaN(Date.parse(v))) return fmt.dateTime(v);
    return refText(i18n, v);
  }
  if (Array.isArray(v)) return v.length ? v.map((x) => showValue(i18n, fmt, field, x)).join(', ') : '–';
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${fieldLabel(i18n, k)}: ${showValue(i18n, fmt, k, x)}`)
      .join('; ');
  return String(v);
}

export function AuditLogPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const { filters: shown, setFilter, page, setPage } = useListFilters({ actor: '', entity: '', from: '', to: '' });
  const { actor, entity, from, to } = shown;
  const filters = {
    actor_user_id: actor ? Number(actor) : undefined,
    entity: (entity || undefined) as AuditEntity | undefined,
    from: from || undefined,
    to: to || undefined,
    page,
    size: ADMIN_PAGE_SIZE,
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
  return (
    <>
      <PageHeader
        title={<Trans>Audit log</Trans>}
        description={<Trans>Every change an administrator made, newest first: who, what, when, and the values before and after.</Trans>}
      />
      <Card>
        <div className="form-grid audit-filters">
          <SelectField
            label={<Trans>Administrator</Trans>}
            value={actor}
            onChange={(e) => setFilter('actor', e.target.value)}
            data-testid="audit-actor"
          >
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
            onChange={(e) => setFilter('entity', e.target.value)}
            data-testid="audit-entity"
          >
            <Options values={AUDIT_ENTITIES} labels={ENTITY_LABELS} blank={t`All`} />
          </SelectField>
          <TextField label={<Trans>From</Trans>} type="date" value={from} max={to || undefined} onChange={(e) => setFilter('from', e.target.value)} />
          <TextField
            label={<Trans>To</Trans>}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setFilter('to', e.target.value)}
            error={periodError}
          />
        </div>
        {valid ? (
          <AdminPagedList
            list={log}
            loadError={<Trans>The audit log could not be loaded</Trans>}
            empty={{
              icon: 'clock',
              title: <Trans>No entries match</Trans>,
              text: <Trans>Changes made by administrators appear here as they happen.</Trans>,
            }}
            page={page}
            onPage={setPage}
          >
            {(items) => (
              <ol className="audit-list" data-testid="audit-list">
                {items.map((e) => (
                  <AuditEntryItem key={e.id} entry={e} when={fmt.dateTime(e.created_at)} />
                ))}
              </ol>
            )}
          </AdminPagedList>
        ) : null}
      </Card>
    </>
  );
}

function AuditEntryItem({ entry, when }: { entry: Entry; when: string }) {
  const { i18n } = useLingui();
  const fmt = useFormat();
  const entity = entry.entity as AuditEntity;
  const verb = entry.action.slice(entry.action.indexOf('.') + 1);
  const what = ENTITY_LABELS[entity] ? i18n._(ENTITY_LABELS[entity]) : fieldWords(entry.entity);
  const did = VERB_LABELS[verb] ? i18n._(VERB_LABELS[verb]) : fieldWords(verb).toLowerCase();
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  // A field whose value did not change is left out when both sides are known: the entry says what changed.
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (f) => !(entry.before && entry.after) || JSON.stringify(before[f]) !== JSON.stringify(after[f]),
  );
  const who = entry.actor_name ?? entry.actor_email;
  const object = entry.entity_id === null || entry.entity_id === undefined ? what : `${what} #${entry.entity_id}`;
  return (
    <li className="audit-entry" data-testid="audit-entry">
      <p className="audit-entry__head">
        {/* Who did what to which object, in one sentence the translators can order. */}
        <strong>{i18n._(msg`${who}: ${object} ${did}`)}</strong>
        <span className="muted">
          {when}
          {entry.actor_name ? ` · ${entry.actor_email}` : null}
        </span>
      </p>
      {fields.length ? (
        <dl className="audit-entry__changes">
          {fields.map((f) => (
            <div key={f} className="audit-entry__change">
              <dt>{fieldLabel(i18n, f)}</dt>
              <dd>
                {entry.before ? <span className="audit-entry__before">{showValue(i18n, fmt, f, before[f])}</span> : null}
                {entry.before && entry.after ? <span aria-hidden="true"> → </span> : null}
                {entry.before && entry.after ? (
                  <span className="visually-hidden">
                    <Trans>becomes</Trans>
                  </span>
                ) : null}
                {entry.after ? <span className="audit-entry__after">{showValue(i18n, fmt, f, after[f])}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
