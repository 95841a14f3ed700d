// One listing (SPEC §2 /material/{id}): photos, details, SDG goals, sub-listings, the provider, and either
// the offer entry point (other companies: make an offer, or their pending one) or edit and status actions (own listing).
// The offer entry point belongs to the offers feature: it comes in through `slots` (composed in app/pages.ts, since
// features do not import features).
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CategoryChip, FullyReservedChip, SdgChip, StatusChip } from '@/components/listing/Chips';
import { StockLine } from '@/components/listing/Stock';
import { FREQUENCY_LABELS } from '@/components/listing/labels';
import { ButtonLink } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Icon } from '@/components/ui/Icon';
import { recordId } from '@/components/ui/RecordNotFound';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { Table } from '@/components/ui/Table';
import { to } from '@/config/paths';
import { getAppError } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { isOfficialEnglish, refText } from '@/lib/reference';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { Gallery } from '../components/Gallery';
import { StatusActions } from '../components/StatusActions';
import { daysAgoLabel, formatKm, formatQuantity } from '../lib/format';
import '../materials.css';

export type MaterialDetail = RouterOutputs['materials']['get'];

export interface MaterialSlots {
  /** What another company (not an administrator) sees to make an offer on the listing, or its pending one. */
  offer: (listing: MaterialDetail) => ReactNode;
}

