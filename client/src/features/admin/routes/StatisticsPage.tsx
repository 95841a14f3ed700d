// /admin/statistics: the platform month by month over a chosen period. Totals first, then
// one section per subject, each a lazy uPlot chart with the same figures as a table beside it: synergies (offers,
// started, ended, success rate), impact (kg, CO2e; each synergy once), listings by category, registrations by status,
// recommendations (displays, clicks, click-through rate). The CSV holds exactly the monthly figures shown.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { LISTING_CATEGORIES } from '@shared/constants/enums';
import { adminStatsInput } from '@shared/schemas/stats';
import type { ChartSeries } from '@/components/charts/BarChart';
import { LazyBarChart } from '@/components/charts/LazyBarChart';
import { CATEGORY_COLORS, CATEGORY_LABELS } from '@/components/listing/labels';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { SelectField, TextField } from '@/components/ui/Field';
import { Options } from '@/components/ui/Options';
import { Icon, type IconName } from '@/components/ui/Icon';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { Table, type Column } from '@/components/ui/Table';
import { encodedMessageText } from '@/lib/messages';
import { saveBlob } from '@/lib/files';
import { useFormat } from '@/lib/format';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { joinMonths, PERIOD_PRESETS, presetPeriod, statisticsCsv, type ExchangeStats, type MonthRow, type PeriodPreset } from '../lib/statistics';
import '../admin-console.css';

const COLORS = ['#0f5d4a', '#d49a1c', '#1b5e8a', '#a8281f', '#6b4fa0'];

const PRESET_LABELS: Record<PeriodPreset, MessageDescriptor> = {
  '3m': msg`Last 3 months`,
  '6m': msg`Last 6 months`,
  '12m': msg`Last 12 months`,
  thisYear: msg`This year`,
  lastYear: msg`Last year`,
  custom: msg`Custom period`,
};

/** A custom period's two dates, each its own field. */
const PERIOD_BOUNDS = [
  { bound: 'from', label: <Trans>From</Trans> },
  { bound: 'to', label: <Trans>To</Trans> },
] as const;

