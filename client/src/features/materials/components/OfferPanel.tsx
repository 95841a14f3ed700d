// The offer entry point on another company's listing (SPEC §2 /material/{id}): "Make an offer" opens a dialog
// (quantity and message); once the company has a pending offer on the listing (one at a time, the server
// holds that), the page shows it instead, with Withdraw and a link to the pending offers.
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { FormError, TextArea, TextField } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/States';
import { to } from '@/config/paths';
import { errorText, fieldErrorText, getAppError } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { applyServerErrors } from '@/lib/forms';
import { useLanguage } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { LIMITS } from '@shared/constants/limits';
import { formatQuantity } from '../lib/format';
import { offerFormSchema } from '../lib/offer';

const MADE_OFFERS = to.pendingOffers('made');

type Listing = { id: number; title: string; quantity: number; quantity_unit: string };

export function OfferPanel({ listing }: { listing: Listing }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const lang = useLanguage();
  const [open, setOpen] = useState(false);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const mine = useQuery(trpc.offers.list.queryOptions({ direction: 'made', material_id: listing.id, status: 'pending', page: 0, size: 1 }));
  const withdraw = useMutation(trpc.offers.withdraw.mutationOptions());
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.offers.pathKey() });
  const pending = mine.data?.items[0] ?? null;

  const onWithdraw = async (id: number) => {
    try {
      await withdraw.mutateAsync({ id });
      showSnackbar(msg`Offer withdrawn`);
    } catch (err) {
      showSnackbar(`${i18n._(msg`Could not withdraw the offer`)}: ${errorText(i18n, err)}`, { tone: 'error' });
    }
    setConfirmWithdraw(false);
    await refresh();
  };

  if (mine.isPending) {
    return (
      <div className="material__actions" aria-busy="true">
        <Spinner size={20} />
      </div>
    );
  }

  if (pending) {
    return (
      <section className="my-offer" aria-labelledby="my-offer-title" data-testid="my-offer">
        <h2 id="my-offer-title" className="my-offer__title">
          <Trans>Your company’s offer is pending</Trans>
        </h2>
        <p className="my-offer__qty">{formatQuantity(lang, pending.quantity, pending.material.quantity_unit)}</p>
        <p className="my-offer__message">{pending.message}</p>
        <p className="my-offer__meta">
          <Trans>Sent {fmt.date(pending.created_at)}</Trans>
        </p>
        <div className="row-actions">
          <Button variant="secondary" onClick={() => setConfirmWithdraw(true)}>
            <Trans>Withdraw offer</Trans>
          </Button>
          <Link href={MADE_OFFERS} className="btn btn--ghost btn--md">
            <span>
              <Trans>See your offers</Trans>
            </span>
          </Link>
        </div>
        <Dialog open={confirmWithdraw} onClose={() => setConfirmWithdraw(false)} title={t`Withdraw offer`} closeLabel={t`Close`}>
          <p>
            <Trans>Withdraw your offer on “{listing.title}”? The other company can no longer accept it.</Trans>
          </p>
          <DialogActions
            variant="danger"
            loading={withdraw.isPending}
            onConfirm={() => void onWithdraw(pending.id)}
            onCancel={() => setConfirmWithdraw(false)}
          >
            <Trans>Withdraw offer</Trans>
          </DialogActions>
        </Dialog>
      </section>
    );
  }

  return (
    <div className="material__actions">
      <Button onClick={() => setOpen(true)}>
        <Trans>Make an offer</Trans>
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t`Make an offer`} closeLabel={t`Close`}>
        {open ? (
          <OfferForm
            listing={listing}
            onDone={() => {
              setOpen(false);
              void refresh();
            }}
            onCancel={() => setOpen(false)}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function OfferForm({ listing, onDone, onCancel }: { listing: Listing; onDone: () => void; onCancel: () => void }) {
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
