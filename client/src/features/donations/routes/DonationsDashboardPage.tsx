// /donations-dashboard (SPEC §2, §7, §8): for users with donations_dashboard_access. Kilograms donated and CO2e avoided
// (stored at each hand-over by the synergies' impact function) in total and for six months as a lazy uPlot chart with
// the same figures as a table; donations by status and tag; top donors; a feed of approved and handed-over donations
// that follows changes live (donationChanged). Each section fails on its own with 'Failed to fetch ... data'.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Card, PageHeader } from '@/components/ui/Card';
import { Pagination } from '@/components/ui/Pagination';
import { isSettled } from '@/components/ui/QueryView';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { Table } from '@/components/ui/Table';
import { useRealtimeEvent, useRealtimeReconnect } from '@/hooks/useRealtime';
import { errorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { refText } from '@/lib/reference';
import { DONATION_STATUSES } from '@shared/constants/enums';
import { FAILED_TO_FETCH, MissingSuccessError, requireSuccess, type DashboardSection } from '../lib/dashboard';
import { DonationStatusChip } from '@/components/donation/DonationStatusChip';
import { DONATION_STATUS_LABELS, kgText } from '@/components/donation/labels';
import '../donations.css';
import { LazyBarChart } from '@/components/charts/LazyBarChart';

type Impact = RouterOutputs['donations']['dashboard']['environmentalImpact']['data'];
type Metrics = RouterOutputs['donations']['dashboard']['metrics']['data'];
type Donors = RouterOutputs['donations']['dashboard']['topDonors']['data'];
type Feed = RouterOutputs['donations']['dashboard']['feed']['data'];
const FEED_SIZE = 8;

export function DonationsDashboardPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const session = useSession();
  const [feedPage, setFeedPage] = useState(0);
  const d = trpc.donations.dashboard;
  const impact = useQuery({ ...d.environmentalImpact.queryOptions(), select: requireSuccess<Impact>('environmentalImpact') });
  const metrics = useQuery({ ...d.metrics.queryOptions(), select: requireSuccess<Metrics>('metrics') });
  const donors = useQuery({
    ...d.topDonors.queryOptions({ company_id: session?.user.company_id ?? undefined }),
    select: requireSuccess<Donors>('topDonors'),
  });
  const feed = useQuery({
    ...d.feed.queryOptions({ page: feedPage, size: FEED_SIZE }),
    select: requireSuccess<Feed>('feed'),
    placeholderData: keepPreviousData,
  });
  // The live feed: any donation created, decided or handed over refreshes the figures.
  const refresh = () => void qc.invalidateQueries({ queryKey: d.pathKey() });
  useRealtimeEvent('donationChanged', refresh);
  useRealtimeReconnect(refresh);
  // The four queries run at once, but a section shows only once those above it have settled (loaded or failed):
  // on a phone they stand one below the other, and each would jump down as the one above replaced its loading
  // state (a layout shift of 0.44 measured). The next one's loading state stands in for the rest meanwhile.
  const loading = [impact, metrics, donors, feed].findIndex((q) => !isSettled(q));
  /** The index of the last section shown (0 impact, 1 metrics, 2 donors, 3 feed). */
  const upTo = loading === -1 ? 3 : loading;

  return (
    <>
      <PageHeader
        title={<Trans>Donations dashboard</Trans>}
        description={<Trans>The environmental and social impact of donations on the marketplace.</Trans>}
      />
      <div className="donations-dash" data-testid="donations-dashboard">
        <Section section="environmentalImpact" query={impact} title={null}>
          {(data) => <ImpactSection data={data} />}
        </Section>
        {upTo >= 1 ? (
          <div className="donations-dash__grid">
            <Section section="metrics" query={metrics} title={<Trans>Donations by status and tag</Trans>}>
              {(data) => <MetricsSection data={data} />}
            </Section>
            {upTo >= 2 ? (
              <Section section="topDonors" query={donors} title={<Trans>Top donors</Trans>}>
                {(data) => <DonorsSection data={data} ownCompany={session?.user.company_id ?? null} />}
              </Section>
            ) : null}
          </div>
        ) : null}
        {upTo >= 3 ? (
          <Section section="feed" query={feed} title={<Trans>Latest donations</Trans>}>
            {(data) => <FeedSection data={data} page={feedPage} onPage={setFeedPage} />}
          </Section>
        ) : null}
      </div>
    </>
  );
}

