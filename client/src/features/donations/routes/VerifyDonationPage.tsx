// /donations/verify/{code}: public. The page a donation's QR code opens: it confirms the donation (title, donor,
// quantity, status) and lets the recipient confirm the hand-over, once. A wrong code says only that.
import { isRecordCode, RecordView } from '@/components/ui/RecordNotFound';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { FormError, TextField } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { Verdict } from '@/components/ui/Verdict';
import { errorText, getAppError } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { LIMITS } from '@shared/constants/limits';
import { DonationStatusChip } from '@/components/donation/DonationStatusChip';
import { kgText } from '@/components/donation/labels';
import '../donations.css';

type Verified = RouterOutputs['donations']['verify'];

export function VerifyDonationPage({ params }: { params: Record<string, string> }) {
  const trpc = useTRPC();
  const code = (params.code ?? '').trim().toLowerCase();
  // Anything but a donation's code is unknown without asking the server.
  const wellFormed = isRecordCode(code);
  const donation = useQuery({ ...trpc.donations.verify.queryOptions({ code }), enabled: wellFormed, retry: false });
  return (
    <>
      <PageHeader
        title={<Trans>Donation check</Trans>}
        description={<Trans>Confirms a donation and its hand-over against the marketplace’s record.</Trans>}
      />
      <Card className="donation-verify" data-testid="donation-verify">
        <RecordView
          query={donation}
          valid={wellFormed}
          errorTitle={<Trans>The donation could not be checked</Trans>}
          notFound={
            <Verdict
              className="donation-verify__verdict donation-verify__verdict--bad"
              testId="donation-unknown"
              bad
              title={<Trans>This code does not match any donation.</Trans>}
            >
              <Trans>Check that the whole address was scanned or copied. Ask the donor for a new print if the code is damaged.</Trans>
            </Verdict>
          }
        >
          {(d) => <VerifiedDonation d={d} />}
        </RecordView>
      </Card>
    </>
  );
}

function VerifiedDonation({ d }: { d: Verified }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const [receivedBy, setReceivedBy] = useState('');
  const confirm = useMutation(trpc.donations.confirmHandOver.mutationOptions());
  const handedOver = d.handed_over_at ? fmt.dateTime(d.handed_over_at) : '';
  const onConfirm = async () => {
    try {
      const updated = await confirm.mutateAsync({ code: d.code, received_by: receivedBy.trim() || null });
      qc.setQueryData(trpc.donations.verify.queryKey({ code: d.code }), updated);
      showSnackbar(msg`Hand-over confirmed. Thank you!`);
    } catch (e) {
      // Someone confirmed first: show the donation as it now stands.
      if (getAppError(e).code === 'CONFLICT') await qc.invalidateQueries({ queryKey: trpc.donations.verify.queryKey({ code: d.code }) });
      showSnackbar(errorText(i18n, e), { tone: 'error' });
    }
  };
  return (
    <>
      {d.status === 'handed_over' ? (
        <Verdict className="donation-verify__verdict donation-verify__verdict--done" testId="donation-handed-over" title={<Trans>Handed over</Trans>}>
          <Trans>This donation was handed over on {handedOver}. Its hand-over cannot be confirmed again.</Trans>
        </Verdict>
      ) : (
        <Verdict
          className="donation-verify__verdict donation-verify__verdict--ok"
          testId="donation-valid"
          title={<Trans>Valid: an approved donation</Trans>}
        >
          <Trans>An administrator approved this donation. Check the goods against it, then confirm that you received them.</Trans>
        </Verdict>
      )}
      <dl>
        <dt>{t`Donation`}</dt>
        <dd data-testid="verify-title">{d.title}</dd>
        <dt>{t`Donor`}</dt>
        <dd data-testid="verify-donor">{d.donor}</dd>
        <dt>{t`Items`}</dt>
        <dd>{fmt.number(d.item_count)}</dd>
        <dt>{t`Quantity`}</dt>
        <dd data-testid="verify-quantity">{d.quantity_kg === null ? '–' : kgText(fmt.locale, d.quantity_kg, 3)}</dd>
        {d.boxes !== null ? (
          <>
            <dt>{t`Boxes`}</dt>
            <dd>{fmt.number(d.boxes)}</dd>
          </>
        ) : null}
        {d.donation_tag_name ? (
          <>
            <dt>{t`Donation tag`}</dt>
            <dd>{d.donation_tag_name}</dd>
          </>
        ) : null}
        <dt>{t`Status`}</dt>
        <dd>
          <DonationStatusChip status={d.status} />
        </dd>
        {d.approved_at ? (
          <>
            <dt>{t`Approved on`}</dt>
            <dd>{fmt.date(d.approved_at)}</dd>
          </>
        ) : null}
      </dl>
      {d.status === 'approved' ? (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void onConfirm();
          }}
        >
          <TextField
            label={<Trans>Received by (optional)</Trans>}
            value={receivedBy}
            maxLength={LIMITS.approverNameMax}
            autoComplete="name"
            onChange={(e) => setReceivedBy(e.target.value)}
            hint={<Trans>Your name or your organisation’s, for the donor’s records.</Trans>}
          />
          <FormError>{confirm.isError && getAppError(confirm.error).code !== 'CONFLICT' ? errorText(i18n, confirm.error) : null}</FormError>
          <div>
            <Button type="submit" loading={confirm.isPending} icon={<Icon name="check" size={18} />} data-testid="confirm-hand-over">
              <Trans>Confirm hand-over</Trans>
            </Button>
          </div>
        </form>
      ) : null}
    </>
  );
}
