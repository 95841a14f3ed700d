// The "Make an offer" form inside OfferPanel's dialog: quantity and message, checked by the shared offer schema
// plus the listing's own ceiling. Its own chunk (with react-hook-form and zod), loaded when the dialog opens.
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DialogActions } from '@/components/ui/Dialog';
import { FormError, TextArea, TextField } from '@/components/ui/Field';
import { to } from '@/config/paths';
import { errorText, fieldErrorText, getAppError } from '@/lib/errors';
import { applyServerErrors } from '@/lib/forms';
import { useLanguage } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { LIMITS } from '@shared/constants/limits';
import { formatQuantity } from '../lib/format';
import { offerFormSchema } from '../lib/offer';

const MADE_OFFERS = to.pendingOffers('made');

export type OfferListing = { id: number; title: string; quantity: number; quantity_unit: string };

export function OfferForm({ listing, onDone, onCancel }: { listing: OfferListing; onDone: () => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const lang = useLanguage();
  const schema = useMemo(() => offerFormSchema(listing.quantity), [listing.quantity]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { quantity: '', message: '' },
  });
  const create = useMutation(trpc.offers.create.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const message = (useWatch({ control: form.control, name: 'message' }) as string | undefined) ?? '';
  const { errors } = form.formState;
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
      <TextField
        label={unit === 'hours' ? t`Quantity (hours)` : unit === 'm2' ? t`Quantity (m²)` : t`Quantity (kg)`}
        inputMode="numeric"
        autoComplete="off"
        required
        data-autofocus
        hint={<Trans>Up to {formatQuantity(lang, listing.quantity, unit)}</Trans>}
        error={fieldErrorText(i18n, errors.quantity)}
        {...form.register('quantity')}
      />
      <TextArea
        label={t`Message`}
        required
        rows={4}
        hint={
          <span className={message.length > LIMITS.messageMax ? 'counter counter--over' : 'counter'}>{`${message.length}/${LIMITS.messageMax}`}</span>
        }
        error={fieldErrorText(i18n, errors.message)}
        {...form.register('message')}
      />
      <DialogActions loading={create.isPending} onCancel={onCancel} testId="offer-submit">
        <Trans>Send offer</Trans>
      </DialogActions>
    </form>
  );
}
