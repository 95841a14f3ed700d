// "How this is computed": the PRODUCT.md formula, the factor source and version, each synergy's stored record with
// its own arithmetic, a link to the synergy and its certificate; and the ESG export of any period (CSV or PDF).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { useRevealAfterPaint } from '@/hooks/useRevealAfterPaint';
import { DEFRA_FACTOR_SET, DEFRA_FACTOR_VERSION, factorSetLabel } from '@shared/lib/impact';
import { CertificateButton } from '@/components/impact/CertificateButton';
import { useImpactWords } from '@/components/impact/useImpactWords';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { to } from '@/config/paths';
import { downloadAuthorized } from '@/lib/files';
import { useFormat } from '@/lib/format';
import { numberFormat } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';
import { refText } from '@/lib/reference';
import { useTRPC } from '@/lib/trpc';
import { isoDay, type ImpactRecord } from '../lib/impact';

const DEFRA_URL = 'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2023';
/** The public method: the factor set, the formula and every mapping (GET api/impact/method). */
const METHOD_URL = '/api/impact/method';
const factorSet = factorSetLabel(DEFRA_FACTOR_SET, DEFRA_FACTOR_VERSION);
const FIRST_RECORDS = 2;

export function ImpactMethod({ companyId }: { companyId: number }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const words = useImpactWords();
  const records = useQuery(trpc.stats.records.queryOptions({ id: companyId }));
  return (
    <section className="impact-method" aria-labelledby="impact-method-title" data-testid="impact-method">
      <h3 className="impact__subtitle" id="impact-method-title">
        <Trans>How this is computed</Trans>
      </h3>
      <p>
        <Trans>
          Each successful synergy gets one impact record when it ends, kept with the factors and the mapping it used. A material counts by the most
          specific mapping on its category chain (third, second or first level, else its material group). A mapping names a Defra material, a basis
          and the disposal route the material would otherwise take:
        </Trans>
      </p>
      <ul className="impact-method__bases list-stack" data-testid="impact-formula">
        <li>
          <strong>{words.basis('like_for_like')}</strong>
          <span className="impact-method__formula">
            <Trans>
              kg CO2e = kg ÷ 1000 × [(disposal by that route − re-use disposal, never below 0) + (primary material production − re-used, else
              closed-loop source)]
            </Trans>
          </span>
        </li>
        <li>
          <strong>{words.basis('disposal_only')}</strong>
          <span className="impact-method__formula">
            <Trans>kg CO2e = kg ÷ 1000 × (disposal by that route − re-use disposal, never below 0)</Trans>
          </span>
        </li>
        <li>
          <strong>{words.basis('none')}</strong>
        </li>
      </ul>
      <p>
        <Trans>
          Factors are in kg CO2e per tonne from the{' '}
          <a href={DEFRA_URL} target="_blank" rel="noreferrer noopener">
            UK Government GHG Conversion Factors for Company Reporting 2023
          </a>{' '}
          ({factorSet}, Open Government Licence v3.0); a factor Defra does not publish counts as 0. A category without a mapping counts as commercial
          and industrial waste, disposal avoided only. The transport actually driven for a synergy is shown with it and netted off there. Avoided
          emissions are reported apart from a Scope 1–3 inventory, never subtracted from it.
        </Trans>{' '}
        <a href={METHOD_URL} target="_blank" rel="noreferrer noopener">
          <Trans>Every mapping in force (JSON)</Trans>
        </a>
      </p>
      {records.isPending ? (
        <LoadingState />
      ) : records.isError ? (
        <ErrorState title={<Trans>The impact records could not be loaded</Trans>} onRetry={() => void records.refetch()} />
      ) : records.data.items.length === 0 ? (
        <p className="impact__note">
          <Trans>No successful synergy has ended in these four months yet.</Trans>
        </p>
      ) : (
        <RecordList items={records.data.items} label={t`Impact records of these four months`} />
      )}
      <ExportForm companyId={companyId} />
    </section>
  );
}

/** Below the figures and the chart: the first records with the page, the rest once it has painted (decision 0158). */
function RecordList({ items, label }: { items: readonly ImpactRecord[]; label: string }) {
  const shown = useRevealAfterPaint(items, FIRST_RECORDS);
  return (
    <ol className="impact-records card-list" aria-label={label}>
      {shown.map((r) => (
        <RecordItem key={r.exchange_id} record={r} />
      ))}
    </ol>
  );
}