export function MaterialPage({ params, slots }: { params: Record<string, string>; slots: MaterialSlots }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const lang = useLanguage();
  const fmt = useFormat();
  const session = useSession();
  const { id, valid } = recordId(params.materialId);
  const q = useQuery({ ...trpc.materials.get.queryOptions({ id }), enabled: valid });
  const m = q.data;
  const path = useGroupPath(m ?? null);

  if (!valid || (q.isError && getAppError(q.error).code === 'NOT_FOUND')) {
    return (
      <Card>
        <EmptyState
          icon="boxes"
          title={<Trans>Listing not found</Trans>}
          action={<ButtonLink href="/database" variant="secondary">{t`Back to the database`}</ButtonLink>}
        >
          <p>
            <Trans>This listing does not exist or is no longer available.</Trans>
          </p>
        </EmptyState>
      </Card>
    );
  }
  if (q.isError) return <ErrorState title={<Trans>Could not load this listing</Trans>} onRetry={() => void q.refetch()} />;
  if (!m) return <LoadingState />;

  const isManager = session?.user.role === 'MANAGER';
  const unit = m.quantity_unit;
  return (
    <article className="material">
      <p className="material__back">
        <Link href="/database">
          ‹ <Trans>Materials database</Trans>
        </Link>
      </p>
      <div className="material__layout">
        <Gallery images={m.images} title={m.title} category={m.category} />
        <div className="material__summary">
          <div className="material__chips">
            <CategoryChip category={m.category} />
            {m.is_own ? <StatusChip status={m.status} /> : null}
            <FullyReservedChip stock={m} />
          </div>
          <h1 className="material__title" id="page-title" tabIndex={-1}>
            {m.title}
          </h1>
          <StockLine className="material__qty" stock={m} unit={unit} />
          <p className="material__provider">
            <Icon name="building" size={18} />
            <Trans>
              Provided by <Link href={to.company(m.company_id)}>{m.company_name}</Link>
            </Trans>
          </p>
          <p className="material__meta">
            {m.distance_km !== null && !m.is_own ? <span>{t`${formatKm(lang, m.distance_km)} away`}</span> : null}
            {m.city ? <span>{[m.city, m.country].filter(Boolean).join(', ')}</span> : null}
            <span title={fmt.date(m.created_at)}>
              <Trans>Posted {fmt.date(m.created_at)}</Trans> ({daysAgoLabel(i18n, m.created_at)})
            </span>
          </p>
          {m.is_own ? (
            <div className="material__actions">
              {isManager ? (
                <ButtonLink href={`/account/manager-panel/offerings?edit=${m.id}`} variant="primary">
                  {t`Edit`}
                </ButtonLink>
              ) : null}
              <StatusActions id={m.id} title={m.title} status={m.status} size="md" />
            </div>
          ) : session?.user.role === 'ADMIN' ? null : (
            slots.offer(m)
          )}
        </div>
      </div>

      <div className="material__details">
        <Card title={<Trans>Description</Trans>}>
          <p className="material__description">{m.description}</p>
        </Card>
        <Card title={<Trans>Details</Trans>}>
          <dl className="facts">
            <dt>{t`Material group`}</dt>
            <dd>{path || t`Not specified`}</dd>
            <dt>{t`Frequency`}</dt>
            <dd>{i18n._(FREQUENCY_LABELS[m.frequency])}</dd>
            <dt>{t`Quantity`}</dt>
            <dd>{formatQuantity(lang, m.quantity, unit)}</dd>
            {m.reserved_quantity > 0 ? (
              <>
                <dt>{t`Reserved by accepted offers`}</dt>
                <dd>{formatQuantity(lang, m.reserved_quantity, unit)}</dd>
                <dt>{t`Available`}</dt>
                <dd data-testid="available-quantity">{formatQuantity(lang, m.available_quantity, unit)}</dd>
              </>
            ) : null}
            <dt>{t`Condition`}</dt>
            <dd>{m.condition}</dd>
            <dt>{t`Type`}</dt>
            <dd>{m.type}</dd>
            <dt>{t`Final use`}</dt>
            <dd>{m.final_use}</dd>
          </dl>
        </Card>
        {m.sdg_goals.length ? (
          <Card title={<Trans>Sustainable Development Goals</Trans>}>
            <ul className="list-row">
              {m.sdg_goals.map((g) => (
                <li key={g.id}>
                  <SdgChip goal={g} />
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
        {m.sub_listings.length ? (
          <Card title={<Trans>Sub-listings</Trans>}>
            <Table
              caption={t`Sub-listings of ${m.title}`}
              rowKey={(s) => s.id}
              rows={m.sub_listings}
              columns={[
                { key: 'title', header: t`Title`, cell: (s) => s.title },
                { key: 'description', header: t`Description`, cell: (s) => s.description ?? '' },
                { key: 'quantity', header: t`Quantity`, align: 'end', cell: (s) => formatQuantity(lang, s.quantity, unit) },
                { key: 'available', header: t`Available`, align: 'end', cell: (s) => formatQuantity(lang, s.available_quantity, unit) },
              ]}
            />
          </Card>
        ) : null}
      </div>
    </article>
  );
}

/** "Group › level 1 › level 2 › level 3", from the cached taxonomy lists. */
function useGroupPath(
  m: {
    material_group_id: number | null;
    material_group_name: string | null;
    first_level_subcategory_id: number | null;
    second_level_subcategory_id: number | null;
    third_level_subcategory_id: number | null;
    material_group_code: string | null;
  } | null,
) {
  const trpc = useTRPC();
  const { i18n } = useLingui();
  const first = useQuery({
    ...trpc.common.firstLevelSubcategories.queryOptions({ material_group_id: m?.material_group_id ?? undefined }),
    enabled: !!m?.first_level_subcategory_id,
  });
  const second = useQuery({
    ...trpc.common.secondLevelSubcategories.queryOptions({ first_level_subcategory_id: m?.first_level_subcategory_id ?? undefined }),
    enabled: !!m?.second_level_subcategory_id,
  });
  const third = useQuery({
    ...trpc.common.thirdLevelSubcategories.queryOptions({ second_level_subcategory_id: m?.second_level_subcategory_id ?? undefined }),
    enabled: !!m?.third_level_subcategory_id,
  });
  if (!m?.material_group_name) return null;
  const names = [
    m.material_group_name,
    first.data?.items.find((s) => s.id === m.first_level_subcategory_id)?.name,
    second.data?.items.find((s) => s.id === m.second_level_subcategory_id)?.name,
    third.data?.items.find((s) => s.id === m.third_level_subcategory_id)?.name,
  ]
    .filter((n): n is string => !!n)
    .map((n) => ({ text: refText(i18n, n), lang: i18n.locale !== 'en' && isOfficialEnglish(n) ? 'en' : undefined }));
  // EWC entries keep their official English text, marked as such for screen readers.
  return (
    <>
      {names.map((n, i) => (
        <span key={i} lang={n.lang}>
          {i > 0 ? ' › ' : ''}
          {n.text}
        </span>
      ))}
      {m.material_group_code ? ` (${m.material_group_code})` : ''}
    </>
  );
}
