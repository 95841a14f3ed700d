// /admin/subscription-plans: the built-in plans (initial 14 days, extension 166 days: fixed length, never
// deleted) and custom plans with a start and an end date (SPEC §5 "Admin": both required).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createPlanInput } from '@shared/schemas/subscriptions';
import { CrudPage } from '../components/CrudPage';
import { MissingNames, NameFields } from '@/components/forms/NameFields';
import { nameDefaults } from '@/components/forms/nameDefaults';
import { Checkbox, TextArea, TextField } from '@/components/ui/Field';
import { FormDialog } from '@/components/ui/FormDialog';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useFormat } from '@/lib/format';
import { refName, refText } from '@/lib/reference';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { PLAN_KIND_TEXT } from '../components/labels';

type Plan = RouterOutputs['subscriptions']['admin']['plans']['items'][number];
type FormOut = z.output<typeof createPlanInput>;

function PlanDialog({ plan, onSave, onClose }: { plan: Plan | null; onSave: (v: FormOut) => Promise<void>; onClose: () => void }) {
  const builtin = plan?.is_builtin ?? false;
  const form = useSchemaForm(createPlanInput, {
    // Built-in plans keep their length: their dates are not part of the form, so give the schema fillers.
    defaultValues: {
      ...nameDefaults(plan),
      description_title: plan?.description_title ?? '',
      description: plan?.description ?? '',
      start_date: builtin ? '2000-01-01' : (plan?.start_date ?? ''),
      end_date: builtin ? '2000-01-02' : (plan?.end_date ?? ''),
      is_active: plan?.is_active ?? true,
    },
  });
  const field = useFieldProps(form);
  return (
    <FormDialog
      form={form}
      title={plan ? <Trans>Edit plan</Trans> : <Trans>New custom plan</Trans>}
      onSave={onSave}
      onClose={onClose}
      focusServerError={false}
    >
      <NameFields form={form} autoFocus={false} />
      <TextField label={<Trans>Description title</Trans>} {...field('description_title')} />
      <TextArea label={<Trans>Description</Trans>} {...field('description')} />
      {builtin ? (
        <p className="muted">
          <Trans>Built-in plans have a fixed length; their dates cannot be set.</Trans>
        </p>
      ) : (
        <div className="form-grid">
          <TextField label={<Trans>Start date</Trans>} type="date" required {...field('start_date')} />
          <TextField label={<Trans>End date</Trans>} type="date" required {...field('end_date')} />
        </div>
      )}
      <Checkbox label={<Trans>Active (can be assigned)</Trans>} {...form.register('is_active')} />
    </FormDialog>
  );
}

export function SubscriptionPlansPage() {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const create = useMutation(trpc.subscriptions.admin.createPlan.mutationOptions());
  const update = useMutation(trpc.subscriptions.admin.updatePlan.mutationOptions());
  const remove = useMutation(trpc.subscriptions.admin.deletePlan.mutationOptions());
  return (
    <CrudPage
      title={<Trans>Subscription plans</Trans>}
      description={
        <Trans>The initial plan (14 days) and the extension (166 days) are built in. Custom plans run between a start and an end date.</Trans>
      }
      newLabel={<Trans>New custom plan</Trans>}
      newTestId="new-plan"
      listOptions={() => trpc.subscriptions.admin.plans.queryOptions()}
      loadError={<Trans>The subscription plans could not be loaded.</Trans>}
      caption={<Trans>Plans</Trans>}
      empty={<Trans>No plans yet.</Trans>}
      rowKey={(p) => p.id}
      rowName={(p) => refName(i18n, p)}
      removeVerb="delete"
      canRemove={(p) => !p.is_builtin}
      columns={[
        {
          key: 'name',
          header: <Trans>Name</Trans>,
          cell: (p) => (
            <>
              <strong>{refName(i18n, p)}</strong> <MissingNames row={p} />
              {p.description_title ? (
                <>
                  <br />
                  <span className="muted">{refText(i18n, p.description_title)}</span>
                </>
              ) : null}
            </>
          ),
        },
        {
          key: 'kind',
          header: <Trans>Type</Trans>,
          cell: (p) => (
            <span className="sub-inline">
              {i18n._(PLAN_KIND_TEXT[p.kind])}
              {p.is_builtin ? (
                <span className="badge badge--builtin">
                  <Trans>Built-in</Trans>
                </span>
              ) : null}
            </span>
          ),
        },
        {
          key: 'period',
          header: <Trans>Length or dates</Trans>,
          cell: (p) => {
            if (p.start_date && p.end_date) return `${fmt.day(p.start_date)} – ${fmt.day(p.end_date)}`;
            const days = p.duration_days ?? 0;
            return t`${days} days`;
          },
        },
        {
          key: 'active',
          header: <Trans>Status</Trans>,
          cell: (p) => (
            <span className={`badge ${p.is_active ? 'badge--sub-active' : 'badge--sub-inactive'}`}>{p.is_active ? t`Active` : t`Inactive`}</span>
          ),
        },
      ]}
      editor={(p, onSave, close) => <PlanDialog plan={p} onSave={onSave} onClose={close} />}
      save={{
        create: create.mutateAsync,
        // A built-in plan keeps its length: its dates are fillers the form needs, never sent.
        update: (p, v) =>
          update.mutateAsync({
            id: p.id,
            name: v.name,
            name_dk: v.name_dk,
            name_my: v.name_my,
            description_title: v.description_title ?? null,
            description: v.description ?? null,
            is_active: v.is_active,
            ...(p.is_builtin ? {} : { start_date: v.start_date, end_date: v.end_date }),
          }),
        created: msg`Subscription plan created`,
        saved: msg`Subscription plan saved`,
      }}
      refresh={() =>
        Promise.all([
          qc.invalidateQueries({ queryKey: trpc.subscriptions.pathKey() }),
          qc.invalidateQueries({ queryKey: trpc.common.typedNames.queryKey() }),
        ])
      }
      removal={{
        explain: <Trans>The plan is removed for good. Plans that companies use cannot be deleted; deactivate them instead.</Trans>,
        run: (p) => remove.mutateAsync({ id: p.id }),
        done: msg`Subscription plan deleted`,
      }}
    />
  );
}
