// The listing editor (SPEC §4): CREATE or EDIT mode, every field of SPEC §3 with the shared schema's rules
// (SPEC §5), photos as data-URLs, sub-listings. Saving refetches the listings and resets the editor.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { CATEGORY_LABELS, FREQUENCY_LABELS, sdgName } from '@/components/listing/labels';
import { Button } from '@/components/ui/Button';
import { SelectField, TextField } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { formatQuantity } from '@/components/listing/format';
import { useLanguage } from '@/lib/i18n';
import { DescriptionField, EditorCard, EditorPhotos, TitleField } from '@/components/ui/EditorParts';
import { useEditorForm } from '@/hooks/useEditorForm';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { FREQUENCIES, LISTING_CATEGORIES } from '@shared/constants/enums';
import { listingFields, quantityUnitFor } from '@shared/schemas/materials';
import { materialErrorText } from '../lib/messages';
import { TaxonomySelects } from './TaxonomySelects';
import { Options } from '@/components/ui/Options';

type FormIn = z.input<typeof listingFields>;
type Detail = RouterOutputs['materials']['get'];

const EMPTY: FormIn = {
  kind: 'offering',
  title: '',
  description: '',
  category: undefined as unknown as FormIn['category'],
  material_group_id: null,
  first_level_subcategory_id: null,
  second_level_subcategory_id: null,
  third_level_subcategory_id: null,
  frequency: undefined as unknown as FormIn['frequency'],
  address_id: null,
  quantity: '',
  condition: '',
  type: '',
  final_use: '',
  sdg_goals: [],
  images: [],
  sub_listings: [],
};

function fromDetail(d: Detail): FormIn {
  return {
    kind: d.kind,
    title: d.title,
    description: d.description,
    category: d.category,
    material_group_id: d.material_group_id,
    first_level_subcategory_id: d.first_level_subcategory_id,
    second_level_subcategory_id: d.second_level_subcategory_id,
    third_level_subcategory_id: d.third_level_subcategory_id,
    frequency: d.frequency,
    address_id: d.address_id,
    quantity: String(d.quantity),
    condition: d.condition,
    type: d.type,
    final_use: d.final_use,
    sdg_goals: d.sdg_goals.map((g) => String(g.id)),
    images: d.images.map((im) => ({ url: im.url })),
    // Each keeps its id, so the offers that name it stay with it (docs/decisions/0175).
    sub_listings: d.sub_listings.map((s) => ({ id: s.id, title: s.title, description: s.description ?? '', quantity: String(s.quantity) })),
  };
}

