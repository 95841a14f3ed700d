// The dashboard's impact: this month's figures with their change against the month before, the
// four months as a chart (lazy uPlot chunk) and as a table (the accessible form of the same figures), and
// "how this is computed": the formula, the factor source and version, and every synergy's record behind them.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Card } from '@/components/ui/Card';
import { Icon, type IconName } from '@/components/ui/Icon';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { Table } from '@/components/ui/Table';
import { useFormat } from '@/lib/format';
import { dateTimeFormat, numberFormat } from '@/lib/intl';
import { useTRPC } from '@/lib/trpc';
import { changeOf, monthLabel, previousMonth, type CompanyStats, type StatsPeriod } from '../lib/impact';
import { ImpactMethod } from './ImpactMethod';
import { LazyBarChart } from '@/components/charts/LazyBarChart';

type Fmt = ReturnType<typeof useFormat>;

function useFigures(fmt: Fmt, currency: string) {
  return useMemo(() => {
    const kg = numberFormat(fmt.locale, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 0 });
    const hours = numberFormat(fmt.locale, { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 1 });
    const money = numberFormat(fmt.locale, { style: 'currency', currency });
    const count = numberFormat(fmt.locale);
    const percent = numberFormat(fmt.locale, { maximumFractionDigits: 1 });
    return {
      kg: (n: number) => kg.format(n),
      hours: (n: number) => hours.format(n),
      // The space Intl puts between the currency and the number (a no-break one in da-DK and ms-MY) becomes an
      // ordinary one: a narrow tile then wraps there, never inside the number.
      money: (n: number) => money.format(n).replace(/[\u00a0\u202f]/g, ' '),
      count: (n: number) => count.format(n),
      percent: (n: number) => percent.format(n),
    };
  }, [fmt.locale, currency]);
}

