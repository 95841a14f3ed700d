// Admin panel, first tab: registration requests (temporary accounts) with a status filter, details, approve
// (optionally with an active plan) and reject (reason required), plus counts by status and by day.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '@shared/constants/enums';
import { LIMITS } from '@shared/constants/limits';
import type { ReviewRegistrationInput } from '@shared/schemas/registration';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import { SelectField, TextArea } from '@/components/ui/Field';
import { isSettled } from '@/components/ui/QueryView';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { Table, type Column } from '@/components/ui/Table';
import { errorText, fieldErrorText, getAppError } from '@/lib/errors';
import { serverFieldMessage } from '@/lib/forms';
import { industryLabel } from '@/components/forms/industries';
import { countryName } from '@/lib/countries';
import { useFormat } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';
import { refText } from '@/lib/reference';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { REGISTRATION_STATUS_TEXT } from './labels';
import { RegistrationStats } from './RegistrationStats';
import { Options } from '@/components/ui/Options';
import { useListFilters } from '@/hooks/useListFilters';

type Request = RouterOutputs['registration']['admin']['list']['items'][number];
const PAGE_SIZE = 20;

export function StatusBadge({ status }: { status: RegistrationStatus }) {
  const { i18n } = useLingui();
  return <span className={`badge badge--${status}`}>{i18n._(REGISTRATION_STATUS_TEXT[status])}</span>;
}