export function StatisticsPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const [preset, setPreset] = useState<PeriodPreset>('12m');
  const [custom, setCustom] = useState(() => presetPeriod('12m'));
  const period = preset === 'custom' ? custom : presetPeriod(preset);
  const checked = adminStatsInput.safeParse(period);
  const fieldError = (field: 'from' | 'to') => {
    if (checked.success) return undefined;
    const issue = checked.error.issues.find((i) => i.path[0] === field);
    return issue ? (encodedMessageText(i18n, issue.message) ?? issue.message) : undefined;
  };
  const valid = checked.success;
  const opts = { enabled: valid, placeholderData: keepPreviousData } as const;
  const exchanges = useQuery({ ...trpc.stats.admin.exchanges.queryOptions(period), ...opts });
  const materials = useQuery({ ...trpc.materials.admin.stats.queryOptions(period), ...opts });
  const clicks = useQuery({ ...trpc.materials.admin.totalClicks.queryOptions(period), ...opts });
  const registrations = useQuery({
    ...trpc.registration.admin.stats.queryOptions({ start_date: period.from, end_date: period.to }),
    ...opts,
  });

  const rows = useMemo(
    () => (exchanges.data ? joinMonths(exchanges.data, materials.data, clicks.data, registrations.data) : []),
    [exchanges.data, materials.data, clicks.data, registrations.data],
  );
  const allLoaded = !!(exchanges.data && materials.data && clicks.data && registrations.data);
  const download = () => {
    saveBlob(new Blob([statisticsCsv(rows)], { type: 'text/csv;charset=utf-8' }), `statistics_${period.from}_${period.to}.csv`);
    showSnackbar(msg`The statistics were downloaded as CSV`);
  };

  return (
    <>
      <PageHeader
        title={<Trans>Statistics</Trans>}
        description={
          <Trans>
            The platform month by month: synergies, their impact, listings, registrations and recommendations. Months are calendar months in UTC.
          </Trans>
        }
        actions={
          <Button variant="secondary" icon={<Icon name="download" />} onClick={download} disabled={!allLoaded || !valid} data-testid="stats-csv">
            <Trans>Download CSV</Trans>
          </Button>
        }
      />
      <Card className="stats-period">
        <div className="stats-period__fields">
          <SelectField
            label={<Trans>Period</Trans>}
            value={preset}
            onChange={(e) => {
              const next = e.target.value as PeriodPreset;
              if (next === 'custom') setCustom(period);
              setPreset(next);
            }}
            data-testid="stats-preset"
          >
            <Options values={PERIOD_PRESETS} labels={PRESET_LABELS} />
          </SelectField>
          {preset === 'custom' ? (
            <>
              {PERIOD_BOUNDS.map(({ bound, label }) => (
                <TextField
                  key={bound}
                  label={label}
                  type="date"
                  value={custom[bound]}
                  onChange={(e) => setCustom({ ...custom, [bound]: e.target.value })}
                  error={fieldError(bound)}
                  data-testid={`stats-${bound}`}
                />
              ))}
            </>
          ) : (
            <p className="stats-period__range muted">
              {fmt.day(period.from)} – {fmt.day(period.to)}
            </p>
          )}
        </div>
      </Card>

      {exchanges.isPending ? (
        <LoadingState label={<Trans>Loading the statistics…</Trans>} />
      ) : exchanges.isError ? (
        <ErrorState title={<Trans>The statistics could not be loaded</Trans>} onRetry={() => void exchanges.refetch()} />
      ) : (
        <div className="stats-sections" aria-busy={exchanges.isFetching || undefined}>
          <Totals rows={rows} exchanges={exchanges.data} registrationsTotal={registrations.data?.by_status.total} clicks={clicks.data?.period} />
          <SynergySection rows={rows} />
          <ImpactSection rows={rows} />
          <Section
            title={<Trans>Listings by category</Trans>}
            caption={<Trans>Listings created per month, by category</Trans>}
            query={materials}
            rows={rows}
            kind="lines"
            series={LISTING_CATEGORIES.map((c) => ({
              label: i18n._(CATEGORY_LABELS[c]),
              color: CATEGORY_COLORS[c].bg,
              values: rows.map((r) => r.listings[c]),
            }))}
            columns={[
              ...LISTING_CATEGORIES.map((c) => ({
                key: c,
                header: i18n._(CATEGORY_LABELS[c]),
                align: 'end' as const,
                cell: (r: MonthRow) => fmt.number(r.listings[c]),
              })),
              { key: 'total', header: <Trans>Total</Trans>, align: 'end', cell: (r) => fmt.number(r.listings.total) },
            ]}
            testId="stats-listings"
          />
          <Section
            title={<Trans>Registrations by status</Trans>}
            caption={<Trans>Registration requests per month, by their status today</Trans>}
            query={registrations}
            rows={rows}
            kind="lines"
            series={[
              { label: t`Pending`, color: COLORS[1]!, values: rows.map((r) => r.registrations.pending) },
              { label: t`Accepted`, color: COLORS[0]!, values: rows.map((r) => r.registrations.accepted) },
              { label: t`Rejected`, color: COLORS[3]!, values: rows.map((r) => r.registrations.rejected) },
            ]}
            columns={[
              { key: 'pending', header: <Trans>Pending</Trans>, align: 'end', cell: (r) => fmt.number(r.registrations.pending) },
              { key: 'accepted', header: <Trans>Accepted</Trans>, align: 'end', cell: (r) => fmt.number(r.registrations.accepted) },
              { key: 'rejected', header: <Trans>Rejected</Trans>, align: 'end', cell: (r) => fmt.number(r.registrations.rejected) },
              { key: 'total', header: <Trans>Total</Trans>, align: 'end', cell: (r) => fmt.number(r.registrations.total) },
            ]}
            testId="stats-registrations"
          />
          <Section
            title={<Trans>Recommendations</Trans>}
            caption={<Trans>Recommendations shown and clicked per month</Trans>}
            query={clicks}
            rows={rows}
            series={[
              { label: t`Shown`, color: COLORS[2]!, values: rows.map((r) => r.displays) },
              { label: t`Clicked`, color: COLORS[1]!, values: rows.map((r) => r.clicks) },
            ]}
            columns={[
              { key: 'displays', header: <Trans>Shown</Trans>, align: 'end', cell: (r) => fmt.number(r.displays) },
              { key: 'clicks', header: <Trans>Clicked</Trans>, align: 'end', cell: (r) => fmt.number(r.clicks) },
              {
                key: 'ctr',
                header: <Trans>Click-through rate</Trans>,
                align: 'end',
                cell: (r) => (r.click_through_rate === null ? '–' : fmt.percent(r.click_through_rate)),
              },
            ]}
            note={clicks.data ? <ClicksAllTime clicks={clicks.data.total_clicks} shown={clicks.data.total_displays} /> : null}
            testId="stats-recommendations"
          />
        </div>
      )}
    </>
  );
}

