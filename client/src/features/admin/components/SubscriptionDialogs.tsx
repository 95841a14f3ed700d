// Administrator actions on one company's subscription: assign a plan (with a mode), extend, view history;
// and a one-time password reset link for its manager.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ASSIGNMENT_MODES, type AssignmentMode } from '@shared/constants/enums';
import { LIMITS } from '@shared/constants/limits';
import { SubscriptionSummary } from '@/components/subscription/SubscriptionStatus';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import { FormError, SelectField, TextField } from '@/components/ui/Field';
import { Table } from '@/components/ui/Table';
import { errorText } from '@/lib/errors';
import { useCopy } from '@/hooks/useCopy';
import { useFormat } from '@/lib/format';
import { refText } from '@/lib/reference';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { ASSIGNMENT_MODE_TEXT, HISTORY_ACTION_TEXT } from './labels';
import { RecordDialog } from './RecordDialog';

export interface CompanyRef {
  id: number;
  name: string;
}

function useInvalidateSubscriptions() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  // The admin company list carries each company's plan status too.
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.subscriptions.pathKey() }),
      qc.invalidateQueries({ queryKey: trpc.companies.admin.list.pathKey() }),
    ]);
}

/**
 * A change to a company's plan (assign, extend): sends it, refreshes the plans and the company list, says `done` and
 * closes. A refusal reads "Error assigning subscription plan", then the server's reason.
 */
function PlanChangeDialog({
  title,
  confirmLabel,
  check,
  change,
  done,
  busy,
  disabled,
  onClose,
  children,
}: {
  title: ReactNode;
  confirmLabel: ReactNode;
  /** The dialog's own check before sending: false stops (the dialog marks the field itself). */
  check?: () => boolean;
  change: () => Promise<unknown>;
  done: MessageDescriptor;
  busy: boolean;
  disabled?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const invalidate = useInvalidateSubscriptions();
  const run = async () => {
    if (check && !check()) return;
    await change();
    await invalidate();
    showSnackbar(done);
    onClose();
  };
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      variant="primary"
      onConfirm={run}
      errorMessage={(err) => `${i18n._(msg`Error assigning subscription plan`)}. ${errorText(i18n, err)}`}
      onClose={onClose}
      loading={busy}
      disabled={disabled}
    >
      {children}
    </ConfirmDialog>
  );
}

export function AssignPlanDialog({ company, onClose }: { company: CompanyRef; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const plans = useQuery(trpc.subscriptions.admin.activePlans.queryOptions());
  const status = useQuery(trpc.subscriptions.admin.companyStatus.queryOptions({ company_id: company.id }));
  const assign = useMutation(trpc.subscriptions.admin.assign.mutationOptions());
  const [planId, setPlanId] = useState('');
  const [mode, setMode] = useState<AssignmentMode>('after_current');
  const [planError, setPlanError] = useState<string | undefined>();
  const planChosen = () => {
    setPlanError(planId ? undefined : i18n._(msg`This field is required`));
    return !!planId;
  };
  const name = company.name;
  return (
    <PlanChangeDialog
      title={<Trans>Assign a plan to {name}</Trans>}
      confirmLabel={<Trans>Assign</Trans>}
      check={planChosen}
      change={() => assign.mutateAsync({ company_id: company.id, subscription_plan_id: Number(planId), mode })}
      done={msg`Subscription plan assigned`}
      busy={assign.isPending}
      onClose={onClose}
    >
      {status.data ? (
        <p>
          <Trans>Now:</Trans> <SubscriptionSummary sub={status.data} />
        </p>
      ) : null}
      <SelectField
        label={<Trans>Plan</Trans>}
        required
        value={planId}
        error={planError}
        onChange={(e) => setPlanId(e.target.value)}
        data-testid="assign-plan"
      >
        <option value="">{t`Choose…`}</option>
        {(plans.data?.items ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {refText(i18n, p.name)}
          </option>
        ))}
      </SelectField>
      <SelectField label={<Trans>When</Trans>} value={mode} onChange={(e) => setMode(e.target.value as AssignmentMode)} data-testid="assign-mode">
        {ASSIGNMENT_MODES.map((m) => (
          <option key={m} value={m}>
            {i18n._(ASSIGNMENT_MODE_TEXT[m])}
          </option>
        ))}
      </SelectField>
    </PlanChangeDialog>
  );
}

