// The pending-offers tab: offers waiting on the company's listings (accept / reject) and the offers it made
// (status, withdraw while pending). Both lists page; live updates come from SynergiesPage's event hooks.
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { formatQuantity } from '@/components/listing/format';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { FormError, TextArea } from '@/components/ui/Field';
import { Pagination } from '@/components/ui/Pagination';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { to } from '@/config/paths';
import { errorText, fieldErrorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { applyServerErrors } from '@/lib/forms';
import { useLanguage } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { LIMITS } from '@shared/constants/limits';
import { otherCompanyOfOffer, rejectFormSchema, type Offer } from '../lib/synergy';
import { Counter, OfferStatusChip } from './bits';

const SIZE = 10;

export function PendingOffers({ focusMade }: { focusMade: boolean }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [receivedPage, setReceivedPage] = useState(0);
  const [madePage, setMadePage] = useState(0);
  const received = useQuery({ ...trpc.offers.pending.queryOptions({ page: receivedPage, size: SIZE }), placeholderData: keepPreviousData });
  const made = useQuery({ ...trpc.offers.list.queryOptions({ direction: 'made', page: madePage, size: SIZE }), placeholderData: keepPreviousData });
  // The last row of a later page went away (accepted, rejected, withdrawn): step back a page.
  if (received.data?.items.length === 0 && receivedPage > 0 && !received.isPlaceholderData) setReceivedPage(receivedPage - 1);
  if (made.data?.items.length === 0 && madePage > 0 && !made.isPlaceholderData) setMadePage(madePage - 1);

  // `?tab=made` (the "offer declined" notification): start at the offers the company made.
  const madeRef = useRef<HTMLElement>(null);
  const madeLoaded = !!made.data;
  useEffect(() => {
    if (focusMade && madeLoaded) madeRef.current?.scrollIntoView({ block: 'start' });
  }, [focusMade, madeLoaded]);

  return (
    <div className="offers">
      <section className="offers__section" aria-labelledby="offers-received" data-testid="offers-received">
        <h2 id="offers-received" className="exchanges-title">
          <Trans>Offers on your listings</Trans>
        </h2>
        <OfferList
          query={received}
          page={receivedPage}
          onPage={setReceivedPage}
          label={t`Offers on your listings`}
          empty={
            <EmptyState icon="handshake" title={<Trans>No offers are waiting for an answer</Trans>}>
              <p>
                <Trans>
                  When another company makes an offer on one of your listings, it shows here, and you can accept or reject it. Accepting starts a
                  synergy.
                </Trans>
              </p>
            </EmptyState>
          }
          errorTitle={<Trans>Could not load the offers on your listings</Trans>}
        />
      </section>
      <section ref={madeRef} className="offers__section" aria-labelledby="offers-made" data-testid="offers-made">
        <h2 id="offers-made" className="exchanges-title">
          <Trans>Offers you made</Trans>
        </h2>
        <OfferList
          query={made}
          page={madePage}
          onPage={setMadePage}
          label={t`Offers you made`}
          empty={
            <EmptyState icon="boxes" title={<Trans>You have not made any offers yet</Trans>}>
              <p>
                <Trans>Find a listing in the materials database and make an offer on it.</Trans>
              </p>
            </EmptyState>
          }
          errorTitle={<Trans>Could not load the offers you made</Trans>}
        />
      </section>
    </div>
  );
}

/** What a list needs of its query. */
interface PageQuery {
  data: { items: Offer[]; total: number; totalPages: number } | undefined;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

function OfferList({
  query,
  page,
  onPage,
  label,
  empty,
  errorTitle,
}: {
  query: PageQuery;
  page: number;
  onPage: (p: number) => void;
  label: string;
  empty: ReactNode;
  errorTitle: ReactNode;
}) {
  if (query.isError && !query.data) return <ErrorState title={errorTitle} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingState />;
  if (query.data.items.length === 0 && page === 0) return empty;
  return (
    <>
      <ul className={['offer-list', query.isPlaceholderData ? 'is-refreshing' : ''].join(' ')} aria-label={label}>
        {query.data.items.map((o) => (
          <li key={o.id}>
            <OfferRow offer={o} />
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        size={SIZE}
        total={query.data.total}
        totalPages={query.data.totalPages}
        itemsOnPage={query.data.items.length}
        onPage={onPage}
      />
    </>
  );
}

function OfferRow({ offer: o }: { offer: Offer }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const lang = useLanguage();
  const [dialog, setDialog] = useState<'accept' | 'reject' | 'withdraw' | null>(null);
  const review = useMutation(trpc.offers.review.mutationOptions());
  const withdraw = useMutation(trpc.offers.withdraw.mutationOptions());
  const other = otherCompanyOfOffer(o);
  const refresh = async () => {
    await Promise.all([qc.invalidateQueries({ queryKey: trpc.offers.pathKey() }), qc.invalidateQueries({ queryKey: trpc.exchanges.pathKey() })]);
  };

  const accept = async () => {
    try {
      const res = await review.mutateAsync({ id: o.id, decision: 'accept' });
      setDialog(null);
      // The new synergy's chat is one call away; the snackbar links to it.
      const synergy = res.exchange_id ? await qc.fetchQuery(trpc.exchanges.get.queryOptions({ id: res.exchange_id })).catch(() => null) : null;
      showSnackbar(
        msg`Offer accepted: a synergy has started`,
        synergy?.chat_id ? { action: { label: msg`Open chat`, href: to.chat(synergy.chat_id) } } : {},
      );
    } catch (err) {
      setDialog(null);
      showSnackbar(`${i18n._(msg`Could not accept the offer`)}: ${errorText(i18n, err)}`, { tone: 'error' });
    }
    await refresh();
  };

  const doWithdraw = async () => {
    try {
      await withdraw.mutateAsync({ id: o.id });
      showSnackbar(msg`Offer withdrawn`);
    } catch (err) {
      showSnackbar(`${i18n._(msg`Could not withdraw the offer`)}: ${errorText(i18n, err)}`, { tone: 'error' });
    }
    setDialog(null);
    await refresh();
  };

  const title = o.material.title;
  return (
    <article className="offer-row" data-testid="offer-row" aria-labelledby={`offer-${o.id}-title`}>
      <div className="offer-row__main">
        <div className="offer-row__head">
          <h3 className="offer-row__title" id={`offer-${o.id}-title`}>
            <Link href={to.material(o.material.id)}>{title}</Link>
          </h3>
          {o.direction === 'made' ? <OfferStatusChip status={o.status} /> : null}
        </div>
        <p className="offer-row__meta">
          <span>
            {o.direction === 'received' ? <Trans>From</Trans> : <Trans>To</Trans>} <Link href={to.company(other.id)}>{other.name}</Link>
          </span>
          <span className="offer-row__qty">{formatQuantity(lang, o.quantity, o.material.quantity_unit)}</span>
          <span>
            <time dateTime={String(o.created_at)}>{fmt.date(o.created_at)}</time>
          </span>
        </p>
        <p className="offer-row__message">{o.message}</p>
        {o.status === 'rejected' && o.review_reason ? (
          <p className="offer-row__reason">
            <Trans>Reason: {o.review_reason}</Trans>
          </p>
        ) : null}
      </div>
      <div className="row-actions offer-row__actions">
        {o.actions.includes('accept') ? (
          <Button size="sm" onClick={() => setDialog('accept')} aria-label={t`Accept offer on ${title} from ${other.name}`}>
            <Trans>Accept</Trans>
          </Button>
        ) : null}
        {o.actions.includes('reject') ? (
          <Button size="sm" variant="secondary" onClick={() => setDialog('reject')} aria-label={t`Reject offer on ${title} from ${other.name}`}>
            <Trans>Reject</Trans>
          </Button>
        ) : null}
        {o.actions.includes('withdraw') ? (
          <Button size="sm" variant="secondary" onClick={() => setDialog('withdraw')} aria-label={t`Withdraw offer on ${title}`}>
            <Trans>Withdraw</Trans>
          </Button>
        ) : null}
        {o.status === 'accepted' && o.exchange_id ? (
          <Link href={to.synergy(o.exchange_id)} className="btn btn--ghost btn--sm">
            <span>
              <Trans>View synergy</Trans>
            </span>
          </Link>
        ) : null}
      </div>

      <Dialog open={dialog === 'accept'} onClose={() => setDialog(null)} title={t`Accept offer`} closeLabel={t`Close`}>
        <p>
          <Trans>
            Accept the offer of {other.name} for {formatQuantity(lang, o.quantity, o.material.quantity_unit)} of “{title}”? A synergy starts, with a
            chat between your two companies.
          </Trans>
        </p>
        <DialogActions loading={review.isPending} onConfirm={() => void accept()} onCancel={() => setDialog(null)} testId="accept-confirm">
          <Trans>Accept</Trans>
        </DialogActions>
      </Dialog>
      <Dialog open={dialog === 'reject'} onClose={() => setDialog(null)} title={t`Reject offer`} closeLabel={t`Close`}>
        {dialog === 'reject' ? (
          <RejectForm
            offer={o}
            onDone={() => {
              setDialog(null);
              void refresh();
            }}
            onCancel={() => setDialog(null)}
          />
        ) : null}
      </Dialog>
      <Dialog open={dialog === 'withdraw'} onClose={() => setDialog(null)} title={t`Withdraw offer`} closeLabel={t`Close`}>
        <p>
          <Trans>Withdraw your offer on “{title}”? The other company can no longer accept it.</Trans>
        </p>
        <DialogActions variant="danger" loading={withdraw.isPending} onConfirm={() => void doWithdraw()} onCancel={() => setDialog(null)}>
          <Trans>Withdraw offer</Trans>
        </DialogActions>
      </Dialog>
    </article>
  );
}

function RejectForm({ offer, onDone, onCancel }: { offer: Offer; onDone: () => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const form = useForm<z.input<typeof rejectFormSchema>, unknown, z.output<typeof rejectFormSchema>>({
    resolver: zodResolver(rejectFormSchema),
    defaultValues: { reason: '' },
  });
  const review = useMutation(trpc.offers.review.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const reason = (useWatch({ control: form.control, name: 'reason' }) as string | undefined) ?? '';
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await review.mutateAsync({ id: offer.id, decision: 'reject', reason: values.reason });
      showSnackbar(msg`Offer rejected`);
      onDone();
    } catch (err) {
      applyServerErrors(form, err, { shouldFocus: true });
      setFormError(`${i18n._(msg`Could not reject the offer`)}: ${errorText(i18n, err)}`);
    }
  });
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
        error={fieldErrorText(i18n, form.formState.errors.reason)}
        {...form.register('reason')}
      />
      <DialogActions variant="danger" loading={review.isPending} onCancel={onCancel} testId="reject-confirm">
        <Trans>Reject offer</Trans>
      </DialogActions>
    </form>
  );
}