/** One section: loading, its data, or its own 'Failed to fetch ... data' error kept until a retry succeeds. */
function Section<T>({
  section,
  query,
  title,
  children,
}: {
  section: DashboardSection;
  query: UseQueryResult<T, unknown>;
  title: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { i18n } = useLingui();
  const body =
    query.isError && !query.isFetching ? (
      <ErrorState title={i18n._(FAILED_TO_FETCH[section])} onRetry={() => void query.refetch()}>
        {query.error instanceof MissingSuccessError ? null : <p>{errorText(i18n, query.error)}</p>}
      </ErrorState>
    ) : query.data === undefined ? (
      <LoadingState />
    ) : (
      children(query.data)
    );
  return (
    <Card title={title ?? undefined} data-testid={`dash-${section}`}>
      {body}
    </Card>
  );
}

function ImpactSection({ data }: { data: Impact }) {
  const { t } = useLingui();
  const fmt = useFormat();
  const kg = (n: number) => kgText(fmt.locale, n, 0);
  const labels = useMemo(
    () =>
      data.months.map((m) => {
        const d = new Date(`${m.month}-01T00:00:00Z`);
        return `${new Intl.DateTimeFormat(fmt.locale, { month: 'short', timeZone: 'UTC' }).format(d)}\n${m.month.slice(0, 4)}`;
      }),
    [data.months, fmt.locale],
  );
  const series = useMemo(
    () => [
      { label: t`kg donated`, color: '#0f5d4a', values: data.months.map((m) => m.kg) },
      { label: t`kg CO2e avoided`, color: '#d49a1c', values: data.months.map((m) => m.co2e_kg) },
    ],
    [data.months, t],
  );
  const compact = useMemo(() => (n: number) => fmt.compact(n), [fmt]);
  const awaiting = fmt.number(data.donations_awaiting_hand_over);
  const awaitingKg = kg(data.kg_awaiting_hand_over);
  const empty = data.months.every((m) => m.donations === 0);
  const factorSet = `${data.factor_set}`;
  const tiles: { key: string; label: ReactNode; value: string; sub?: ReactNode }[] = [
    { key: 'kg', label: <Trans>Kilograms donated</Trans>, value: kg(data.kg_donated) },
    { key: 'co2e', label: <Trans>CO2e avoided</Trans>, value: kg(data.co2e_avoided_kg) },
    {
      key: 'handed',
      label: <Trans>Donations handed over</Trans>,
      value: fmt.number(data.donations_handed_over),
      sub: (
        <Trans>
          {awaiting} approved, awaiting hand-over ({awaitingKg})
        </Trans>
      ),
    },
    {
      key: 'items',
      label: <Trans>Items donated</Trans>,
      value: fmt.number(data.items_donated),
      sub: <Plural value={data.boxes_donated} one="# box" other="# boxes" />,
    },
  ];
  return (
    <div className="donations-dash" data-testid="environmental-impact">
      <h2 className="card__title">
        <Trans>Environmental impact</Trans>
      </h2>
      <ul className="donations-dash__tiles tiles" aria-label={t`Environmental impact`}>
        {tiles.map((tile) => (
          <li key={tile.key} className="dash-tile tile" data-testid={`dash-tile-${tile.key}`}>
            <span className="dash-tile__label">{tile.label}</span>
            <span className="dash-tile__value">{tile.value}</span>
            {tile.sub ? <span className="dash-tile__sub">{tile.sub}</span> : null}
          </li>
        ))}
      </ul>
      <figure className="donations-dash__chart">
        <figcaption>
          <Trans>Kilograms donated and CO2e avoided, per month of hand-over</Trans>
        </figcaption>
        {empty ? (
          <p className="donations-dash__note">
            <Trans>No donation was handed over in these six months yet: the chart fills as recipients confirm hand-overs.</Trans>
          </p>
        ) : null}
        <LazyBarChart labels={labels} series={series} formatValue={compact} testId="donations-chart" />
      </figure>
      <Table
        caption={<Trans>The six months as a table</Trans>}
        rows={data.months}
        rowKey={(m) => m.month}
        columns={[
          {
            key: 'month',
            header: <Trans>Month</Trans>,
            cell: (m) =>
              new Intl.DateTimeFormat(fmt.locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${m.month}-01T00:00:00Z`)),
          },
          { key: 'donations', header: <Trans>Handed over</Trans>, align: 'end', cell: (m) => fmt.number(m.donations) },
          { key: 'kg', header: <Trans>kg donated</Trans>, align: 'end', cell: (m) => fmt.number(Math.round(m.kg)) },
          { key: 'co2e', header: <Trans>kg CO2e avoided</Trans>, align: 'end', cell: (m) => fmt.number(Math.round(m.co2e_kg)) },
        ]}
      />
      <p className="donations-dash__note">
        <Trans>
          Each donation’s kilograms and CO2e avoided are stored once, when its recipient confirms the hand-over, with the same formula and factors as
          synergies: {factorSet}.
        </Trans>
      </p>
    </div>
  );
}

function MetricsSection({ data }: { data: Metrics }) {
  const { t, i18n } = useLingui();
  const fmt = useFormat();
  const max = Math.max(1, ...Object.values(data.by_status));
  return (
    <div className="donations-dash" data-testid="donation-metrics">
      <p className="donations-dash__note">
        <Plural value={data.total} one="# donation in all." other="# donations in all." />
      </p>
      <ul className="status-bars list-stack" aria-label={t`Donations by status`}>
        {DONATION_STATUSES.map((s) => (
          <li key={s} className="status-bar" data-testid={`status-count-${s}`}>
            <span>{i18n._(DONATION_STATUS_LABELS[s])}</span>
            <span className="status-bar__track" aria-hidden="true">
              <span className="status-bar__fill" style={{ width: `${(data.by_status[s] / max) * 100}%` }} />
            </span>
            <span className="status-bar__n">{fmt.number(data.by_status[s])}</span>
          </li>
        ))}
      </ul>
      <Table
        caption={<Trans>Donations by tag</Trans>}
        rows={data.by_tag}
        rowKey={(r) => r.tag_id ?? 0}
        empty={<Trans>No donations yet.</Trans>}
        columns={[
          { key: 'tag', header: <Trans>Tag</Trans>, cell: (r) => refText(i18n, r.tag_name) ?? t`No tag` },
          { key: 'total', header: <Trans>Donations</Trans>, align: 'end', cell: (r) => fmt.number(r.total) },
          { key: 'handed', header: <Trans>Handed over</Trans>, align: 'end', cell: (r) => fmt.number(r.handed_over) },
          { key: 'kg', header: <Trans>kg donated</Trans>, align: 'end', cell: (r) => fmt.number(Math.round(r.kg)) },
        ]}
      />
      {data.value_handed_over.length ? (
        <p className="donations-dash__note">
          <Trans>Value handed over:</Trans>{' '}
          {data.value_handed_over
            .map((v) => new Intl.NumberFormat(fmt.locale, { style: 'currency', currency: v.currency }).format(v.value))
            .join(', ')}
        </p>
      ) : null}
    </div>
  );
}

function DonorsSection({ data, ownCompany }: { data: Donors; ownCompany: number | null }) {
  const { t } = useLingui();
  const fmt = useFormat();
  const own = data.company;
  const ownOutside = own && !data.items.some((i) => i.company_id === own.company_id);
  if (!data.items.length)
    return (
      <p className="donations-dash__note">
        <Trans>No donation has been handed over yet.</Trans>
      </p>
    );
  const row = (r: Donors['items'][number]) => {
    const n = r.donations;
    return (
      <li key={r.company_id} className={`top-donor${r.company_id === ownCompany ? ' top-donor--own' : ''}`} data-testid="top-donor">
        <span className="top-donor__rank">{r.rank}</span>
        <span className="top-donor__name">
          {r.company_name}
          <br />
          <small>
            <Plural value={n} one="# donation handed over" other="# donations handed over" />
          </small>
        </span>
        <span className="top-donor__kg">{kgText(fmt.locale, r.kg, 0)}</span>
      </li>
    );
  };
  return (
    <div data-testid="top-donors">
      <ol className="top-donors" aria-label={t`Top donors by kilograms handed over`}>
        {data.items.map(row)}
        {ownOutside && own ? row(own) : null}
      </ol>
      <p className="donations-dash__note">
        <Plural
          value={data.donors}
          one="Ranked by kilograms handed over; # donor company in all."
          other="Ranked by kilograms handed over; # donor companies in all."
        />
      </p>
    </div>
  );
}

function FeedSection({ data, page, onPage }: { data: Feed; page: number; onPage: (p: number) => void }) {
  const fmt = useFormat();
  const { i18n } = useLingui();
  if (!data.items.length)
    return (
      <p className="donations-dash__note">
        <Trans>Approved and handed-over donations appear here as they happen.</Trans>
      </p>
    );
  return (
    <div data-testid="donations-feed">
      <ul className="feed" aria-live="polite">
        {data.items.map((i) => {
          const when = fmt.dateTime(i.at);
          const donor = i.company_name;
          return (
            <li key={i.id} className="feed__item" data-testid="feed-item">
              <span className="feed__text">
                <strong>{i.title}</strong>
                <span>
                  {`${donor} · ${when}`}
                  {i.quantity_kg !== null ? ` · ${kgText(fmt.locale, i.quantity_kg, 1)}` : ''}
                  {i.donation_tag_name ? ` · ${refText(i18n, i.donation_tag_name)}` : ''}
                </span>
              </span>
              <DonationStatusChip status={i.status} />
            </li>
          );
        })}
      </ul>
      <Pagination page={page} size={FEED_SIZE} result={data} onPage={onPage} />
    </div>
  );
}
