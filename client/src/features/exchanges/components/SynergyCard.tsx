// One synergy: what was exchanged with whom, its status and result, the trip running for it, both ratings, the
// chat link, and the actions its state allows (end while in progress, rate once after; a completed synergy is otherwise read-only).
import { PreloadButton } from '@/components/ui/PreloadButton';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode, type Ref } from 'react';
import { Link } from 'wouter';
import { CertificateButton } from '@/components/impact/CertificateButton';
import { formatQuantity } from '@/components/listing/format';
import { ChunkBoundary } from '@/components/ui/ChunkBoundary';
import { Fact } from '@/components/ui/Fact';
import { Icon } from '@/components/ui/Icon';
import { to } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy';
import { companiesOf, ratingsOf, type Synergy } from '../lib/synergy';
import { Stars, SynergyStatusChip } from './bits';
import { EndSynergyDialog, preloadSynergyForms, RateSynergyDialog } from './SynergyDialogs';
import { SynergyTrip } from './SynergyTrip';

/** The synergy's trip on a map: its own chunk, and nothing at all for a synergy without a trip. */
const SynergyTripMap = lazyComponent(() => import('./SynergyTripMap').then((m) => m.SynergyTripMap));

export function SynergyCard({ synergy: x, highlighted, ref }: { synergy: Synergy; highlighted?: boolean; ref?: Ref<HTMLElement> }) {
  const { t } = useLingui();
  const fmt = useFormat();
  const lang = useLanguage();
  const [dialog, setDialog] = useState<'end' | 'rate' | null>(null);
  const { theirs } = companiesOf(x);
  const ratings = ratingsOf(x);
  const title = x.material?.title ?? x.item_requested ?? t`Synergy`;
  const money = (minor: number | null) => (minor === null || !x.currency ? null : fmt.money(minor, x.currency));
  const earnings = money(x.earnings_minor);
  const savings = money(x.savings_minor);
  const completed = x.level_of_completion === 'COMPLETED';
  const agreedPrice = x.unit_price_minor !== null && x.price_currency ? fmt.money(x.unit_price_minor, x.price_currency) : null;
  const agreedTotal = x.unit_price_minor !== null && x.price_currency ? fmt.money(x.unit_price_minor * x.quantity, x.price_currency) : null;

  return (
    <article
      ref={ref}
      className={['synergy', highlighted ? 'synergy--highlighted' : '', completed ? 'synergy--completed' : ''].join(' ')}
      aria-labelledby={`synergy-${x.id}-title`}
      data-testid="synergy"
      data-synergy-id={x.id}
      tabIndex={highlighted ? -1 : undefined}
    >
      <header className="synergy__head spread spread--tight">
        <h3 className="synergy__title" id={`synergy-${x.id}-title`}>
          {x.material ? <Link href={to.material(x.material.id)}>{title}</Link> : title}
        </h3>
        <SynergyStatusChip status={x.status} />
      </header>
      <p className="synergy__with">
        <Icon name="building" size={16} />
        <span>
          {x.side === 'provider' ? <Trans>Requested by</Trans> : <Trans>Provided by</Trans>} <Link href={to.company(theirs.id)}>{theirs.name}</Link>
        </span>
      </p>
      <dl className="synergy__facts">
        <Fact label={t`Quantity`}>{formatQuantity(lang, x.quantity, x.quantity_unit)}</Fact>
        {agreedPrice ? (
          <div data-testid="synergy-price">
            <dt>{t`Agreed price`}</dt>
            <dd>
              <Trans>
                {agreedPrice} per unit, {agreedTotal} in all
              </Trans>
            </dd>
          </div>
        ) : null}
        <Fact label={t`Started`}>{fmt.date(x.created_at)}</Fact>
        {x.completed_at ? <Fact label={t`Ended`}>{fmt.date(x.completed_at)}</Fact> : null}
        {completed ? <Fact label={t`Successful`}>{x.successful ? t`Yes` : t`No`}</Fact> : null}
        {earnings ? <Fact label={t`Earnings`}>{earnings}</Fact> : null}
        {savings ? <Fact label={t`Savings`}>{savings}</Fact> : null}
        {x.transport.trips > 0 ? (
          <>
            <Fact label={t`Driven`} testId="transport-distance">{`${fmt.number(x.transport.actual_distance_km)} km`}</Fact>
            <Fact label={t`Transport CO2e`} testId="transport-co2e">{`${fmt.number(x.transport.co2e_kg)} kg`}</Fact>
            {x.impact?.co2e_kg ? (
              <Fact
                label={t`CO2e avoided, net of transport`}
                testId="net-co2e"
              >{`${fmt.number(Math.round((x.impact.co2e_kg - x.transport.co2e_kg) * 10) / 10)} kg`}</Fact>
            ) : null}
          </>
        ) : null}
      </dl>
      {x.trip ? <SynergyTrip trip={x.trip} openTrips={x.open_trips} /> : null}
      <ChunkBoundary fallback={<></>} errorTitle={<Trans>The map could not be loaded</Trans>}>
        <SynergyTripMap exchangeId={x.id} />
      </ChunkBoundary>

      {completed ? (
        <div className="synergy__ratings">
          <RatingGiven testId="rating-ours" label={<Trans>Your rating</Trans>} rating={ratings.ours} />
          <RatingGiven testId="rating-theirs" label={<Trans>Rating by {theirs.name}</Trans>} rating={ratings.theirs} />
        </div>
      ) : null}

      <footer className="synergy__foot spread spread--tight">
        <div className="row-actions">
          {x.chat_id ? (
            <Link
              href={to.chat(x.chat_id)}
              className="btn btn--secondary btn--sm"
              aria-label={completed ? t`Chat history: ${title}` : t`Open chat: ${title}`}
            >
              <Icon name="chat" size={16} />
              <span>{completed ? <Trans>Chat history</Trans> : <Trans>Open chat</Trans>}</span>
            </Link>
          ) : null}
          {x.status === 'successful' && x.impact ? <CertificateButton exchangeId={x.id} title={title} /> : null}
          {x.can_end ? (
            <PreloadButton size="sm" preload={preloadSynergyForms} onClick={() => setDialog('end')} aria-label={t`End synergy: ${title}`}>
              <Trans>End synergy</Trans>
            </PreloadButton>
          ) : null}
          {x.can_rate ? (
            <PreloadButton size="sm" preload={preloadSynergyForms} onClick={() => setDialog('rate')} aria-label={t`Rate synergy: ${title}`}>
              <Trans>Rate</Trans>
            </PreloadButton>
          ) : null}
        </div>
        {completed && !x.can_rate ? (
          <p className="synergy__muted synergy__readonly">
            <Icon name="lock" size={14} />
            <Trans>Completed: read-only</Trans>
          </p>
        ) : null}
      </footer>

      <EndSynergyDialog synergy={x} title={title} open={dialog === 'end'} onClose={() => setDialog(null)} />
      <RateSynergyDialog synergy={x} title={title} other={theirs.name} open={dialog === 'rate'} onClose={() => setDialog(null)} />
    </article>
  );
}

/** One side's rating of a completed synergy: its stars and review, or that it has not rated yet. */
function RatingGiven({ testId, label, rating }: { testId: string; label: ReactNode; rating: ReturnType<typeof ratingsOf>['ours'] }) {
  return (
    <div className="synergy__rating" data-testid={testId}>
      <span className="synergy__rating-label">{label}</span>
      {rating ? (
        <>
          <Stars value={rating.rating} />
          {rating.review ? <q className="synergy__review">{rating.review}</q> : null}
        </>
      ) : (
        <span className="synergy__muted">
          <Trans>Not rated yet</Trans>
        </span>
      )}
    </div>
  );
}
