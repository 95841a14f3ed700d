// The pending-offers tab: offers waiting for the company's answer (on its listings after the offerer's move, and its
// own after the listing company's counter: accept, counter, reject or withdraw on its turn) and the offers it made
// (status, the negotiation's thread, withdraw while open). Both lists page; live updates come from the event hooks
// of the page that shows the tab (SynergiesPage).
import { PreloadButton } from '@/components/ui/PreloadButton';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { formatQuantity } from '@/components/listing/format';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LazyFormDialog } from '@/components/ui/Dialog';
import { Pagination } from '@/components/ui/Pagination';
import { isSettled, useOnSettled } from '@/components/ui/QueryView';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { to } from '@/config/paths';
import { useRevealAfterPaint } from '@/hooks/useRevealAfterPaint';
import { errorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { otherCompanyOfOffer, type Offer } from '../lib/list';
import { OfferStatusChip } from './OfferStatusChip';
import '../offers.css';

const SIZE = 10;
const FIRST_ROWS = 2;

const RejectForm = lazyComponent(() => import('./OfferForms').then((m) => m.RejectForm));
const CounterForm = lazyComponent(() => import('./OfferForms').then((m) => m.CounterForm));
const preloadForms = () => void RejectForm.preload();

/** A button that opens one of the lazily loaded forms; the form's code is fetched as the pointer or focus reaches it. */
function OpensForm({ onClick, label, children }: { onClick: () => void; label: string; children: ReactNode }) {
  return (
    <PreloadButton size="sm" variant="secondary" preload={preloadForms} onClick={onClick} aria-label={label}>
      {children}
    </PreloadButton>
  );
}

export function PendingOffers() {
  const { t } = useLingui();
  const focusMade = new URLSearchParams(useSearch()).get('tab') === 'made';
  const trpc = useTRPC();
  const [receivedPage, setReceivedPage] = useState(0);
  const [madePage, setMadePage] = useState(0);
  const received = useQuery({ ...trpc.offers.pending.queryOptions({ page: receivedPage, size: SIZE }), placeholderData: keepPreviousData });
  const made = useQuery({ ...trpc.offers.list.queryOptions({ direction: 'made', page: madePage, size: SIZE }), placeholderData: keepPreviousData });
  // The last row of a later page went away (accepted, rejected, withdrawn): step back a page.
  if (received.data?.items.length === 0 && receivedPage > 0 && !received.isPlaceholderData) setReceivedPage(receivedPage - 1);
  if (made.data?.items.length === 0 && madePage > 0 && !made.isPlaceholderData) setMadePage(madePage - 1);

  // The offers made show once the list above has settled (loaded, every row drawn, or failed): on a phone they
  // stand below it, and would jump down as its rows arrive (a layout shift of 0.19 measured on the demo company).
  const [receivedDrawn, setReceivedDrawn] = useState(false);
  const receivedSettled = isSettled(received) && (!received.data?.items.length || receivedDrawn);

  // `?tab=made` (the "offer declined" notification): start at the offers the company made.
  const madeRef = useRef<HTMLElement>(null);
  const madeLoaded = !!made.data;
  useEffect(() => {
    if (focusMade && madeLoaded && receivedSettled) madeRef.current?.scrollIntoView({ block: 'start' });
  }, [focusMade, madeLoaded, receivedSettled]);

  return (
    <div className="offers">
      <section className="offers__section" aria-labelledby="offers-received" data-testid="offers-received">
        <h2 id="offers-received" className="offers__title">
          <Trans>Waiting for your answer</Trans>
        </h2>
        <OfferList
          query={received}
          page={receivedPage}
          onPage={setReceivedPage}
          label={t`Waiting for your answer`}
          empty={
            <EmptyState icon="handshake" title={<Trans>No offers are waiting for an answer</Trans>}>
              <p>
                <Trans>
                  When another company makes an offer on one of your listings, or counters one of yours, it shows here: accept it, counter it or
                  decline it. Accepting starts a synergy.
                </Trans>
              </p>
            </EmptyState>
          }
          errorTitle={<Trans>Could not load the offers on your listings</Trans>}
          onDrawn={() => setReceivedDrawn(true)}
        />
      </section>
      {receivedSettled ? (
        <section ref={madeRef} className="offers__section" aria-labelledby="offers-made" data-testid="offers-made">
          <h2 id="offers-made" className="offers__title">
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
      ) : null}
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

/** The first offers with the page, the rest once it has painted (decision 0158): two lists of ten open at once. */
function OfferRows({ items, refreshing, label, onDrawn }: { items: readonly Offer[]; refreshing: boolean; label: string; onDrawn?: () => void }) {
  const shown = useRevealAfterPaint(items, FIRST_ROWS);
  useOnSettled(shown.length === items.length, onDrawn);
  return (
    <ul className={['offer-list card-list', refreshing ? 'is-refreshing' : ''].join(' ')} aria-label={label}>
      {shown.map((o) => (
        <li key={o.id}>
          <OfferRow offer={o} />
        </li>
      ))}
    </ul>
  );
}

function OfferList({
  query,
  page,
  onPage,
  label,
  empty,
  errorTitle,
  onDrawn,
}: {
  query: PageQuery;
  page: number;
  onPage: (p: number) => void;
  label: string;
  empty: ReactNode;
  errorTitle: ReactNode;
  /** Called once the rows of the first page are all drawn. */
  onDrawn?: () => void;
}) {
  if (query.isError && !query.data) return <ErrorState title={errorTitle} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingState />;
  if (query.data.items.length === 0 && page === 0) return empty;
  return (
    <>
      <OfferRows items={query.data.items} refreshing={query.isPlaceholderData} label={label} onDrawn={onDrawn} />
      <Pagination page={page} size={SIZE} result={query.data} onPage={onPage} />
    </>
  );
}

function OfferRow({ offer: o }: { offer: Offer }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const lang = useLanguage();
  const [dialog, setDialog] = useState<'accept' | 'reject' | 'withdraw' | 'counter' | null>(null);
  const review = useMutation(trpc.offers.review.mutationOptions());
  const withdraw = useMutation(trpc.offers.withdraw.mutationOptions());
  const lower = useMutation(trpc.offers.update.mutationOptions());
  const other = otherCompanyOfOffer(o);
  // A pending offer above what accepted offers have left stays pending but cannot be accepted (decision 0175).
  const open = o.status === 'pending' || o.status === 'countered';
  const aboveStock = open && o.quantity > o.available_quantity;
  const price = o.unit_price_minor !== null && o.currency ? fmt.money(o.unit_price_minor, o.currency) : null;
  const total = o.unit_price_minor !== null && o.currency ? fmt.money(o.unit_price_minor * o.quantity, o.currency) : null;
  const round = o.round;
  const maxRounds = o.max_rounds;
  const unit = o.material.quantity_unit;
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

  const lowerToAvailable = async () => {
    try {
      await lower.mutateAsync({ id: o.id, quantity: o.available_quantity });
      showSnackbar(msg`Offer changed`);
    } catch (err) {
      showSnackbar(`${i18n._(msg`Could not change the offer`)}: ${errorText(i18n, err)}`, { tone: 'error' });
    }
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
          {o.direction === 'made' || o.status === 'countered' ? <OfferStatusChip status={o.status} /> : null}
        </div>
        <p className="offer-row__meta">
          <span>
            {o.direction === 'received' ? <Trans>From</Trans> : <Trans>To</Trans>} <Link href={to.company(other.id)}>{other.name}</Link>
          </span>
          <span className="offer-row__qty">
            {formatQuantity(lang, o.quantity, unit)}
            {o.sub_listing ? ` · ${o.sub_listing.title}` : null}
          </span>
          {price ? (
            <span className="offer-row__price" data-testid="offer-price">
              {unit === 'hours' ? <Trans>{price} per hour</Trans> : unit === 'm2' ? <Trans>{price} per m²</Trans> : <Trans>{price} per kg</Trans>}
              {total ? <span className="muted"> · {total}</span> : null}
            </span>
          ) : null}
          <span>
            <time dateTime={String(o.created_at)}>{fmt.date(o.created_at)}</time>
          </span>
        </p>
        <p className="offer-row__message">{o.message}</p>
        {o.rounds.length > 1 ? <OfferThread offer={o} /> : null}
        {open && o.round > 1 ? (
          <p className="offer-row__turn muted" data-testid="offer-turn">
            {o.turn === (o.direction === 'made' ? 'offerer' : 'owner') ? (
              <Trans>
                Round {round} of {maxRounds}: your turn.
              </Trans>
            ) : (
              <Trans>
                Round {round} of {maxRounds}: waiting for {other.name}.
              </Trans>
            )}
          </p>
        ) : null}
        {aboveStock ? (
          <p className="offer-row__stock" id={`offer-${o.id}-stock`} role="note" data-testid="offer-above-stock">
            {o.direction === 'received' ? (
              <Trans>
                Only {formatQuantity(lang, o.available_quantity, unit)} is still available: accepted offers reserve the rest. This offer cannot be
                accepted unless {other.name} lowers it or stock comes back.
              </Trans>
            ) : (
              <Trans>
                Only {formatQuantity(lang, o.available_quantity, unit)} is still available: accepted offers reserve the rest. Your offer stays
                pending, but it can only be accepted for what is available.
              </Trans>
            )}
          </p>
        ) : null}
        {o.status === 'rejected' && o.review_reason ? (
          <p className="offer-row__reason">
            <Trans>Reason: {o.review_reason}</Trans>
          </p>
        ) : null}
      </div>
      <div className="row-actions offer-row__actions">
        {o.actions.includes('accept') ? (
          <Button
            size="sm"
            onClick={() => setDialog('accept')}
            disabled={aboveStock}
            aria-describedby={aboveStock ? `offer-${o.id}-stock` : undefined}
            aria-label={t`Accept offer on ${title} from ${other.name}`}
          >
            <Trans>Accept</Trans>
          </Button>
        ) : null}
        {o.actions.includes('counter') ? (
          <OpensForm onClick={() => setDialog('counter')} label={t`Counter offer on ${title} from ${other.name}`}>
            <Trans>Counter</Trans>
          </OpensForm>
        ) : null}
        {aboveStock && o.actions.includes('edit') && o.available_quantity > 0 ? (
          <Button size="sm" variant="secondary" loading={lower.isPending} onClick={() => void lowerToAvailable()}>
            <Trans>Ask for {formatQuantity(lang, o.available_quantity, unit)} instead</Trans>
          </Button>
        ) : null}
        {o.actions.includes('reject') ? (
          <OpensForm onClick={() => setDialog('reject')} label={t`Reject offer on ${title} from ${other.name}`}>
            <Trans>Reject</Trans>
          </OpensForm>
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

      <ConfirmDialog
        open={dialog === 'accept'}
        onClose={() => setDialog(null)}
        title={t`Accept offer`}
        variant="primary"
        loading={review.isPending}
        onConfirm={accept}
        confirmLabel={<Trans>Accept</Trans>}
        testId="accept-confirm"
      >
        <p>
          <Trans>
            Accept the offer of {other.name} for {formatQuantity(lang, o.quantity, o.material.quantity_unit)} of “{title}”? A synergy starts, with a
            chat between your two companies.
          </Trans>
        </p>
        {total ? (
          <p>
            <Trans>
              Agreed price: {price} per unit, {total} in all.
            </Trans>
          </p>
        ) : null}
      </ConfirmDialog>
      {(
        [
          ['reject', t`Reject offer`, RejectForm],
          ['counter', t`Counter offer`, CounterForm],
        ] as const
      ).map(([kind, title, Form]) => (
        <LazyFormDialog key={kind} open={dialog === kind} onClose={() => setDialog(null)} onSaved={refresh} title={title} fallback={<LoadingState />}>
          {(form) => <Form offer={o} {...form} />}
        </LazyFormDialog>
      ))}
      <ConfirmDialog
        open={dialog === 'withdraw'}
        onClose={() => setDialog(null)}
        title={t`Withdraw offer`}
        loading={withdraw.isPending}
        onConfirm={doWithdraw}
        confirmLabel={<Trans>Withdraw offer</Trans>}
      >
        <p>
          <Trans>Withdraw your offer on “{title}”? The other company can no longer accept it.</Trans>
        </p>
      </ConfirmDialog>
    </article>
  );
}

/** Every move of the negotiation, oldest first: who proposed what. */
function OfferThread({ offer: o }: { offer: Offer }) {
  const fmt = useFormat();
  const lang = useLanguage();
  const unit = o.material.quantity_unit;
  const moves = o.rounds.length;
  return (
    <details className="offer-thread" data-testid="offer-thread" open={o.status === 'pending' || o.status === 'countered'}>
      <summary>
        <Trans>Negotiation ({moves} moves)</Trans>
      </summary>
      <ol className="offer-thread__list">
        {o.rounds.map((r) => {
          const who = r.by === 'offerer' ? o.offering_company.name : o.listing_company.name;
          const price = r.unit_price_minor !== null && r.currency ? fmt.money(r.unit_price_minor, r.currency) : null;
          const qty = formatQuantity(lang, r.quantity, unit);
          return (
            <li key={r.round} className="offer-thread__move" data-testid="offer-move">
              <span className="offer-thread__who">
                <strong>{who}</strong> <time dateTime={String(r.at)}>{fmt.date(r.at)}</time>
              </span>
              <span>
                {price ? (
                  <Trans>
                    {qty} at {price} per unit
                  </Trans>
                ) : (
                  qty
                )}
              </span>
              <span className="muted">{r.message}</span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