export function ImpactSection({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const stats = useQuery(trpc.stats.company.queryOptions({ id: companyId }));
  return (
    <Card title={<Trans>Your impact, month by month</Trans>} className="impact" data-testid="impact">
      {stats.isPending ? (
        <LoadingState />
      ) : stats.isError ? (
        <ErrorState title={<Trans>The impact figures could not be loaded</Trans>} onRetry={() => void stats.refetch()} />
      ) : (
        <ImpactFigures stats={stats.data} />
      )}
      <ImpactMethod companyId={companyId} />
    </Card>
  );
}

function ImpactFigures({ stats }: { stats: CompanyStats }) {
  const { t } = useLingui();
  const fmt = useFormat();
  const f = useFigures(fmt, stats.currency);
  const current = stats.periods[stats.periods.length - 1]!;
  const previous = monthLabel(fmt.locale, previousMonth(current.month), 'long');
  const monthName = monthLabel(fmt.locale, current.month, 'long');
  // Month above year, so four labels fit a phone's width.
  const labels = useMemo(
    () =>
      stats.periods.map((p) => {
        const d = new Date(`${p.month}-01T00:00:00Z`);
        const month = dateTimeFormat(fmt.locale, { month: 'short', timeZone: 'UTC' }).format(d);
        return `${month}\n${p.month.slice(0, 4)}`;
      }),
    [stats.periods, fmt.locale],
  );
  const series = useMemo(
    () => [
      { label: t`kg kept out of landfill`, color: '#0f5d4a', values: stats.periods.map((p) => p.kgs) },
      { label: t`kg CO2e avoided`, color: '#d49a1c', values: stats.periods.map((p) => p.co2e_kg) },
    ],
    [stats.periods, t],
  );
  const compact = useMemo(() => (n: number) => fmt.compact(n), [fmt]);
  const ended = stats.periods.reduce((s, p) => s + p.completed_synergies, 0);
  const empty = ended === 0;

  const tiles: { key: keyof StatsPeriod & string; icon: IconName; label: ReactNode; value: string; change: number | null; raw: number }[] = [
    {
      key: 'kgs',
      icon: 'boxes',
      label: <Trans>Kept out of landfill</Trans>,
      value: f.kg(current.kgs),
      change: current.kgs_change_percent,
      raw: current.kgs,
    },
    {
      key: 'co2e_kg',
      icon: 'leaf',
      label: <Trans>CO2e avoided</Trans>,
      value: f.kg(current.co2e_kg),
      change: current.co2e_kg_change_percent,
      raw: current.co2e_kg,
    },
    {
      key: 'hours',
      icon: 'briefcase',
      label: <Trans>Knowledge hours exchanged</Trans>,
      value: f.hours(current.hours),
      change: current.hours_change_percent,
      raw: current.hours,
    },
    {
      key: 'completed_synergies',
      icon: 'handshake',
      label: <Trans>Completed synergies</Trans>,
      value: f.count(current.completed_synergies),
      change: current.completed_synergies_change_percent,
      raw: current.completed_synergies,
    },
    {
      key: 'money_saved',
      icon: 'heart',
      label: <Trans>Money saved</Trans>,
      value: f.money(current.money_saved),
      change: current.money_saved_change_percent,
      raw: current.money_saved,
    },
    {
      key: 'revenue_made',
      icon: 'cycle',
      label: <Trans>Revenue made</Trans>,
      value: f.money(current.revenue_made),
      change: current.revenue_made_change_percent,
      raw: current.revenue_made,
    },
  ];

  return (
    <div className="impact__body">
      <h3 className="impact__subtitle">
        <Trans>This month: {monthName}</Trans>
      </h3>
      <ul className="impact__tiles tiles" aria-label={t`This month’s figures`}>
        {tiles.map((tile) => (
          <li key={tile.key} className="impact-tile tile" data-testid={`impact-${tile.key}`}>
            <span className="icon-tile impact-tile__icon" aria-hidden="true">
              <Icon name={tile.icon} size={20} />
            </span>
            <span className="impact-tile__label">{tile.label}</span>
            <span className="impact-tile__value">{tile.value}</span>
            <ChangeNote value={tile.raw} percent={tile.change} previous={previous} format={f.percent} />
          </li>
        ))}
      </ul>
      {current.other_currencies.length ? (
        <div className="impact__note" data-testid="other-currencies">
          <p>
            <Trans>Also recorded this month in other currencies (not converted):</Trans>
          </p>
          <ul>
            {current.other_currencies.map((o) => {
              const cur = numberFormat(fmt.locale, { style: 'currency', currency: o.currency });
              const saved = cur.format(o.money_saved);
              const earned = cur.format(o.revenue_made);
              return (
                <li key={o.currency}>
                  <Trans>
                    {saved} saved, {earned} earned
                  </Trans>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      <figure className="impact-chart">
        <figcaption className="impact-chart__caption">
          <Trans>Kilograms kept out of landfill and kilograms of CO2e avoided, per month</Trans>
        </figcaption>
        {empty ? (
          <p className="impact__note">
            <Trans>No synergy has ended in these four months yet: the chart fills as your synergies end.</Trans>
          </p>
        ) : null}
        <LazyBarChart labels={labels} series={series} formatValue={compact} testId="impact-chart" />
      </figure>

      <Table<StatsPeriod>
        caption={<Trans>The four months as a table</Trans>}
        rows={stats.periods}
        rowKey={(p) => p.month}
        columns={[
          { key: 'month', header: <Trans>Month</Trans>, cell: (p) => monthLabel(fmt.locale, p.month, 'long') },
          { key: 'kgs', header: <Trans>Kept out of landfill</Trans>, cell: (p) => f.kg(p.kgs), align: 'end' },
          { key: 'co2e', header: <Trans>CO2e avoided</Trans>, cell: (p) => f.kg(p.co2e_kg), align: 'end' },
          { key: 'hours', header: <Trans>Knowledge hours</Trans>, cell: (p) => f.hours(p.hours), align: 'end' },
          { key: 'synergies', header: <Trans>Completed synergies</Trans>, cell: (p) => f.count(p.completed_synergies), align: 'end' },
          { key: 'saved', header: <Trans>Money saved</Trans>, cell: (p) => f.money(p.money_saved), align: 'end' },
          { key: 'revenue', header: <Trans>Revenue made</Trans>, cell: (p) => f.money(p.revenue_made), align: 'end' },
        ]}
      />
      <p className="impact__note">
        <Trans>
          Months are calendar months in UTC. Kilograms and CO2e count for both companies of a synergy; money saved is what your company saved on
          synergies it received, revenue what it earned on synergies it provided.
        </Trans>{' '}
        <Plural value={ended} one="# synergy ended in these months." other="# synergies ended in these months." />
      </p>
    </div>
  );
}

function ChangeNote({
  value,
  percent,
  previous,
  format,
}: {
  value: number;
  percent: number | null;
  previous: string;
  format: (n: number) => string;
}) {
  const change = changeOf(value, percent);
  if (change.kind === 'none')
    return (
      <span className="impact-tile__change impact-tile__change--none">
        <Trans>Nothing in {previous} either</Trans>
      </span>
    );
  if (change.kind === 'new')
    return (
      <span className="impact-tile__change impact-tile__change--none">
        <Trans>Nothing in {previous} to compare with</Trans>
      </span>
    );
  const pct = format(change.percent);
  return (
    <span className={`impact-tile__change impact-tile__change--${change.kind}`}>
      <span aria-hidden="true">{change.kind === 'up' ? '▲' : change.kind === 'down' ? '▼' : '='}</span>{' '}
      {change.kind === 'up' ? (
        <Trans>
          up {pct}% on {previous}
        </Trans>
      ) : change.kind === 'down' ? (
        <Trans>
          down {pct}% on {previous}
        </Trans>
      ) : (
        <Trans>the same as {previous}</Trans>
      )}
    </span>
  );
}
