// /verify/impact/{code}: public. The page a certificate's QR code opens: it confirms the stored impact record
// (companies, material, quantity, CO2e, factors, the day it ended) and shows nothing private.
import { isRecordCode, RecordView } from '@/components/ui/RecordNotFound';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useImpactWords } from '@/components/impact/useImpactWords';
import { Fact } from '@/components/ui/Fact';
import { Card, PageHeader } from '@/components/ui/Card';
import { Verdict } from '@/components/ui/Verdict';
import { useFormat } from '@/lib/format';
import { refText } from '@/lib/reference';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import '../stats.css';

export function VerifyImpactPage({ params }: { params: Record<string, string> }) {
  const trpc = useTRPC();
  const code = (params.code ?? '').trim();
  const wellFormed = isRecordCode(code);
  const record = useQuery({ ...trpc.stats.verify.queryOptions({ code }), enabled: wellFormed, retry: false });
  return (
    <>
      <PageHeader
        title={<Trans>Impact certificate check</Trans>}
        description={<Trans>Confirms an impact certificate against the marketplace’s record.</Trans>}
      />
      <Card className="verify" data-testid="verify">
        <RecordView
          query={record}
          valid={wellFormed}
          errorTitle={<Trans>The record could not be checked</Trans>}
          notFound={
            <Verdict
              className="verify__verdict verify__verdict--bad"
              testId="verify-unknown"
              bad
              title={<Trans>No impact record has this code</Trans>}
              titleClassName="verify__title"
            >
              <Trans>Check that the address was copied completely. A certificate that does not match a record is not valid.</Trans>
            </Verdict>
          }
        >
          {(r) => <VerifiedRecord r={r} />}
        </RecordView>
      </Card>
    </>
  );
}

type Verified = RouterOutputs['stats']['verify'];

function VerifiedRecord({ r }: { r: Verified }) {
  const { t, i18n } = useLingui();
  const fmt = useFormat();
  const words = useImpactWords();
  const noCo2e = r.method === 'none';
  const n = (v: number, digits = 2) => new Intl.NumberFormat(fmt.locale, { maximumFractionDigits: digits }).format(v);
  const co2e = n(r.co2e_kg);
  const hours = n(r.hours);
  const kg = n(r.kg, 3);
  return (
    <>
      <Verdict
        className="verify__verdict verify__verdict--ok"
        testId="verify-valid"
        title={<Trans>Valid: this impact record exists</Trans>}
        titleClassName="verify__title"
      >
        <Trans>It was stored once, when the synergy ended, and has not changed since.</Trans>
      </Verdict>
      <dl className="verify__facts">
        <Fact label={t`Providing company`}>{r.providing_company}</Fact>
        <Fact label={t`Receiving company`}>{r.receiving_company}</Fact>
        <Fact label={t`Material group`}>{refText(i18n, r.material_group) ?? '—'}</Fact>
        {r.defra_material ? <Fact label={t`Defra material`}>{r.defra_material}</Fact> : null}
        <Fact label={t`Quantity`}>{r.hours > 0 ? t`${hours} hours` : `${kg} kg`}</Fact>
        <Fact label={t`CO2e avoided`} valueTestId="verify-co2e">
          {noCo2e ? t`None (knowledge and space count no CO2e)` : `${co2e} kg CO2e`}
        </Fact>
        {r.basis && !noCo2e ? (
          <Fact label={t`Basis`} valueTestId="verify-basis">
            {words.basis(r.basis)}
          </Fact>
        ) : null}
        {r.counterfactual_route && !noCo2e ? (
          <Fact label={t`Counterfactual route`} valueTestId="verify-route">
            {words.route(r.counterfactual_route)}
          </Fact>
        ) : null}
        {r.mapping ? <Fact label={t`Mapping used`}>{words.source(r.mapping)}</Fact> : null}
        <Fact label={t`Ended on`}>{fmt.day(r.completed_on)}</Fact>
        <Fact label={t`Factor set`}>{r.factor_set_label}</Fact>
        <Fact label={t`Certificate code`} valueClassName="verify__code">
          {r.code}
        </Fact>
      </dl>
      {r.factors.length ? (
        <>
          <h3 className="impact__subtitle">
            <Trans>Factors used (kg CO2e per tonne)</Trans>
          </h3>
          <ul className="verify__factors">
            {r.factors.map((f) => (
              <li key={`${f.table_name}/${f.route_or_source}`}>
                {f.material} / {f.route_or_source}: {n(f.kgco2e, 5)}
                {f.source ? <span className="impact-record__source"> ({f.source.replace(/^.*\bID\b\s*/, 'ID ')})</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