export function ListingEditor({ detail, onDone }: { detail: Detail | null; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const lang = useLanguage();
  const mode = detail ? 'EDIT' : 'CREATE';
  const form = useSchemaForm(listingFields, { defaultValues: detail ? fromDetail(detail) : EMPTY });
  const { errors } = form.formState;
  const subs = useFieldArray({ control: form.control, name: 'sub_listings' as never });
  const create = useMutation(trpc.materials.create.mutationOptions());
  const update = useMutation(trpc.materials.update.mutationOptions());
  const addresses = useQuery(trpc.companies.myAddresses.queryOptions());
  const sdgs = useQuery({ ...trpc.common.sdgs.queryOptions(), staleTime: Infinity });
  const groups = useQuery({ ...trpc.common.materialGroups.queryOptions(), staleTime: Infinity });
  const editor = useEditorForm(form, {
    firstField: 'title',
    save: (values) => (detail ? update.mutateAsync({ ...values, id: detail.id, uuid: detail.uuid }) : create.mutateAsync(values)),
    saved: detail ? msg`Offering updated successfully` : msg`Offering created successfully`,
    failed: detail ? msg`Failed to update offering` : msg`Failed to created Offering`,
    refetch: trpc.materials.pathKey(),
    empty: EMPTY,
    onDone,
  });

  const control = form.control;
  const category = useWatch({ control, name: 'category' });
  const taxonomy = {
    group: (useWatch({ control, name: 'material_group_id' }) as number | null) ?? null,
    l1: (useWatch({ control, name: 'first_level_subcategory_id' }) as number | null) ?? null,
    l2: (useWatch({ control, name: 'second_level_subcategory_id' }) as number | null) ?? null,
    l3: (useWatch({ control, name: 'third_level_subcategory_id' }) as number | null) ?? null,
  };
  const addressId = (useWatch({ control, name: 'address_id' }) as number | null | undefined) ?? null;
  const subValues = useWatch({ control, name: 'sub_listings' });
  const groupKind = groups.data?.items.find((g) => g.id === taxonomy.group)?.kind ?? null;
  const unit = category ? quantityUnitFor(category, groupKind) : null;

  // A new listing starts at the primary address; an edited one keeps its own (from fromDetail).
  const addressItems = addresses.data?.items;
  useEffect(() => {
    if (detail || !addressItems?.length || form.getValues('address_id') != null) return;
    const primary = addressItems.find((a) => a.is_primary) ?? addressItems[0]!;
    form.setValue('address_id', primary.id);
  }, [addressItems, detail, form]);
  const err = (e: { message?: string; type?: string } | undefined) => materialErrorText(i18n, e);

  return (
    <EditorCard
      {...editor}
      className="editor"
      title={mode === 'EDIT' ? <Trans>Edit listing</Trans> : <Trans>New listing</Trans>}
      testId="listing-editor"
      mode={mode}
      busy={create.isPending || update.isPending}
      submitLabel={mode === 'EDIT' ? <Trans>Save changes</Trans> : <Trans>Create listing</Trans>}
    >
      <div className="form-grid">
        <TitleField control={control} error={err(errors.title)} field={form.register('title')} />
        <SelectField label={t`Category`} required error={err(errors.category)} {...form.register('category')}>
          <Options values={LISTING_CATEGORIES} labels={CATEGORY_LABELS} blank={t`Choose a category`} />
        </SelectField>
      </div>
      <DescriptionField control={control} rows={5} error={err(errors.description)} field={form.register('description')} />
      <div className="form-grid">
        <TextField
          label={unit === 'hours' ? t`Quantity (hours)` : unit === 'm2' ? t`Quantity (m²)` : unit === 'kg' ? t`Quantity (kg)` : t`Quantity`}
          required
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint={
            detail && detail.reserved_quantity > 0 && unit
              ? t`Accepted offers reserve ${formatQuantity(lang, detail.reserved_quantity, unit)}: list at least that much.`
              : unit
                ? null
                : t`The unit follows the category: kg, hours for knowledge, m² for industrial and logistics space.`
          }
          error={err(errors.quantity)}
          {...form.register('quantity')}
        />
        <SelectField label={t`Frequency`} required error={err(errors.frequency)} {...form.register('frequency')}>
          <Options values={FREQUENCIES} labels={FREQUENCY_LABELS} blank={t`Choose a frequency`} />
        </SelectField>
        <TextField
          label={t`Condition`}
          required
          maxLength={100}
          placeholder={t`e.g. clean, dry, on pallets`}
          error={err(errors.condition)}
          {...form.register('condition')}
        />
        <TextField
          label={t`Type`}
          required
          maxLength={100}
          placeholder={t`e.g. organic by-product`}
          error={err(errors.type)}
          {...form.register('type')}
        />
        <TextField
          label={t`Final use`}
          required
          maxLength={100}
          placeholder={t`e.g. animal feed`}
          error={err(errors.final_use)}
          {...form.register('final_use')}
        />
      </div>

      <div className="form-grid">
        <TaxonomySelects
          idPrefix="editor"
          value={taxonomy}
          error={
            err(errors.material_group_id) ??
            err(errors.first_level_subcategory_id) ??
            err(errors.second_level_subcategory_id) ??
            err(errors.third_level_subcategory_id)
          }
          onChange={(v) => {
            form.setValue('material_group_id', v.group, { shouldDirty: true });
            form.setValue('first_level_subcategory_id', v.l1, { shouldDirty: true });
            form.setValue('second_level_subcategory_id', v.l2, { shouldDirty: true });
            form.setValue('third_level_subcategory_id', v.l3, { shouldDirty: true });
          }}
        />
      </div>

      <SelectField
        id="editor-address"
        label={t`Location`}
        required
        value={addressId ?? ''}
        disabled={addresses.isPending}
        onChange={(e) => form.setValue('address_id', e.target.value ? Number(e.target.value) : null, { shouldDirty: true, shouldValidate: true })}
        hint={t`Listings are placed at a company address; distances in the marketplace are measured from it.`}
        error={
          err(errors.address_id) ??
          (addresses.isError
            ? t`Your company's addresses could not be loaded.`
            : addressItems?.length === 0
              ? t`Add a company address first.`
              : undefined)
        }
      >
        {addresses.isPending ? <option value="">{t`Loading…`}</option> : null}
        {!addresses.isPending && !addressItems?.length ? (
          // Nothing to choose from: an edited listing keeps its address, a new one goes to the primary address.
          <option value={addressId ?? ''}>{detail?.address ? `${detail.address}, ${detail.city}` : t`Your company's primary address`}</option>
        ) : null}
        {addressItems?.map((a) => {
          const label = `${a.address}, ${a.city}`;
          return (
            <option key={a.id} value={a.id}>
              {a.is_primary ? t`${label} (primary)` : label}
            </option>
          );
        })}
      </SelectField>
      {addresses.isError ? (
        <Button variant="secondary" size="sm" onClick={() => void addresses.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      ) : null}

      <fieldset className="fieldset">
        <legend>
          <Trans>Sustainable Development Goals</Trans>
        </legend>
        {sdgs.isPending ? (
          <p className="field__hint" role="status">
            <Trans>Loading…</Trans>
          </p>
        ) : sdgs.isError ? (
          <div className="field">
            <p className="field__error" role="alert">
              <Trans>The goals could not be loaded.</Trans>
            </p>
            <Button variant="secondary" size="sm" onClick={() => void sdgs.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : (
          <div className="sdg-options">
            {sdgs.data.items.map((g) => (
              <label key={g.id} className="sdg-option" style={{ borderLeftColor: g.color }}>
                <input type="checkbox" value={String(g.id)} {...form.register('sdg_goals')} />
                <span>
                  {g.id}. {sdgName(i18n, g)}
                </span>
              </label>
            ))}
          </div>
        )}
        {errors.sdg_goals ? (
          <p className="field__error" role="alert">
            {err(errors.sdg_goals as { message?: string })}
          </p>
        ) : null}
      </fieldset>

      <EditorPhotos form={form} idPrefix="editor" err={err} />

      <fieldset className="fieldset">
        <legend>
          <Trans>Sub-listings</Trans>
        </legend>
        {subs.fields.length === 0 ? (
          <p className="field__hint">
            <Trans>Split a listing into parts, e.g. separate lots or sizes.</Trans>
          </p>
        ) : null}
        {subs.fields.map((f, i) => {
          const n = i + 1;
          const e = (errors.sub_listings as unknown as Record<string, { message?: string } | undefined>[] | undefined)?.[i];
          const keptId = (subValues as { id?: unknown }[] | undefined)?.[i]?.id;
          const kept = detail?.sub_listings.find((x) => x.id === keptId);
          const reserved = kept && kept.reserved_quantity > 0 && unit ? formatQuantity(lang, kept.reserved_quantity, unit) : null;
          return (
            <div key={f.id} className="sub-row">
              <TextField label={t`Sub-listing ${n} title`} required error={err(e?.title)} {...form.register(`sub_listings.${i}.title` as const)} />
              <TextField label={t`Description`} error={err(e?.description)} {...form.register(`sub_listings.${i}.description` as const)} />
              <TextField
                label={t`Quantity`}
                required
                type="number"
                min={0}
                step={1}
                hint={reserved ? t`Reserved: ${reserved}` : undefined}
                error={err(e?.quantity)}
                {...form.register(`sub_listings.${i}.quantity` as const)}
              />
              <Button
                variant="ghost"
                size="sm"
                onClick={() => subs.remove(i)}
                aria-label={t`Remove sub-listing ${n}`}
                icon={<Icon name="close" size={16} />}
              >
                <Trans>Remove</Trans>
              </Button>
            </div>
          );
        })}
        <Button variant="secondary" size="sm" onClick={() => subs.append({ title: '', description: '', quantity: '' } as never)}>
          <Trans>Add a sub-listing</Trans>
        </Button>
      </fieldset>
    </EditorCard>
  );
}
