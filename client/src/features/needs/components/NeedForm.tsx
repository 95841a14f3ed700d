// The need editor (create and edit). The rules are the shared schema's, checked by the server (shared/schemas/needs.ts):
// its field messages land on the fields, so no rule is written twice.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useFormSubmit } from '@/hooks/useFormSubmit';
import { DialogActions } from '@/components/ui/Dialog';
import { FormError, SelectField, TextArea, TextField } from '@/components/ui/Field';
import { refText } from '@/lib/reference';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { QUANTITY_UNITS } from '@shared/constants/enums';
import { LIMITS } from '@shared/constants/limits';

export interface NeedFormValues {
  title: string;
  description: string;
  material_group_id: string;
  material_group_code: string;
  quantity: string;
  unit: string;
  max_distance_km: string;
  until: string;
}

export interface EditableNeed {
  id: number;
  title: string;
  description: string;
  material_group_id: number;
  material_group_code: string | null;
  quantity: number;
  unit: string;
  max_distance_km: number;
  until: string | null;
}

const blank: NeedFormValues = {
  title: '',
  description: '',
  material_group_id: '',
  material_group_code: '',
  quantity: '',
  unit: 'kg',
  max_distance_km: '20',
  until: '',
};

export function NeedForm({ need, onDone, onCancel }: { need?: EditableNeed; onDone: () => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const groups = useQuery(trpc.common.materialGroups.queryOptions());
  const form = useForm<NeedFormValues>({
    defaultValues: need
      ? {
          title: need.title,
          description: need.description,
          material_group_id: String(need.material_group_id),
          material_group_code: need.material_group_code ?? '',
          quantity: String(need.quantity),
          unit: need.unit,
          max_distance_km: String(need.max_distance_km),
          until: need.until ?? '',
        }
      : blank,
  });
  const create = useMutation(trpc.needs.create.mutationOptions());
  const update = useMutation(trpc.needs.update.mutationOptions());
  const field = useFieldProps(form);
  const unitLabels: Record<(typeof QUANTITY_UNITS)[number], string> = { kg: t`Kilograms (kg)`, hours: t`Hours`, m2: t`Square metres (m²)` };

  const { onSubmit, formError } = useFormSubmit(
    form,
    async (v) => {
      const body = {
        title: v.title,
        description: v.description,
        material_group_id: v.material_group_id ? Number(v.material_group_id) : null,
        material_group_code: v.material_group_code.trim() || null,
        quantity: v.quantity,
        unit: v.unit as (typeof QUANTITY_UNITS)[number],
        max_distance_km: v.max_distance_km,
        until: v.until || null,
      };
      // The server parses the strings exactly as REST callers send them (shared schema).
      if (need) await update.mutateAsync({ id: need.id, ...body } as never);
      else await create.mutateAsync(body as never);
      await qc.invalidateQueries({ queryKey: trpc.needs.pathKey() });
      showSnackbar(need ? msg`Need saved` : msg`Need created`);
      onDone();
    },
    { failed: msg`Could not save the need` },
  );

  return (
    <form className="form need-form" noValidate onSubmit={onSubmit} data-testid="need-form">
      <FormError>{formError}</FormError>
      <TextField label={t`What do you need?`} required maxLength={LIMITS.titleMax + 10} {...field('title')} />
      <TextArea label={t`Description`} required rows={3} {...field('description')} />
      <div className="need-form__grid">
        <SelectField
          label={t`Material group`}
          required
          hint={groups.isError ? t`Could not load material groups` : undefined}
          {...field('material_group_id')}
        >
          <option value="">{groups.isLoading ? t`Loading…` : t`Choose a group`}</option>
          {(groups.data?.items ?? []).map((g) => (
            <option key={g.id} value={g.id}>
              {refText(i18n, g.name)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t`Material code (optional)`}
          hint={t`A code under the group, e.g. 02 01, narrows the need`}
          {...field('material_group_code')}
        />
        <TextField label={t`Quantity`} inputMode="numeric" required {...field('quantity')} />
        <SelectField label={t`Unit`} required {...field('unit')}>
          {QUANTITY_UNITS.map((u) => (
            <option key={u} value={u}>
              {unitLabels[u]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t`Within (km)`}
          inputMode="numeric"
          required
          hint={t`Listings this far from your company address match`}
          {...field('max_distance_km')}
        />
        <TextField label={t`Open until (optional)`} type="date" {...field('until')} />
      </div>
      <DialogActions loading={create.isPending || update.isPending} onCancel={onCancel} testId="need-submit">
        {need ? <Trans>Save need</Trans> : <Trans>Create need</Trans>}
      </DialogActions>
    </form>
  );
}