function AllTime({ children }: { children: ReactNode }) {
  return <p className="muted stats-note">{children}</p>;
}

function ClicksAllTime({ clicks, shown }: { clicks: number; shown: number }) {
  const fmt = useFormat();
  const clicked = fmt.number(clicks);
  const displayed = fmt.number(shown);
  return (
    <AllTime>
      <Trans>
        All time: {clicked} clicks of {displayed} recommendations shown.
      </Trans>
    </AllTime>
  );
}

function Totals({
  rows,
  exchanges,
  registrationsTotal,
  clicks,
}: {
  rows: MonthRow[];
  exchanges: ExchangeStats;
  registrationsTotal: number | undefined;
  clicks: { displays: number; clicks: number; click_through_rate: number | null } | undefined;
}) {
  const { t } = useLingui();
  const fmt = useFormat();
  const p = exchanges.period;
  const kg = new Intl.NumberFormat(fmt.locale, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 0 });
  const listings = rows.reduce((n, r) => n + r.listings.total, 0);
  const tiles: { key: string; icon: IconName; label: string; value: string }[] = [
    { key: 'offers', icon: 'send', label: t`Offers made`, value: fmt.number(p.offers) },
    { key: 'started', icon: 'handshake', label: t`Synergies started`, value: fmt.number(p.synergies_started) },
    { key: 'completed', icon: 'check', label: t`Synergies ended`, value: fmt.number(p.synergies_completed) },
    { key: 'rate', icon: 'flag', label: t`Success rate`, value: p.success_rate === null ? '–' : fmt.percent(p.success_rate) },
    { key: 'kg', icon: 'boxes', label: t`Kept out of landfill`, value: kg.format(p.kgs) },
    { key: 'co2e', icon: 'leaf', label: t`CO2e avoided`, value: kg.format(p.co2e_kg) },
    { key: 'listings', icon: 'briefcase', label: t`Listings created`, value: fmt.number(listings) },
    {
      key: 'registrations',
      icon: 'building',
      label: t`Registrations`,
      value: registrationsTotal === undefined ? '…' : fmt.number(registrationsTotal),
    },
    {
      key: 'ctr',
      icon: 'cycle',
      label: t`Recommendation click-through`,
      value: !clicks ? '…' : clicks.click_through_rate === null ? '–' : fmt.percent(clicks.click_through_rate),
    },
  ];
  const a = exchanges.all_time;
  const allKg = kg.format(a.kgs);
  const allCo2e = kg.format(a.co2e_kg);
  const allSuccessful = fmt.number(a.successful);
  return (
    <Card title={<Trans>In the period</Trans>}>
      <ul className="stats-tiles tiles" aria-label={t`Totals of the period`} data-testid="stats-totals">
        {tiles.map((tile) => (
          <li key={tile.key} className="stats-tile" data-testid={`stats-total-${tile.key}`}>
            <span className="stats-tile__icon" aria-hidden="true">
              <Icon name={tile.icon} size={18} />
            </span>
            <span className="stats-tile__label">{tile.label}</span>
            <span className="stats-tile__value">{tile.value}</span>
          </li>
        ))}
      </ul>
      <AllTime>
        <Trans>
          All time: {allSuccessful} successful synergies, {allKg} kept out of landfill and {allCo2e} CO2e avoided, each synergy counted once.
        </Trans>
      </AllTime>
    </Card>
  );
}

