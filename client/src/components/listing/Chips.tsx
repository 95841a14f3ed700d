// Small labelled chips for a listing's category, status, stock and SDG goals.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ListingCategory, ListingStatus } from '@shared/constants/enums';
import { isFullyReserved, type Stock } from '@shared/lib/stock';
import { CATEGORY_COLORS, CATEGORY_LABELS, sdgName, STATUS_LABELS } from './labels';
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

/** "Fully reserved" while accepted offers hold everything listed (docs/decisions/0175); nothing otherwise. */
export function FullyReservedChip({ stock }: { stock: Stock }) {
  if (!isFullyReserved(stock)) return null;
  return (
    <span className="tag tag--status tag--reserved" data-testid="fully-reserved">
      <Trans>Fully reserved</Trans>
    </span>
  );
}

/** A goal as the server sends it (`materials.get` sdg_goals, `common.sdgs`): its colour from the server, its name translated. */
export function SdgChip({ goal }: { goal: { id: number; name: string; color: string } }) {
  const { i18n } = useLingui();
  return (
    <span className="tag tag--sdg" style={{ borderColor: goal.color }}>
      <span className="tag__num" style={{ borderColor: goal.color }} aria-hidden="true">
        {goal.id}
      </span>
      {sdgName(i18n, goal)}
    </span>
  );
}
