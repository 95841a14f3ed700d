// Small labelled chips for a listing's category, status and SDG goals.
import { useLingui } from '@lingui/react/macro';
import type { ListingCategory, ListingStatus } from '@shared/constants/enums';
import { CATEGORY_COLORS, CATEGORY_LABELS, SDG_GOALS, STATUS_LABELS } from './labels';
import './listing.css';

export function CategoryChip({ category }: { category: ListingCategory }) {
  const { i18n } = useLingui();
  const c = CATEGORY_COLORS[category];
  return (
    <span className="tag tag--category" style={{ background: c.soft }} data-category={category}>
      <span className="tag__swatch" style={{ background: c.bg }} aria-hidden="true" />
      {i18n._(CATEGORY_LABELS[category])}
    </span>
  );
}

export function StatusChip({ status }: { status: ListingStatus }) {
  const { i18n } = useLingui();
  return <span className={`tag tag--status tag--${status}`}>{i18n._(STATUS_LABELS[status])}</span>;
}

export function SdgChip({ id }: { id: number }) {
  const { i18n } = useLingui();
  const goal = SDG_GOALS.find((g) => g.id === id);
  if (!goal) return null;
  return (
    <span className="tag tag--sdg" style={{ borderColor: goal.color }}>
      <span className="tag__num" style={{ background: goal.color, color: isLight(goal.color) ? '#132a24' : '#ffffff' }} aria-hidden="true">
        {id}
      </span>
      {i18n._(goal.name)}
    </span>
  );
}

/** Relative luminance above ~0.4: dark text reads better on it than white. */
function isLight(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.4;
}
