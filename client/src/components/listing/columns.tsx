// The columns both listing tables share (a company's own listings, the administrator's list of all): the title cell,
// the category chip and the day it was posted, so the two tables read alike.
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ListingCategory } from '@shared/constants/enums';
import type { Column } from '@/components/ui/Table';
import { useFormat } from '@/lib/format';
import { CategoryChip } from './Chips';

/** The columns for a table of `T` rows. */
export function useListingColumns<T extends { category: ListingCategory; created_at: Date | string }>() {
  const { t } = useLingui();
  const fmt = useFormat();
  return {
    /** The title cell; `content` is the title itself and whatever the table adds to it. */
    title: (content: (m: T) => ReactNode): Column<T> => ({
      key: 'title',
      header: t`Title`,
      cell: (m) => <span className="cell-title">{content(m)}</span>,
    }),
    category: (): Column<T> => ({
      key: 'category',
      header: t`Category`,
      cell: (m) => <CategoryChip category={m.category} />,
    }),
    posted: (): Column<T> => ({ key: 'created', header: t`Posted`, cell: (m) => fmt.date(m.created_at) }),
  };
}