function RequestDetails({ req }: { req: Request }) {
  const fmt = useFormat();
  const { i18n, t } = useLingui();
  const lang = useLanguage();
  const c = req.company;
  const u = req.user;
  const rows: [React.ReactNode, React.ReactNode][] = [
    [<Trans key="s">Status</Trans>, <StatusBadge key="v" status={req.status} />],
    [<Trans key="d">Submitted</Trans>, fmt.dateTime(req.created_at)],
    [<Trans key="v">Variant</Trans>, req.variant === 'bank_partner' ? <Trans key="b">Bank partner</Trans> : <Trans key="st">Standard</Trans>],
    [<Trans key="m">Manager</Trans>, [u.first_name, u.last_name].filter(Boolean).join(' ') + (req.designation ? ` (${req.designation})` : '')],
    [<Trans key="e">Email</Trans>, u.email],
    [<Trans key="c">Company</Trans>, c.name + (c.registered_company_name ? ` (${c.registered_company_name})` : '')],
    // Stored keys shown as people read them (not "manufacturing", "51-250", "DK").
    [<Trans key="i">Industry</Trans>, industryLabel(i18n, c.industry, c.custom_industry)],
    [<Trans key="z">Company size</Trans>, c.company_size ? t`${c.company_size} employees` : '—'],
    [
      <Trans key="a">Address</Trans>,
      [c.address, c.zip_code, c.city, c.state, c.country ? countryName(lang, c.country) : null].filter(Boolean).join(', '),
    ],
    [<Trans key="p">Contact phone</Trans>, [c.country_calling_code, c.contact_phone].filter(Boolean).join(' ')],
    [<Trans key="w">Website</Trans>, c.website_url ?? '—'],
    [
      <Trans key="l">Licence number</Trans>,
      [c.company_license_number, c.company_license_expiry_date ? fmt.day(c.company_license_expiry_date) : null].filter(Boolean).join(' · ') || '—',
    ],
    [<Trans key="t">Tax certificate</Trans>, c.tax_certificate_number ?? '—'],
    [<Trans key="x">Expectations</Trans>, req.expectations],
  ];
  if (req.subscription_plan_name) rows.push([<Trans key="pl">Plan</Trans>, refText(i18n, req.subscription_plan_name)]);
  if (req.reason) rows.push([<Trans key="r">Reason</Trans>, req.reason]);
  return (
    <dl className="details">
      {rows.map(([k, v], i) => (
        <div key={i}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An approve or reject dialog: sends the decision, refreshes the requests and `also` (what an approval creates), says
 * `done` and closes.
 */
function ReviewDialog({
  req,
  decision,
  also = [],
  done,
  onClose,
  ...dialog
}: {
  req: Request;
  /** The decision to send, or null when the dialog's own check stops it (the dialog marks the field itself). */
  decision: () => Omit<ReviewRegistrationInput, 'id'> | null;
  also?: QueryKey[];
  done: MessageDescriptor;
  onClose: () => void;
} & Pick<ComponentProps<typeof ConfirmDialog>, 'title' | 'confirmLabel' | 'variant' | 'testId' | 'errorMessage' | 'children'>) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const review = useMutation(trpc.registration.admin.review.mutationOptions());
  const send = async () => {
    const input = decision();
    if (!input) return;
    await review.mutateAsync({ id: req.id, ...input });
    for (const queryKey of [trpc.registration.pathKey(), ...also]) await qc.invalidateQueries({ queryKey });
    showSnackbar(done);
    onClose();
  };
  return <ConfirmDialog {...dialog} onConfirm={send} onClose={onClose} loading={review.isPending} />;
}

function ApproveDialog({ req, onClose }: { req: Request; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const plans = useQuery(trpc.subscriptions.admin.activePlans.queryOptions());
  const [planId, setPlanId] = useState('');
  const refused = (err: unknown) => {
    const info = getAppError(err);
    return info.fields?.subscription_plan_id
      ? (fieldErrorText(i18n, { message: serverFieldMessage(info.fields.subscription_plan_id) }) ?? '')
      : `${i18n._(msg`Error approving company`)}. ${errorText(i18n, err)}`;
  };
  const name = req.company.name;
  const companyName = name;
  return (
    <ReviewDialog
      req={req}
      decision={() => ({ decision: 'approve', subscription_plan_id: planId ? Number(planId) : undefined })}
      also={[trpc.companies.pathKey(), trpc.subscriptions.pathKey()]}
      done={msg`${name} was approved`}
      title={<Trans>Approve {companyName}</Trans>}
      confirmLabel={<Trans>Approve</Trans>}
      variant="primary"
      testId="confirm-approve"
      errorMessage={refused}
      onClose={onClose}
    >
      <p className="muted">
        <Trans>The company can log in once approved. A plan is optional; it starts today.</Trans>
      </p>
      <SelectField
        label={<Trans>Subscription plan</Trans>}
        value={planId}
        onChange={(e) => setPlanId(e.target.value)}
        disabled={plans.isPending}
        data-testid="approve-plan"
      >
        <option value="">{t`Approve without a plan`}</option>
        {(plans.data?.items ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {refText(i18n, p.name)}
          </option>
        ))}
      </SelectField>
    </ReviewDialog>
  );
}

function RejectDialog({ req, onClose }: { req: Request; onClose: () => void }) {
  const { i18n } = useLingui();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const decision = () => {
    setFieldError(reason.trim() ? undefined : i18n._(msg`A reason is required to reject a registration`));
    return reason.trim() ? { decision: 'reject' as const, reason: reason.trim() } : null;
  };
  const name = req.company.name;
  const companyName = name;
  return (
    <ReviewDialog
      req={req}
      decision={decision}
      done={msg`${name} was rejected`}
      title={<Trans>Reject {companyName}</Trans>}
      confirmLabel={<Trans>Reject</Trans>}
      testId="confirm-reject"
      onClose={onClose}
    >
      <TextArea
        label={<Trans>Reason</Trans>}
        hint={<Trans>Sent to the applicant by email.</Trans>}
        required
        maxLength={LIMITS.denyReasonMax}
        value={reason}
        error={fieldError}
        onChange={(e) => setReason(e.target.value)}
      />
    </ReviewDialog>
  );
}

export function RegistrationRequests() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const { filters, setFilter, page, setPage } = useListFilters<{ status: RegistrationStatus | '' }>({ status: 'pending' });
  const { status } = filters;
  const [open, setOpen] = useState<{ kind: 'details' | 'approve' | 'reject'; req: Request } | null>(null);
  const list = useQuery(trpc.registration.admin.list.queryOptions({ status: status || undefined, page, size: PAGE_SIZE }));

  const columns: Column<Request>[] = [
    {
      key: 'company',
      header: <Trans>Company</Trans>,
      cell: (r) => (
        <>
          <strong>{r.company.name}</strong>
          <br />
          <span className="muted">{[r.company.city, r.company.country].filter(Boolean).join(', ')}</span>
        </>
      ),
    },
    {
      key: 'user',
      header: <Trans>Manager</Trans>,
      cell: (r) => (
        <>
          {[r.user.first_name, r.user.last_name].filter(Boolean).join(' ')}
          <br />
          <span className="muted">{r.user.email}</span>
        </>
      ),
    },
    { key: 'date', header: <Trans>Submitted</Trans>, cell: (r) => fmt.date(r.created_at) },
    { key: 'status', header: <Trans>Status</Trans>, cell: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'actions',
      header: <Trans>Actions</Trans>,
      cell: (r) => {
        const name = r.company.name;
        return (
          <div className="row-actions">
            <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: 'details', req: r })} aria-label={t`Details of ${name}`}>
              <Trans>Details</Trans>
            </Button>
            {r.status === 'pending' ? (
              <>
                <Button size="sm" onClick={() => setOpen({ kind: 'approve', req: r })} aria-label={t`Approve ${name}`} data-testid="approve">
                  <Trans>Approve</Trans>
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'reject', req: r })} aria-label={t`Reject ${name}`}>
                  <Trans>Reject</Trans>
                </Button>
              </>
            ) : null}
          </div>
        );
      },
    },
  ];

  const data = list.data;
  return (
    <div className="stack">
      <div className="toolbar">
        <SelectField
          label={<Trans>Status</Trans>}
          value={status}
          onChange={(e) => setFilter('status', e.target.value as RegistrationStatus | '')}
          data-testid="request-status-filter"
        >
          <Options values={REGISTRATION_STATUSES} labels={REGISTRATION_STATUS_TEXT} blank={t`All`} />
        </SelectField>
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()}>
          <p>
            <Trans>The registration requests could not be loaded.</Trans>
          </p>
        </ErrorState>
      ) : (
        <>
          <Table
            caption={<Trans>Registration requests ({data!.total})</Trans>}
            columns={columns}
            rows={data!.items}
            rowKey={(r) => r.id}
            empty={<Trans>No registration requests.</Trans>}
          />
          {data!.totalPages > 1 ? (
            <div className="form__row spread">
              <Button size="sm" variant="secondary" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                <Trans>Previous</Trans>
              </Button>
              <span className="muted">
                <Trans>
                  Page {page + 1} of {data!.totalPages}
                </Trans>
              </span>
              <Button size="sm" variant="secondary" disabled={page + 1 >= data!.totalPages} onClick={() => setPage((p) => p + 1)}>
                <Trans>Next</Trans>
              </Button>
            </div>
          ) : null}
        </>
      )}
      {/* Below the list once it has loaded or failed: it would jump down as the rows arrive. */}
      {isSettled(list) ? (
        <>
          <hr className="divider" />
          <RegistrationStats />
        </>
      ) : null}
      {open?.kind === 'details' ? (
        <Dialog open onClose={() => setOpen(null)} title={open.req.company.name} closeLabel={t`Close`} className="dialog--wide">
          <RequestDetails req={open.req} />
          {open.req.status === 'pending' ? (
            <div className="row-actions section-gap">
              <Button onClick={() => setOpen({ kind: 'approve', req: open.req })}>
                <Trans>Approve</Trans>
              </Button>
              <Button variant="secondary" onClick={() => setOpen({ kind: 'reject', req: open.req })}>
                <Trans>Reject</Trans>
              </Button>
            </div>
          ) : null}
        </Dialog>
      ) : null}
      {open?.kind === 'approve' ? <ApproveDialog req={open.req} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'reject' ? <RejectDialog req={open.req} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
