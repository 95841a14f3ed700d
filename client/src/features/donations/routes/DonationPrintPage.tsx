// /account/manager-panel/donations/{id}/print: the sheet that travels with an approved donation: its details, the
// donor and the QR code the recipient scans to confirm the hand-over. Prints on one A4 page (donations.css @media print).
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, ButtonLink } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/Card';
import { Icon } from '@/components/ui/Icon';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { errorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';
import { refText } from '@/lib/reference';
import { DonationStatusChip } from '@/components/donation/DonationStatusChip';
import { kgText, moneyText } from '@/components/donation/labels';
import '../donations.css';

const BACK = '/account/manager-panel/donations';

export function DonationPrintPage({ params }: { params: Record<string, string> }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const id = Number(params.id) || 0;
  const donation = useQuery({ ...trpc.donations.get.queryOptions({ id }), enabled: id > 0, retry: false });
  const issued = donation.data?.status === 'approved' || donation.data?.status === 'handed_over';
  const qr = useQuery({ ...trpc.donations.qr.queryOptions({ id, format: 'svg' }), enabled: issued, staleTime: Infinity });

  const back = (
    <ButtonLink href={BACK} variant="ghost" icon={<Icon name="back" size={18} />}>
      <Trans>Back to donations</Trans>
    </ButtonLink>
  );
  if (!id || donation.isError)
    return (
      <>
        <PageHeader title={<Trans>Donation QR code</Trans>} />
        <ErrorState title={<Trans>Could not load this donation</Trans>} onRetry={id ? () => void donation.refetch() : undefined}>
          {donation.isError ? <p>{errorText(i18n, donation.error)}</p> : null}
          {back}
        </ErrorState>
      </>
    );
  if (donation.isPending) return <LoadingState />;
  const d = donation.data;
  if (!issued)
    return (
      <>
        <PageHeader title={<Trans>Donation QR code</Trans>} />
        <ErrorState title={<Trans>No QR code yet</Trans>}>
          <p>
            <Trans>A donation gets its QR code once an administrator approves it.</Trans>
          </p>
          {back}
        </ErrorState>
      </>
    );

  const submitted = fmt.date(d.created_at);
  return (
    <>
      <PageHeader title={<Trans>Donation QR code</Trans>} description={<Trans>Print this page and hand it over with the goods.</Trans>} />
      <div className="donation-print__toolbar">
        <Button icon={<Icon name="file" size={18} />} onClick={() => window.print()} data-testid="print">
          <Trans>Print</Trans>
        </Button>
        {back}
      </div>
      <article className="donation-sheet" data-testid="donation-sheet">
        <header className="donation-sheet__head spread spread--top">
          <div>
            <p className="donation-sheet__brand">Synergy Marketplace</p>
            <h1>{d.title}</h1>
          </div>
          <DonationStatusChip status={d.status} />
        </header>
        <div className="donation-sheet__main">
          <dl>
            <dt>{t`Donor`}</dt>
            <dd>{d.company_name}</dd>
            <dt>{t`Purpose`}</dt>
            <dd>{d.purpose}</dd>
            <dt>{t`Description`}</dt>
            <dd>{d.description}</dd>
            <dt>{t`Items`}</dt>
            <dd>{fmt.number(d.item_count)}</dd>
            <dt>{t`Quantity`}</dt>
            <dd>{d.quantity_kg === null ? '–' : kgText(fmt.locale, d.quantity_kg, 3)}</dd>
            <dt>{t`Boxes`}</dt>
            <dd>{d.boxes === null ? '–' : fmt.number(d.boxes)}</dd>
            {d.total_value !== null && d.currency ? (
              <>
                <dt>{t`Total value`}</dt>
                <dd>{moneyText(fmt.locale, d.total_value, d.currency)}</dd>
              </>
            ) : null}
            {d.donation_tag_name ? (
              <>
                <dt>{t`Donation tag`}</dt>
                <dd>{refText(i18n, d.donation_tag_name)}</dd>
              </>
            ) : null}
            <dt>{t`Date submitted`}</dt>
            <dd>{submitted}</dd>
            <dt>{t`Approved by`}</dt>
            <dd>
              {d.approver_name}
              {d.reviewed_at ? `, ${fmt.date(d.reviewed_at)}` : ''}
            </dd>
            {d.handed_over_at ? (
              <>
                <dt>{t`Handed over`}</dt>
                <dd>{fmt.dateTime(d.handed_over_at)}</dd>
              </>
            ) : null}
          </dl>
          <figure className="donation-sheet__qr">
            {qr.isPending ? (
              <LoadingState />
            ) : qr.isError ? (
              <ErrorState title={<Trans>The QR code could not be made</Trans>} onRetry={() => void qr.refetch()} />
            ) : (
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data.content)}`}
                alt={t`QR code for the hand-over of this donation`}
                data-testid="donation-qr"
              />
            )}
            <figcaption>
              <Trans>Recipient: scan to confirm the hand-over.</Trans>
              <br />
              <span className="donation-sheet__code">{d.verify_url}</span>
            </figcaption>
          </figure>
        </div>
        <footer className="donation-sheet__foot">
          <Trans>
            The code is unique to this donation. The recipient confirms the hand-over once; the kilograms and CO2e avoided then count in the donations
            dashboard.
          </Trans>
        </footer>
      </article>
    </>
  );
}
