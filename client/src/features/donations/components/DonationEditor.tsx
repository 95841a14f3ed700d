// The manager's donation form (SPEC §3 Donation, §5 "Donations"): create, or edit a pending or denied donation (a
// denied one goes back to the administrators). The shared schema checks every rule before anything is sent; the
// server's field messages land on the same fields.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Counter } from '@/components/ui/Counter';
import { SelectField, TextArea, TextField } from '@/components/ui/Field';
import { fieldErrorText } from '@/lib/errors';
import { DescriptionField, EditorCard, EditorPhotos, TitleField } from '@/components/ui/EditorParts';
import { useEditorForm } from '@/hooks/useEditorForm';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { refText } from '@/lib/reference';
import { LIMITS } from '@shared/constants/limits';
import { donationFields } from '@shared/schemas/donations';

type FormIn = z.input<typeof donationFields>;
type Detail = RouterOutputs['donations']['get'];

const EMPTY: FormIn = {
  title: '',
  description: '',
  purpose: '',
  item_count: '',
  quantity_kg: '',
  total_value: '',
  boxes: '',
  donation_tag_id: '',
  material_group_id: '',
  images: [],
};

const text = (n: number | null) => (n === null ? '' : String(n));

function fromDetail(d: Detail): FormIn {
  return {
    title: d.title,
    description: d.description,
    purpose: d.purpose,
    item_count: String(d.item_count),
    quantity_kg: text(d.quantity_kg),
    total_value: text(d.total_value),
    boxes: text(d.boxes),
    donation_tag_id: text(d.donation_tag_id),
    material_group_id: text(d.material_group_id),
    images: d.images.map((im) => ({ url: im.url })),
  };
}

export function DonationEditor({ detail, onDone }: { detail: Detail | null; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const form = useSchemaForm(donationFields, { defaultValues: detail ? fromDetail(detail) : EMPTY });
  const { errors } = form.formState;
  const field = useFieldProps(form);
  const create = useMutation(trpc.donations.create.mutationOptions());
  const update = useMutation(trpc.donations.update.mutationOptions());
  const tags = useQuery({ ...trpc.donations.tags.queryOptions(), staleTime: 60_000 });
  const groups = useQuery({ ...trpc.common.materialGroups.queryOptions(), staleTime: Infinity });
  const editor = useEditorForm(form, {
    firstField: 'title',
    save: (values) => (detail ? update.mutateAsync({ ...values, id: detail.id }) : create.mutateAsync(values)),
    saved: !detail
      ? msg`Donation created successfully`
      : detail.status === 'denied'
        ? msg`Donation updated and sent for approval again`
        : msg`Donation updated successfully`,
    failed: detail ? msg`Failed to update donation` : msg`Failed to create donation`,
    refetch: trpc.donations.pathKey(),
    empty: EMPTY,
    onDone,
  });

  const control = form.control;
  const purpose = useWatch({ control, name: 'purpose' }) ?? '';
  const err = (e: { message?: string; type?: string } | undefined) => fieldErrorText(i18n, e);

  const reason = detail?.deny_reason ?? '';
  return (
    <EditorCard
      {...editor}
      className="donation-editor"
      title={detail ? <Trans>Edit donation</Trans> : <Trans>New donation</Trans>}
      testId="donation-editor"
      mode={detail ? 'EDIT' : 'CREATE'}
      intro={
        detail?.status === 'denied' ? (
          <p className="donation-card__note donation-card__note--denied">
            <Trans>Denied: {reason}</Trans> <Trans>Saving your changes sends the donation to the administrators again.</Trans>
          </p>
        ) : (
          <p className="field__hint">
            <Trans>An administrator approves each donation before it is published; you then print its QR code for the hand-over.</Trans>
          </p>
        )
      }
      busy={create.isPending || update.isPending}
      submitLabel={detail ? <Trans>Save changes</Trans> : <Trans>Create donation</Trans>}
    >
      <div className="form-grid">
        <TitleField control={control} error={err(errors.title)} field={form.register('title')} />
        <SelectField label={t`Donation tag`} disabled={tags.isPending} {...field('donation_tag_id')}>
          <option value="">{tags.isPending ? t`Loading…` : t`No tag`}</option>
          {tags.data?.items.map((tag) => (
            <option key={tag.id} value={tag.id}>
              {refText(i18n, tag.name)}
            </option>
          ))}
        </SelectField>
      </div>
      <DescriptionField control={control} rows={3} error={err(errors.description)} field={form.register('description')} />
      <TextArea
        label={t`Purpose`}
        required
        rows={4}
        placeholder={t`Who receives it and what it is for`}
        hint={<Counter length={purpose.length} max={LIMITS.donationPurposeMax} />}
        {...field('purpose')}
      />
      <div className="form-grid">
        <TextField label={t`Item count`} required type="number" inputMode="numeric" min={1} step={1} {...field('item_count')} />
        <TextField
          label={t`Quantity (kg)`}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.001"
          hint={t`Counts towards the kilograms donated and CO2e avoided once handed over.`}
          {...field('quantity_kg')}
        />
        <TextField label={t`Boxes`} type="number" inputMode="numeric" min={0} step={1} {...field('boxes')} />
        <TextField
          label={t`Total value`}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          hint={t`In your company's currency.`}
          {...field('total_value')}
        />
      </div>
      <SelectField
        label={t`Material group`}
        hint={t`Used for the CO2e avoided, with the same Defra factors as synergies.`}
        disabled={groups.isPending}
        {...field('material_group_id')}
      >
        <option value="">{groups.isPending ? t`Loading…` : t`Not specified`}</option>
        {groups.data?.items
          .filter((g) => g.kind === 'material')
          .map((g) => (
            <option key={g.id} value={g.id}>
              {refText(i18n, g.name)}
            </option>
          ))}
      </SelectField>
      <EditorPhotos form={form} idPrefix="donation" err={err} />
    </EditorCard>
  );
}