function SynergySection({ rows }: { rows: MonthRow[] }) {
  const { t } = useLingui();
  const fmt = useFormat();
  return (
    <Section
      title={<Trans>Offers and synergies</Trans>}
      caption={<Trans>Offers made, synergies started, ended and ended successfully, per month</Trans>}
      rows={rows}
      kind="lines"
      series={[
        { label: t`Offers`, color: COLORS[2]!, values: rows.map((r) => r.offers) },
        { label: t`Started`, color: COLORS[1]!, values: rows.map((r) => r.synergies_started) },
        { label: t`Ended`, color: COLORS[4]!, values: rows.map((r) => r.synergies_completed) },
        { label: t`Successful`, color: COLORS[0]!, values: rows.map((r) => r.successful) },
      ]}
      columns={[
        { key: 'offers', header: <Trans>Offers</Trans>, align: 'end', cell: (r) => fmt.number(r.offers) },
        { key: 'started', header: <Trans>Started</Trans>, align: 'end', cell: (r) => fmt.number(r.synergies_started) },
        { key: 'ended', header: <Trans>Ended</Trans>, align: 'end', cell: (r) => fmt.number(r.synergies_completed) },
        { key: 'successful', header: <Trans>Successful</Trans>, align: 'end', cell: (r) => fmt.number(r.successful) },
        {
          key: 'rate',
          header: <Trans>Success rate</Trans>,
          align: 'end',
          cell: (r) => (r.success_rate === null ? '–' : fmt.percent(r.success_rate)),
        },
      ]}
      testId="stats-synergies"
    />
  );
}

function ImpactSection({ rows }: { rows: MonthRow[] }) {
  const { t } = useLingui();
  const fmt = useFormat();
  const kg = useMemo(() => new Intl.NumberFormat(fmt.locale, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 0 }), [fmt.locale]);
  const hours = useMemo(() => new Intl.NumberFormat(fmt.locale, { maximumFractionDigits: 1 }), [fmt.locale]);
  return (
    <Section
      title={<Trans>Impact</Trans>}
      caption={<Trans>Kilograms kept out of landfill and kilograms of CO2e avoided by the synergies that ended successfully, per month</Trans>}
      rows={rows}
      series={[
        { label: t`kg kept out of landfill`, color: COLORS[0]!, values: rows.map((r) => r.kgs) },
        { label: t`kg CO2e avoided`, color: COLORS[1]!, values: rows.map((r) => r.co2e_kg) },
      ]}
      columns={[
        { key: 'kg', header: <Trans>Kept out of landfill</Trans>, align: 'end', cell: (r) => kg.format(r.kgs) },
        { key: 'co2e', header: <Trans>CO2e avoided</Trans>, align: 'end', cell: (r) => kg.format(r.co2e_kg) },
        { key: 'hours', header: <Trans>Knowledge hours</Trans>, align: 'end', cell: (r) => hours.format(r.hours) },
      ]}
      testId="stats-impact"
    />
  );
}

/** One subject: its chart (lazy) and the same figures as a table; loading and error states of its own call. */
function Section({
  title,
  caption,
  rows,
  series,
  columns,
  kind = 'bars',
  query,
  note,
  testId,
}: {
  title: ReactNode;
  caption: ReactNode;
  rows: MonthRow[];
  series: ChartSeries[];
  columns: Column<MonthRow>[];
  kind?: 'bars' | 'lines';
  query?: { isPending: boolean; isError: boolean; refetch: () => unknown };
  note?: ReactNode;
  testId: string;
}) {
  const fmt = useFormat();
  const labels = useMemo(
    () =>
      rows.map((r) => {
        const d = new Date(`${r.month}-01T00:00:00Z`);
        return `${new Intl.DateTimeFormat(fmt.locale, { month: 'short', timeZone: 'UTC' }).format(d)}\n${r.month.slice(0, 4)}`;
      }),
    [rows, fmt.locale],
  );
  const compact = useMemo(() => (n: number) => fmt.compact(n), [fmt]);
  const empty = series.every((s) => s.values.every((v) => !v));
  return (
    <Card title={title} data-testid={testId}>
      {query?.isPending ? (
        <LoadingState />
      ) : query?.isError ? (
        <ErrorState title={<Trans>These figures could not be loaded</Trans>} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <figure className="stats-chart">
            <figcaption className="stats-chart__caption">{caption}</figcaption>
            {empty ? (
              <p className="muted" data-testid={`${testId}-empty`}>
                <Trans>Nothing in this period yet.</Trans>
              </p>
            ) : (
              <LazyBarChart labels={labels} series={series} formatValue={compact} kind={kind} testId={`${testId}-chart`} />
            )}
          </figure>
          <details className="stats-table" data-testid={`${testId}-table`}>
            <summary>
              <Trans>Show the figures as a table</Trans>
            </summary>
            <Table<MonthRow>
              caption={caption}
              rows={rows}
              rowKey={(r) => r.month}
              columns={[{ key: 'month', header: <Trans>Month</Trans>, cell: (r) => fmt.month(r.month) }, ...columns]}
            />
          </details>
          {note}
        </>
      )}
    </Card>
  );
}
