// /portfolio-companies (SPEC §2): a parent company's portfolio companies, each with its impact over
// all its successful synergies, and the combined total, in which a synergy between two of them counts once.
import { Fact } from '@/components/ui/Fact';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Card, PageHeader } from '@/components/ui/Card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { to } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import '../stats.css';

type Portfolio = RouterOutputs['stats']['portfolio'];
type Row = Portfolio['items'][number] & { total?: true };

export function PortfolioCompaniesPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const portfolio = useQuery(trpc.stats.portfolio.queryOptions());
  const kg = (n: number) => new Intl.NumberFormat(fmt.locale, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 0 }).format(n);
  const hours = (n: number) =>
    new Intl.NumberFormat(fmt.locale, { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 1 }).format(n);
  return (
    <>
      <PageHeader
        title={<Trans>Portfolio companies</Trans>}
        description={<Trans>The companies in your group’s portfolio and the impact of their successful synergies.</Trans>}
      />
      <Card data-testid="portfolio">
        {portfolio.isPending ? (
          <LoadingState />
        ) : portfolio.isError ? (
          <ErrorState title={<Trans>The portfolio could not be loaded</Trans>} onRetry={() => void portfolio.refetch()} />
        ) : portfolio.data.items.length === 0 ? (
          <EmptyState icon="building" title={<Trans>No portfolio companies yet</Trans>}>
            <p>
              <Trans>An administrator links companies to your group; they appear here with their impact.</Trans>
            </p>
          </EmptyState>
        ) : (
          <>
            <ul className="portfolio" aria-label={t`Impact of each portfolio company, all time`}>
              {[...portfolio.data.items, { id: 0, name: t`Combined total`, ...portfolio.data.total, total: true as const }].map((r: Row) => (
                <li key={r.id} className={r.total ? 'portfolio__item portfolio__item--total' : 'portfolio__item'} data-testid="portfolio-company">
                  <h2 className="portfolio__name">{r.total ? r.name : <Link href={to.company(r.id)}>{r.name}</Link>}</h2>
                  <dl className="portfolio__facts">
                    <Fact label={t`Successful synergies`}>{fmt.number(r.successful_synergies)}</Fact>
                    <Fact label={t`Kept out of landfill`}>{kg(r.kgs)}</Fact>
                    <Fact label={t`CO2e avoided`}>{kg(r.co2e_kg)}</Fact>
                    <Fact label={t`Knowledge hours`}>{hours(r.hours)}</Fact>
                  </dl>
                </li>
              ))}
            </ul>
            <p className="impact__note">
              <Trans>
                A synergy between two of your portfolio companies counts for each of them, and once in the combined total. CO2e is computed with the
                DESNZ/Defra 2023 factors each synergy’s record keeps.
              </Trans>
            </p>
          </>
        )}
      </Card>
    </>
  );
}
