// The impact certificate of a successful synergy (a PDF with a QR code to its public check), used by the
// dashboard's records and the synergy cards.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Icon } from '@/components/ui/Icon';
import { downloadAuthorized } from '@/lib/files';
import { useLanguage } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';

export function CertificateButton({ exchangeId, title }: { exchangeId: number; title: string }) {
  const { t } = useLingui();
  const lang = useLanguage();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadAuthorized(`/api/exchanges/${exchangeId}/certificate?language=${lang}`, `impact-certificate-${exchangeId}.pdf`);
    } catch {
      showSnackbar(msg`The certificate could not be downloaded`, { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={busy}
      icon={<Icon name="file" size={16} />}
      onClick={download}
      aria-label={t`Impact certificate (PDF): ${title}`}
      data-testid="certificate"
    >
      <Trans>Certificate</Trans>
    </Button>
  );
}
