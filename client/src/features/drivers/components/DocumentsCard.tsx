// SPEC §2/§5 documents card: Take Photo (the camera), Upload Files, and the trip's documents with their count,
// relative upload time and a download. Files over 11 MB or of another type are skipped with a message (the
// server checks the real content again); each file goes in its own request. On a hazardous trip the waste
// transfer note is attached here too (docs/decisions/0112).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type Ref } from 'react';
import type { TripDocumentKind } from '@shared/constants/enums';
import { LIMITS } from '@shared/constants/limits';
import { TripDocumentList } from '@/components/trip/TripFacts';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Icon } from '@/components/ui/Icon';
import { Spinner } from '@/components/ui/States';
import { getDriverToken } from '@/lib/driverSession';
import { getAppError, errorText } from '@/lib/errors';
import { readAsDataUrl } from '@/lib/files';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { DOCUMENT_ACCEPT, documentProblem, type DriverTrip } from '../lib/trip';

const showError = (text: string) => showSnackbar(text, { tone: 'error', duration: LIMITS.driverSnackbarMs });

export function DocumentsCard({ trip, noteInputRef }: { trip: DriverTrip; noteInputRef: Ref<HTMLInputElement> }) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const camera = useRef<HTMLInputElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const docs = useQuery(trpc.driver.documents.queryOptions({ id: trip.id }));
  // SPEC §8: failed document loading is only logged.
  useEffect(() => {
    if (docs.error) console.warn('trip documents could not be loaded', docs.error);
  }, [docs.error]);
  const upload = useMutation(trpc.driver.uploadDocuments.mutationOptions());

  const send = async (picked: FileList | null, kind: TripDocumentKind) => {
    if (!picked || picked.length === 0) return;
    const ok: File[] = [];
    for (const file of Array.from(picked)) {
      const problem = documentProblem(file, LIMITS.driverDocumentBytes);
      const name = file.name;
      if (problem === 'tooLarge') showError(i18n._(msg`${name}: file exceeds the 11MB limit`));
      else if (problem === 'type') showError(i18n._(msg`${name}: unsupported file type`));
      else ok.push(file);
    }
    if (!ok.length) return;
    setBusy(true);
    let sent = 0;
    try {
      for (const file of ok) {
        await upload.mutateAsync({ id: trip.id, documents: [{ name: file.name, body: await readAsDataUrl(file), kind }] });
        sent += 1;
      }
      showSnackbar(sent === 1 ? msg`Document uploaded` : msg`Documents uploaded`);
    } catch (err) {
      const reason = getAppError(err).code === 'INTERNAL' ? i18n._(msg`Upload failed`) : errorText(i18n, err);
      showError(i18n._(msg`Failed to upload document(s): ${reason}`));
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: trpc.driver.pathKey() });
    }
  };
  /** A file input's change: send what was chosen, then empty the input so the same file can be chosen again. */
  const sendChosen = (kind: TripDocumentKind) => (e: ChangeEvent<HTMLInputElement>) => {
    void send(e.currentTarget.files, kind);
    e.currentTarget.value = '';
  };

  const items = docs.data?.items ?? [];
  const count = docs.data?.count ?? trip.documents_count;
  return (
    <Card title={<Trans>Documents ({count})</Trans>} className="trip-card" data-testid="documents-card">
      <div className="doc-buttons">
        <Button variant="secondary" icon={<Icon name="camera" />} disabled={busy} onClick={() => camera.current?.click()}>
          <Trans>Take Photo</Trans>
        </Button>
        <Button variant="secondary" icon={<Icon name="upload" />} disabled={busy} onClick={() => files.current?.click()}>
          <Trans>Upload Files</Trans>
        </Button>
        {trip.hazardous ? (
          <Button
            variant={trip.has_waste_transfer_note ? 'secondary' : 'primary'}
            icon={<Icon name="file" />}
            disabled={busy}
            onClick={() => (noteInputRef as { current: HTMLInputElement | null } | null)?.current?.click()}
          >
            <Trans>Attach waste transfer note</Trans>
          </Button>
        ) : null}
        {busy ? <Spinner size={20} /> : null}
      </div>
      <input ref={camera} type="file" accept="image/*" capture="environment" hidden aria-label={t`Take Photo`} onChange={sendChosen('other')} />
      <input
        ref={files}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        hidden
        aria-label={t`Upload Files`}
        data-testid="document-input"
        onChange={sendChosen('other')}
      />
      <input
        ref={noteInputRef}
        type="file"
        accept={DOCUMENT_ACCEPT}
        hidden
        aria-label={t`Attach waste transfer note`}
        data-testid="note-input"
        onChange={sendChosen('waste_transfer_note')}
      />
      <p className="muted">
        <Trans>JPEG, PNG, GIF, PDF, Word or Excel; up to 11 MB each.</Trans>
      </p>
      {items.length ? (
        <TripDocumentList items={items} token={getDriverToken() ?? undefined} onError={showError} />
      ) : docs.isPending ? null : (
        <p className="muted">
          <Trans>No documents yet.</Trans>
        </p>
      )}
    </Card>
  );
}
