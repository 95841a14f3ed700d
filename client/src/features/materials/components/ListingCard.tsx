// A result card: photo (or a placeholder in the category colour), title, category, quantity, company,
// distance and age. The whole card is one link to the listing.
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CategoryChip } from '@/components/listing/Chips';
import { StockLine } from '@/components/listing/Stock';
import { CATEGORY_COLORS } from '@/components/listing/labels';
import { Icon } from '@/components/ui/Icon';
import { to } from '@/config/paths';
import { useLanguage } from '@/lib/i18n';
import type { RouterOutputs } from '@/lib/types';
import { daysAgoLabel, formatKm } from '../lib/format';

export type ListItem = RouterOutputs['materials']['search']['items'][number];

export function ListingPhoto({ item, className }: { item: Pick<ListItem, 'image_url' | 'category'>; className?: string }) {
  const c = CATEGORY_COLORS[item.category];
  return item.image_url ? (
    // width/height give the browser the 4:3 box before the file arrives; CSS sizes it (aspect-ratio, height auto).
    <img className={['listing-photo', className ?? ''].join(' ')} src={item.image_url} alt="" loading="lazy" width={400} height={300} />
  ) : (
    <span
      className={['listing-photo listing-photo--placeholder', className ?? ''].join(' ')}
      style={{ background: c.bg, color: c.ink }}
      aria-hidden="true"
    >
      <Icon name={item.category === 'knowledge' ? 'info' : 'boxes'} size={36} />
    </span>
  );
}

export function ListingCard({ item, extra, onOpen }: { item: ListItem; extra?: ReactNode; onOpen?: () => void }) {
  const { i18n } = useLingui();
  const lang = useLanguage();
  return (
    <article className="listing-card" data-testid="listing-card">
      <Link href={to.material(item.id)} className="listing-card__link" onClick={onOpen}>
        <ListingPhoto item={item} className="listing-card__photo" />
        <div className="listing-card__body">
          <CategoryChip category={item.category} />
          <h3 className="listing-card__title">{item.title}</h3>
          <StockLine className="listing-card__qty" stock={item} unit={item.quantity_unit} />
          <p className="listing-card__company">
            <Icon name="building" size={16} /> {item.company_name}
          </p>
          <p className="listing-card__meta">
            {item.distance_km !== null ? <span data-testid="listing-distance">{formatKm(lang, item.distance_km)}</span> : null}
            <span>{daysAgoLabel(i18n, item.created_at)}</span>
          </p>
          {extra}
        </div>
      </Link>
    </article>
  );
}

/**
 * A card while the data loads: the card's own elements with grey bars for text, so it takes the height a card takes
 * (recommendations reserve their lines in CSS, so the results below them do not move when the cards arrive).
 * `reason`: the recommendation's "why" line.
 */
export function ListingCardSkeleton({ reason = false }: { reason?: boolean }) {
  return (
    <div className="listing-card listing-card--skeleton" aria-hidden="true">
      <div className="listing-card__link">
        <span className="listing-photo listing-card__photo skeleton" />
        <div className="listing-card__body">
          <span className="tag skeleton skeleton--tag">{'\u00a0'}</span>
          <span className="listing-card__title">
            <span className="skeleton-line" />
            <span className="skeleton-line skeleton-line--short" />
          </span>
          <span className="listing-card__qty">
            <span className="skeleton-line skeleton-line--short" />
          </span>
          <span className="listing-card__company">
            <span className="skeleton-line" />
          </span>
          <span className="listing-card__meta">
            <span className="skeleton-line skeleton-line--short" />
          </span>
          {reason ? (
            <span className="listing-card__reason">
              <span className="skeleton-line" />
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
}
