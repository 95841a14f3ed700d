// One donation as a card (the manager's tab and the administrators' list): its photo, state, purpose, quantities
// and what happened to it (who approved it, why it was denied, when it was handed over and its impact).
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Icon } from '@/components/ui/Icon';
import { useFormat } from '@/lib/format';
import type { RouterOutputs } from '@/lib/types';
import { refText } from '@/lib/reference';
import { kgText, moneyText } from './labels';
import { DonationStatusChip } from './DonationStatusChip';
import './donation.css';

export type DonationItem = RouterOutputs['donations']['mine']['items'][number];

export function DonationCard({
  d,
  actions,
  showDonor,
  highlighted,
}: {
  d: DonationItem;
  actions?: ReactNode;
  showDonor?: boolean;
  highlighted?: boolean;
}) {
  const { t, i18n } = useLingui();
  const fmt = useFormat();
  const submitted = fmt.date(d.created_at);
  const items = fmt.number(d.item_count);
  const reviewed = d.reviewed_at ? fmt.date(d.reviewed_at) : '';
  const handedOver = d.handed_over_at ? fmt.dateTime(d.handed_over_at) : '';
  const approver = d.approver_name ?? '';
  const reason = d.deny_reason ?? '';
  const donatedKg = d.impact ? kgText(fmt.locale, d.impact.kg) : '';
  const co2e = d.impact ? kgText(fmt.locale, d.impact.co2e_kg) : '';
  return (
    <article className={`donation-card${highlighted ? ' donation-card--highlighted' : ''}`} data-testid="donation-card" data-donation={d.id}>
      <div className={`donation-card__photo${d.image_url ? '' : ' donation-card__photo--empty'}`} aria-hidden={d.image_url ? undefined : true}>
        {d.image_url ? <img src={d.image_url} alt="" loading="lazy" /> : <Icon name="heart" size={28} />}
      </div>
      <div className="donation-card__body">
        <header className="donation-card__head spread spread--tight spread--top">
          <h3 className="donation-card__title">{d.title}</h3>
          <DonationStatusChip status={d.status} />
        </header>
        <p className="donation-card__meta">
          {showDonor ? <strong>{d.company_name}</strong> : null}
          {showDonor ? ' · ' : null}
          <Trans>Submitted {submitted}</Trans>
          {d.donation_tag_name ? ` · ${refText(i18n, d.donation_tag_name)}` : null}
          {d.material_group_name ? ` · ${refText(i18n, d.material_group_name)}` : null}
        </p>
        <p className="donation-card__purpose">
          <span className="donation-card__label">{t`Purpose`}:</span> {d.purpose}
        </p>
        <dl className="donation-facts">
          <div>
            <dt>{t`Items`}</dt>
            <dd>{items}</dd>
          </div>
          <div>
            <dt>{t`Quantity`}</dt>
            <dd>{d.quantity_kg === null ? '–' : kgText(fmt.locale, d.quantity_kg, 3)}</dd>
          </div>
          <div>
            <dt>{t`Boxes`}</dt>
            <dd>{d.boxes === null ? '–' : fmt.number(d.boxes)}</dd>
          </div>
          <div>
            <dt>{t`Value`}</dt>
            <dd>{d.total_value === null || !d.currency ? '–' : moneyText(fmt.locale, d.total_value, d.currency)}</dd>
          </div>
        </dl>
        {d.status === 'denied' && d.deny_reason ? (
          <p className="donation-card__note donation-card__note--denied" data-testid="deny-reason">
            <Trans>Denied: {reason}</Trans>
          </p>
        ) : null}
        {d.status === 'approved' ? (
          <p className="donation-card__note">
            <Trans>
              Approved by {approver} on {reviewed}. Print the QR code and hand it over with the goods.
            </Trans>
          </p>
        ) : null}
        {d.status === 'handed_over' ? (
          <p className="donation-card__note donation-card__note--done">
            <Trans>Handed over {handedOver}.</Trans>{' '}
            {d.impact ? (
              <Trans>
                {donatedKg} donated, {co2e} CO2e avoided.
              </Trans>
            ) : null}
          </p>
        ) : null}
        {actions ? <div className="row-actions donation-card__actions">{actions}</div> : null}
      </div>
    </article>
  );
}
