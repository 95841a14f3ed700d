// The manager panel's offerings tab: the company's offerings with status actions, the listing editor
// (CREATE / EDIT) and the bulk upload. `?edit={id}` opens the editor on a listing (from its detail page).
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { FullyReservedChip, StatusChip } from '@/components/listing/Chips';
import { useListingColumns } from '@/components/listing/columns';
import { Button } from '@/components/ui/Button';
import { EditorSlot } from '@/components/ui/EditorParts';
import { SelectField } from '@/components/ui/Field';
import { isSettled } from '@/components/ui/QueryView';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { Table } from '@/components/ui/Table';
import { to } from '@/config/paths';
import { useEditorRoute } from '@/hooks/useEditorRoute';
import { useLanguage } from '@/lib/i18n';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { LISTING_STATUSES, type ListingStatus } from '@shared/constants/enums';
import { LIMITS } from '@shared/constants/limits';
import { formatQuantity } from '../lib/format';
import { STATUS_LABELS } from '@/components/listing/labels';
import { BulkUpload } from './BulkUpload';
import { StatusActions } from './StatusActions';
import { ListingEditor } from './ListingEditor';
import { Pagination } from '@/components/ui/Pagination';
import '../materials.css';
import { Options } from '@/components/ui/Options';

/** Donations are listings too, but have their own tab, form and approval (docs/decisions/0090): this tab lists offerings. */
const kind = 'offering';
const BASE = '/account/manager-panel/offerings';

export function OfferingsPanel() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const listingColumns = useListingColumns<RouterOutputs['materials']['mine']['items'][number]>();
  const lang = useLanguage();
  const editor = useEditorRoute(BASE);
  const { editId, creating } = editor;
  const [status, setStatus] = useState<ListingStatus | ''>('');
  const [page, setPage] = useState(0);
  const size = LIMITS.listingPageSize;

  const list = useQuery({
    ...trpc.materials.mine.queryOptions({ kind, status: status || undefined, page, size }),
    placeholderData: keepPreviousData,
  });
  const editing = useQuery({ ...trpc.materials.get.queryOptions({ id: editId ?? 0 }), enabled: !!editId });

  return (
    <div className="offerings">
      <div className="offerings__bar spread">
        <h2 className="section-title">
          <Trans>Your listings</Trans>
        </h2>
        {!creating && !editId ? (
          <Button onClick={editor.openNew}>
            <Trans>New listing</Trans>
          </Button>
        ) : null}
      </div>

      <EditorSlot creating={creating} editId={editId} editing={editing} errorTitle={<Trans>Could not load this listing</Trans>}>
        {(detail, key) => <ListingEditor key={key} detail={detail} onDone={editor.close} />}
      </EditorSlot>

      <div className="offerings__filters">
        <SelectField
          label={t`Listing status`}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ListingStatus | '');
            setPage(0);
          }}
        >
          <Options values={LISTING_STATUSES} labels={STATUS_LABELS} blank={t`All statuses`} />
        </SelectField>
      </div>

      {list.isError && !list.data ? (
        <ErrorState title={<Trans>Could not load your listings</Trans>} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <LoadingState />
      ) : list.data.items.length === 0 && page === 0 && !status ? (
        <EmptyState icon="boxes" title={<Trans>No listings yet</Trans>}>
          <p>
            <Trans>Create your first listing, or upload many at once from a CSV file.</Trans>
          </p>
        </EmptyState>
      ) : (
        <>
          <Table
            caption={t`Your company's listings`}
            rowKey={(m) => m.id}
            rows={list.data.items}
            empty={<Trans>No listings match these filters</Trans>}
            columns={[
              listingColumns.title((m) => <Link href={to.material(m.id)}>{m.title}</Link>),
              listingColumns.category(),
              {
                key: 'quantity',
                header: t`Quantity`,
                align: 'end',
                cell: (m) =>
                  m.reserved_quantity > 0
                    ? t`${formatQuantity(lang, m.available_quantity, m.quantity_unit)} of ${formatQuantity(lang, m.quantity, m.quantity_unit)} available`
                    : formatQuantity(lang, m.quantity, m.quantity_unit),
              },
              {
                key: 'status',
                header: t`Listing status`,
                cell: (m) => (
                  <span className="chips-inline">
                    <StatusChip status={m.status} />
                    <FullyReservedChip stock={m} />
                  </span>
                ),
              },
              listingColumns.posted(),
              {
                key: 'actions',
                header: t`Actions`,
                cell: (m) => (
                  <div className="row-actions">
                    <Button size="sm" variant="secondary" onClick={() => editor.openEdit(m.id)} aria-label={`${t`Edit`}: ${m.title}`}>
                      {t`Edit`}
                    </Button>
                    <StatusActions id={m.id} title={m.title} status={m.status} allowDelete />
                  </div>
                ),
              },
            ]}
          />
          <Pagination page={page} size={size} result={list.data} onPage={setPage} />
        </>
      )}

      {/* Below the list once it has loaded or failed: it would jump down as the rows arrive. */}
      {isSettled(list) ? <BulkUpload /> : null}
    </div>
  );
}
