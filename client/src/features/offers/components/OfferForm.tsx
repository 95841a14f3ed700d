// The "Make an offer" form inside OfferPanel's dialog: the part of the listing (when it has sub-listings), quantity,
// an optional price per unit and its currency, and message, checked by the shared offer schema plus what is still available of that part. Its own chunk (with
// react-hook-form and zod), loaded when the dialog opens.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { formatQuantity } from '@/components/listing/format';
import { DialogActions } from '@/components/ui/Dialog';
import { FormError, SelectField, TextField } from '@/components/ui/Field';
import { to } from '@/config/paths';
import { useFieldProps } from '@/hooks/useFieldProps';
import { errorText, getAppError } from '@/lib/errors';
import { applyServerErrors } from '@/lib/forms';
import { useLanguage } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { availableFor } from '@shared/lib/stock';
import { offerFormSchema, type OfferStockSource } from '../lib/offer';
import { OfferMessageField } from './OfferMessageField';

const MADE_OFFERS = to.pendingOffers('made');

export interface OfferListing extends OfferStockSource {
  id: number;
  title: string;
  quantity_unit: string;
  available_quantity: number;
  sub_listings: (OfferStockSource['sub_listings'][number] & { title: string })[];
}

export function OfferForm({ listing, onDone, onCancel }: { listing: OfferListing; onDone: () => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const lang = useLanguage();
  const schema = useMemo(() => offerFormSchema(listing), [listing]);
  const form = useSchemaForm(schema, {
    defaultValues: { quantity: '', message: '', sub_listing_id: '', unit_price: '', currency: '' },
  });
  const create = useMutation(trpc.offers.create.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const message = (useWatch({ control: form.control, name: 'message' }) as string | undefined) ?? '';
  const part = (useWatch({ control: form.control, name: 'sub_listing_id' }) as string | number | undefined) ?? '';
  const sub = listing.sub_listings.find((x) => String(x.id) === String(part)) ?? null;
  const ceiling = availableFor(listing, sub);
  const field = useFieldProps(form);
  const unit = listing.quantity_unit;
  // The dialog focuses `data-autofocus` when it opens; on a first open this form arrives after that.
  useLayoutEffect(() => form.setFocus('quantity'), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await create.mutateAsync({ material_id: listing.id, ...values });
      showSnackbar(msg`Offer submitted`, { action: { label: msg`View pending offers`, href: MADE_OFFERS } });
      onDone();
    } catch (err) {
      applyServerErrors(form, err, { shouldFocus: true });
      setFormError(`${i18n._(msg`Problem submitting offer`)}: ${errorText(i18n, err)}`);
      showSnackbar(msg`Problem submitting offer`, { tone: 'error' });
      // The company already has a pending offer here (another tab, a colleague): show that one.
      if (getAppError(err).detail.code === 'offer.alreadyPending') await qc.invalidateQueries({ queryKey: trpc.offers.pathKey() });
    }
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="offer-form">
      <p className="offer-form__listing">
        <strong>{listing.title}</strong>
      </p>
      <FormError>{formError}</FormError>
      {listing.sub_listings.length ? (
        <SelectField
          label={t`Part of the listing`}
          {...field('sub_listing_id', { onChange: () => void (form.formState.isSubmitted && form.trigger('quantity')) })}
        >
          <option value="">{t`The whole listing (${formatQuantity(lang, listing.available_quantity, unit)} available)`}</option>
          {listing.sub_listings.map((x) => (
            <option key={x.id} value={x.id} disabled={availableFor(listing, x) === 0}>
              {t`${x.title} (${formatQuantity(lang, availableFor(listing, x), unit)} available)`}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField
        label={unit === 'hours' ? t`Quantity (hours)` : unit === 'm2' ? t`Quantity (m²)` : t`Quantity (kg)`}
        inputMode="numeric"
        autoComplete="off"
        required
        data-autofocus
        hint={<Trans>Up to {formatQuantity(lang, ceiling, unit)}</Trans>}
        {...field('quantity')}
      />
      <div className="form-grid">
        <TextField
          label={unit === 'hours' ? t`Price per hour (optional)` : unit === 'm2' ? t`Price per m² (optional)` : t`Price per kg (optional)`}
          inputMode="decimal"
          autoComplete="off"
          hint={<Trans>For example 12.50. The listing company may counter.</Trans>}
          {...field('unit_price')}
        />
        <TextField
          label={t`Currency`}
          autoComplete="off"
          maxLength={3}
          placeholder="EUR"
          hint={<Trans>Empty: your preferred currency.</Trans>}
          {...field('currency')}
        />
      </div>
      <OfferMessageField length={message.length} rows={4} field={field('message')} />
      <DialogActions loading={create.isPending} onCancel={onCancel} testId="offer-submit">
        <Trans>Send offer</Trans>
      </DialogActions>
    </form>
  );
}