export function ExtendDialog({ company, onClose }: { company: CompanyRef; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const extend = useMutation(trpc.subscriptions.admin.extend.mutationOptions());
  const [days, setDays] = useState(String(LIMITS.extensionPlanDays));
  const n = Number(days);
  const valid = Number.isInteger(n) && n >= 1 && n <= 3650;
  const name = company.name;
  return (
    <PlanChangeDialog
      title={<Trans>Extend the plan of {name}</Trans>}
      confirmLabel={<Trans>Extend</Trans>}
      change={() => extend.mutateAsync({ company_id: company.id, days: n })}
      done={msg`Subscription extended`}
      busy={extend.isPending}
      disabled={!valid}
      onClose={onClose}
    >
      <TextField
        label={<Trans>Days to add</Trans>}
        type="number"
        inputMode="numeric"
        min={1}
        max={3650}
        value={days}
        hint={<Trans>The built-in extension is 166 days. Without a current plan the extension starts today.</Trans>}
        error={valid ? undefined : t`Enter a whole number of days from 1 to 3650`}
        onChange={(e) => setDays(e.target.value)}
      />
    </PlanChangeDialog>
  );
}

export function HistoryDialog({ company, onClose }: { company: CompanyRef; onClose: () => void }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const history = useQuery(trpc.subscriptions.admin.history.queryOptions({ company_id: company.id }));
  const name = company.name;
  return (
    <RecordDialog query={history} title={<Trans>Subscription history of {name}</Trans>} onClose={onClose}>
      {(data) => (
        <Table
          caption={<Trans>Changes, newest first</Trans>}
          rows={data.items}
          rowKey={(r) => r.id}
          empty={<Trans>No subscription changes yet.</Trans>}
          columns={[
            { key: 'action', header: <Trans>Action</Trans>, cell: (r) => i18n._(HISTORY_ACTION_TEXT[r.action]) },
            { key: 'plan', header: <Trans>Plan</Trans>, cell: (r) => refText(i18n, r.plan_name) ?? '—' },
            {
              key: 'period',
              header: <Trans>Period</Trans>,
              cell: (r) => (r.start_date && r.end_date ? `${fmt.day(r.start_date)} – ${fmt.day(r.end_date)}` : '—'),
            },
            { key: 'at', header: <Trans>Recorded</Trans>, cell: (r) => fmt.dateTime(r.created_at) },
            { key: 'note', header: <Trans>Note</Trans>, cell: (r) => r.note ?? '' },
          ]}
        />
      )}
    </RecordDialog>
  );
}

/** The row button that opens the reset link dialog; `label` names whose link it makes. */
export function ResetLinkButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="ghost" onClick={onClick} aria-label={label}>
      <Trans>Reset link</Trans>
    </Button>
  );
}

export function ResetLinkDialog({ user, onClose }: { user: { id: number; email: string }; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const create = useMutation(trpc.auth.admin.createResetLink.mutationOptions());
  const { copied, copy } = useCopy(msg`Copying failed. Select the link and copy it by hand.`);
  const email = user.email;
  return (
    <Dialog open onClose={onClose} title={<Trans>Password reset link for {email}</Trans>} closeLabel={t`Close`}>
      <div className="form">
        <p className="muted">
          <Trans>
            The link lets the user choose a new password once, within 24 hours. Send it to them yourself; creating a new link replaces the old one.
          </Trans>
        </p>
        {create.data ? (
          <>
            <div className="copy-row">
              <label htmlFor="reset-url" className="visually-hidden">
                {t`Reset link`}
              </label>
              <input
                id="reset-url"
                className="input"
                readOnly
                value={create.data.url}
                onFocus={(e) => e.currentTarget.select()}
                data-testid="reset-url"
              />
              <Button variant="secondary" onClick={() => void copy(create.data.url)}>
                {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
              </Button>
            </div>
            <p className="field__hint">
              <Trans>Valid until {fmt.dateTime(create.data.expires_at)}.</Trans>
            </p>
          </>
        ) : (
          <Button onClick={() => create.mutate({ user_id: user.id })} loading={create.isPending}>
            <Trans>Create the link</Trans>
          </Button>
        )}
        <FormError>{create.isError ? errorText(i18n, create.error) : null}</FormError>
      </div>
    </Dialog>
  );
}
