// The offer entry point on another company's listing (SPEC §2 /material/{id}): "Make an offer" opens a dialog
// (quantity and message); once the company has an open offer on the listing (pending or under negotiation; one at
// a time, the server holds that), the page shows it instead, with Withdraw and a link to the pending offers. A fully reserved listing
// takes no offers; a pending offer above what is left says so (docs/decisions/0175).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatQuantity } from '@/components/listing/format';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LazyFormDialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/States';
import { to } from '@/config/paths';
import { OPEN_OFFER_STATUSES, type OfferStatus } from '@shared/constants/enums';
import { errorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';
import { lazyComponent } from '@/lib/lazy';
import { useTRPC } from '@/lib/trpc';
import type { OfferListing } from './OfferForm';
import '../offers.css';

const MADE_OFFERS = to.pendingOffers('made');
const isOpenOffer = (status: OfferStatus) => (OPEN_OFFER_STATUSES as readonly OfferStatus[]).includes(status);

// The form (react-hook-form, zod and the offer schema) is not needed to show the listing: loaded on first open.
const OfferForm = lazyComponent(() => import('./OfferForm').then((m) => m.OfferForm));

export function OfferPanel({ listing }: { listing: OfferListing }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const lang = useLanguage();
  const [open, setOpen] = useState(false);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  // The newest offer made on this listing: an open one, if any, is always the newest, since no new offer can be made
  // while one is open. A countered offer counts: making another would only be refused as already pending.
  const mine = useQuery(trpc.offers.list.queryOptions({ direction: 'made', material_id: listing.id, page: 0, size: 1 }));
  const withdraw = useMutation(trpc.offers.withdraw.mutationOptions());
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.offers.pathKey() });
  const newest = mine.data?.items[0];
  const pending = newest && isOpenOffer(newest.status) ? newest : null;

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
      <div className="offer-panel" aria-busy="true">
        <Spinner size={20} />
      </div>
    );
  }

  if (pending) {
    return (
      <section className="my-offer" aria-labelledby="my-offer-title" data-testid="my-offer">
        <h2 id="my-offer-title" className="my-offer__title">
          {pending.status === 'countered' ? <Trans>Your company’s offer is under negotiation</Trans> : <Trans>Your company’s offer is pending</Trans>}
        </h2>
        <p className="my-offer__qty">
          {formatQuantity(lang, pending.quantity, pending.material.quantity_unit)}
          {pending.sub_listing ? ` · ${pending.sub_listing.title}` : null}
        </p>
        {pending.quantity > pending.available_quantity ? (
          <p className="my-offer__stock" role="note" data-testid="offer-above-stock">
            <Trans>
              Only {formatQuantity(lang, pending.available_quantity, pending.material.quantity_unit)} is still available: accepted offers reserve the
              rest. Your offer stays pending, but it can only be accepted for what is available.
            </Trans>
          </p>
        ) : null}
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
        <ConfirmDialog
          open={confirmWithdraw}
          onClose={() => setConfirmWithdraw(false)}
          title={t`Withdraw offer`}
          loading={withdraw.isPending}
          onConfirm={() => onWithdraw(pending.id)}
          confirmLabel={<Trans>Withdraw offer</Trans>}
        >
          <p>
            <Trans>Withdraw your offer on “{listing.title}”? The other company can no longer accept it.</Trans>
          </p>
        </ConfirmDialog>
      </section>
    );
  }

  if (listing.available_quantity === 0 && listing.reserved_quantity > 0) {
    return (
      <p className="my-offer__stock" role="note" data-testid="no-offers-fully-reserved">
        <Trans>
          Accepted offers reserve all of this listing, so it takes no new offers. It is available again if one of their synergies ends unsuccessfully.
        </Trans>
      </p>
    );
  }

  return (
    <div className="offer-panel">
      <Button onClick={() => setOpen(true)} onMouseEnter={() => void OfferForm.preload()} onFocus={() => void OfferForm.preload()}>
        <Trans>Make an offer</Trans>
      </Button>
      <LazyFormDialog
        open={open}
        onClose={() => setOpen(false)}
        onSaved={refresh}
        title={t`Make an offer`}
        fallback={<Spinner size={20} />}
        errorTitle={<Trans>The offer form could not be loaded</Trans>}
      >
        {(form) => <OfferForm listing={listing} {...form} />}
      </LazyFormDialog>
    </div>
  );
}