function RecordItem({ record: r }: { record: ImpactRecord }) {
  const { t, i18n } = useLingui();
  const fmt = useFormat();
  const words = useImpactWords();
  const n = (v: number, digits = 2) => numberFormat(fmt.locale, { maximumFractionDigits: digits }).format(v);
  const title = r.title ?? t`Synergy`;
  const partner = r.partner.name;
  const group = refText(i18n, r.material_group) ?? '—';
  const defra = r.defra_material ?? '—';
  const hours = n(r.hours);
  const kg = n(r.kg, 3);
  const perTonne = n(r.kgco2e_per_tonne ?? 0, 5);
  const co2e = n(r.co2e_kg);
  const recordFactorSet = r.factor_set_label;
  const source = r.mapping ? words.source(r.mapping) : null;
  return (
    <li className="impact-record" data-testid="impact-record">
      <div className="impact-record__head">
        <Link href={to.synergy(r.exchange_id)} className="impact-record__title">
          {title}
        </Link>
        <span className="impact-record__meta">
          {r.side === 'provider' ? <Trans>provided to {partner}</Trans> : <Trans>received from {partner}</Trans>}
          {r.completed_at ? ` · ${fmt.date(r.completed_at)}` : ''}
        </span>
      </div>
      <p className="impact-record__math">
        {r.hours > 0 ? (
          <Trans>
            {hours} hours of knowledge ({group}): no CO2e counted
          </Trans>
        ) : r.method === 'none' ? (
          <Trans>Space or capacity ({group}): no kilograms or CO2e counted</Trans>
        ) : (
          <Trans>
            {kg} kg ÷ 1000 × {perTonne} kg CO2e per tonne ({group} → Defra “{defra}”) = <strong>{co2e} kg CO2e</strong>
          </Trans>
        )}
      </p>
      {r.basis && r.basis !== 'none' ? (
        <p className="impact-record__basis" data-testid="impact-record-basis">
          {words.basis(r.basis)}
          {r.counterfactual_route ? ` · ${words.route(r.counterfactual_route)}` : ''}
          {source ? (
            <span className="impact-record__source">
              {' '}
              · <Trans>mapping: {source}</Trans>
            </span>
          ) : null}
        </p>
      ) : null}
      {r.factors.length ? (
        <details className="impact-record__factors">
          <summary>
            <Trans>Factors used ({recordFactorSet})</Trans>
          </summary>
          <ul>
            {r.factors.map((f) => (
              <li key={`${f.table_name}/${f.route_or_source}`}>
                {f.material} / {f.route_or_source}: {n(f.kgco2e, 5)}{' '}
                {f.source ? <span className="impact-record__source">({f.source.replace(/^.*\bID\b\s*/, 'ID ')})</span> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <div className="row-actions">
        <CertificateButton exchangeId={r.exchange_id} title={title} />
      </div>
    </li>
  );
}

function ExportForm({ companyId }: { companyId: number }) {
  const { t } = useLingui();
  const today = isoDay(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const invalid = !from || !to || from > to;
  const download = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    try {
      const q = new URLSearchParams({ from, to, format });
      await downloadAuthorized(`/api/companies/${companyId}/impact-export?${q}`, `impact-${from}-${to}.${format}`);
    } catch {
      showSnackbar(msg`The export could not be downloaded`, { tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <form className="impact-export" onSubmit={(e) => e.preventDefault()} aria-labelledby="impact-export-title">
      <h3 className="impact__subtitle" id="impact-export-title">
        <Trans>ESG export</Trans>
      </h3>
      <p className="impact__note">
        <Trans>Every impact record of the period with totals; each column names the GRI 306 or ESRS E5 disclosure it serves.</Trans>
      </p>
      <div className="impact-export__fields">
        <TextField label={t`From`} type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        <TextField
          label={t`To`}
          type="date"
          value={to}
          min={from}
          onChange={(e) => setTo(e.target.value)}
          error={invalid ? t`The start date must not be after the end date` : undefined}
        />
      </div>
      <div className="row-actions">
        {(['csv', 'pdf'] as const).map((format) => (
          <Button
            key={format}
            size="sm"
            variant="secondary"
            icon={<Icon name="file" size={16} />}
            loading={busy === format}
            disabled={invalid}
            onClick={() => download(format)}
          >
            {format === 'csv' ? <Trans>Download CSV</Trans> : <Trans>Download PDF</Trans>}
          </Button>
        ))}
      </div>
    </form>
  );
}
