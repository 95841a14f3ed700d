// The reject and counter forms of a pending offer: their own chunk (PendingOffers.tsx loads it when one of the two
// dialogs opens, or earlier on hover or focus of its button), so the offers list loads no form code.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useFormSubmit } from '@/hooks/useFormSubmit';
import { Counter } from '@/components/ui/Counter';
import { DialogActions } from '@/components/ui/Dialog';
import { FormError, TextArea, TextField } from '@/components/ui/Field';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { LIMITS } from '@shared/constants/limits';
import { counterOfferInput } from '@shared/schemas/offers';
import type { Offer } from '../lib/list';
import { rejectFormSchema } from '../lib/offer';
import { OfferMessageField } from './OfferMessageField';

export function RejectForm({ offer, onDone, onCancel }: { offer: Offer; onDone: () => void; onCancel: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const form = useSchemaForm(rejectFormSchema, {
    defaultValues: { reason: '' },
  });
  const review = useMutation(trpc.offers.review.mutationOptions());
  const field = useFieldProps(form);
  const reason = (useWatch({ control: form.control, name: 'reason' }) as string | undefined) ?? '';
  const { onSubmit, formError } = useFormSubmit(
    form,
    async (values) => {
      await review.mutateAsync({ id: offer.id, decision: 'reject', reason: values.reason });
      showSnackbar(msg`Offer rejected`);
      onDone();
    },
    { failed: msg`Could not reject the offer` },
  );
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <p>
        <Trans>
          Reject the offer of {offer.offering_company.name} on “{offer.material.title}”? They are told, with your reason if you give one.
        </Trans>
      </p>
      <FormError>{formError}</FormError>
      <TextArea
        label={t`Reason (optional)`}
        rows={3}
        data-autofocus
        hint={<Counter length={reason.length} max={LIMITS.messageMax} />}
        {...field('reason')}
      />
      <DialogActions variant="danger" loading={review.isPending} onCancel={onCancel} testId="reject-confirm">
        <Trans>Reject offer</Trans>
      </DialogActions>
    </form>
  );
}

const counterForm = counterOfferInput.omit({ id: true });

/** A counter on the caller's turn: another quantity and/or price, with a message; the currency stays the offer's. */
export function CounterForm({ offer, onDone, onCancel }: { offer: Offer; onDone: () => void; onCancel: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const form = useSchemaForm(counterForm, {
    defaultValues: { quantity: String(offer.quantity), unit_price: offer.unit_price === null ? '' : offer.unit_price.toFixed(2), message: '' },
  });
  const counter = useMutation(trpc.offers.counter.mutationOptions());
  const message = (useWatch({ control: form.control, name: 'message' }) as string | undefined) ?? '';
  const field = useFieldProps(form);
  const currency = offer.currency ?? '';
  const left = offer.max_rounds - offer.round - 1;
  const { onSubmit, formError } = useFormSubmit(
    form,
    async (values) => {
      await counter.mutateAsync({ id: offer.id, ...values });
      showSnackbar(msg`Counter-offer sent`);
      onDone();
    },
    { failed: msg`Could not send the counter-offer` },
  );
  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="counter-form">
      <p>
        <Trans>Propose other terms for “{offer.material.title}”. The other company may accept them or counter again.</Trans>{' '}
        {left > 0 ? (
          <Trans>Counters left after this one: {left}.</Trans>
        ) : (
          <Trans>This is the last round: after it, they can only accept or decline.</Trans>
        )}
      </p>
      <FormError>{formError}</FormError>
      <div className="form-grid">
        <TextField label={t`Quantity`} inputMode="numeric" autoComplete="off" data-autofocus {...field('quantity')} />
        <TextField label={t`Price per unit (${currency})`} inputMode="decimal" autoComplete="off" {...field('unit_price')} />
      </div>
      <OfferMessageField length={message.length} rows={3} field={field('message')} />
      <DialogActions loading={counter.isPending} onCancel={onCancel} testId="counter-submit">
        <Trans>Send counter-offer</Trans>
      </DialogActions>
    </form>
  );
}
