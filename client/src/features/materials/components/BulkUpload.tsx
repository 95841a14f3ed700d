// Bulk upload (SPEC §4/§5): request access (pending → granted), download the CSV template, upload exactly one
// CSV; a rejected file comes back as a per-row report, an accepted one as the number imported.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { FormError } from '@/components/ui/Field';
import { LoadingState } from '@/components/ui/States';
import { Table } from '@/components/ui/Table';
import { useConfig } from '@/hooks/useConfig';
import { errorText, getAppError, type AppErrorInfo } from '@/lib/errors';
import { serverFieldMessage } from '@/lib/forms';
import { useFormat } from '@/lib/format';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { LIMITS } from '@shared/constants/limits';
import { csvMessageText } from '../lib/messages';
import { MaterialCodesDialog } from './MaterialCodesDialog';

type RowError = { row: number; column: string; message: string };

/** `rows.{row}.{column}` field errors (server) → table rows, in row order. */
export function rowErrorsFrom(fields: AppErrorInfo['fields']): RowError[] {
  return Object.entries(fields ?? {})
    .map(([key, message]) => {
      const m = /^rows\.(\d+)\.(.+)$/.exec(key);
      return m ? { row: Number(m[1]), column: m[2]!, message: serverFieldMessage(message) } : null;
    })
    .filter((r): r is RowError => r !== null)
    .sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
}

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const s = String(reader.result);
      resolve(s.slice(s.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

export function BulkUpload() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const config = useConfig();
  const access = useQuery(trpc.materials.bulkAccessStatus.queryOptions());
  const request = useMutation(trpc.materials.requestBulkAccess.mutationOptions());
  const upload = useMutation(trpc.materials.bulkUpload.mutationOptions());
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [imported, setImported] = useState<number | null>(null);
  const [codesOpen, setCodesOpen] = useState(false);
  const email = config.data?.support_email ?? '';
  const uploadFailed = i18n._(
    msg`An error occurred while uploading your file. Please try again. If the issue persists, contact our support team at ${email} for assistance.`,
  );

  const downloadTemplate = async () => {
    try {
      const tpl = await qc.fetchQuery(trpc.materials.bulkTemplate.queryOptions());
      const url = URL.createObjectURL(new Blob([tpl.content], { type: tpl.content_type }));
      const a = document.createElement('a');
      a.href = url;
      a.download = tpl.file_name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      showSnackbar(errorText(i18n, e), { tone: 'error' });
    }
  };

  const requestAccess = async () => {
    try {
      await request.mutateAsync();
      showSnackbar(msg`Bulk upload access requested`);
      await qc.invalidateQueries({ queryKey: trpc.materials.bulkAccessStatus.queryKey() });
    } catch {
      showSnackbar(msg`An unexpected error has occurred! If it persists, please contact us!`, { tone: 'error' });
    }
  };

  const pick = (files: FileList | null) => {
    setFileError(null);
    setImported(null);
    setRowErrors([]);
    setFormError(null);
    if (!files || files.length !== 1) {
      setFile(null);
      if (files && files.length > 1) setFileError(i18n._(msg`Choose exactly one CSV file.`));
      return;
    }
    const f = files[0]!;
    if (!/\.csv$/i.test(f.name)) {
      setFile(null);
      setFileError(i18n._(msg`Choose a CSV file (.csv).`));
      return;
    }
    if (f.size > LIMITS.csvFormBytes) {
      setFile(null);
      setFileError(i18n._(msg`The file is larger than 9.5 MB.`));
      return;
    }
    setFile(f);
  };

  const submit = async () => {
    setFormError(null);
    setRowErrors([]);
    setImported(null);
    if (!file) {
      setFileError(i18n._(msg`Choose exactly one CSV file.`));
      return;
    }
    try {
      const res = await upload.mutateAsync({ file_name: file.name, body_base64: await readBase64(file) });
      // The result stays on the page (the status line below), so no snackbar repeats it.
      setImported(res.imported);
      await qc.invalidateQueries({ queryKey: trpc.materials.pathKey() });
    } catch (e) {
      const info = getAppError(e);
      if (info.code === 'CSV_INVALID_ROWS') setRowErrors(rowErrorsFrom(info.fields));
      setFormError(info.code === 'BULK_UPLOAD_FAILED' || info.code === 'INTERNAL' ? uploadFailed : errorText(i18n, e));
    }
  };

  const status = access.data?.status;
  return (
    <Card title={<Trans>Bulk upload</Trans>} className="bulk" data-testid="bulk-upload">
      <ul className="bulk__rules">
        <li>
          <Trans>Download the CSV template, fill in one listing per row and upload the file.</Trans>
        </li>
        <li>
          <Trans>One CSV file at a time, at most 3 MB and 500 rows. The form accepts files up to 9.5 MB.</Trans>
        </li>
        <li>
          <Trans>The material_group_code column takes a code from the list of material group codes; leave it empty to add the category later.</Trans>{' '}
          <button type="button" className="link-btn" onClick={() => setCodesOpen(true)} data-testid="open-codes">
            <Trans>Search the material group codes</Trans>
          </button>
        </li>
        <li>
          <Trans>The file carries no photos: add them to each listing afterwards, from its edit page.</Trans>
        </li>
        <li>
          <Trans>All rows are checked first: if any row has an error, nothing is imported and the errors are listed.</Trans>
        </li>
      </ul>
      <div className="bulk__bar">
        <Button variant="secondary" onClick={() => void downloadTemplate()}>
          <Trans>Download CSV template</Trans>
        </Button>
        {access.isLoading ? null : status === 'granted' ? (
          <span className="tag tag--status tag--active" data-testid="bulk-status">
            <Trans>Access granted</Trans>
          </span>
        ) : status === 'pending' ? (
          <span className="tag tag--status tag--pending" data-testid="bulk-status">
            <Trans>Access requested: pending review</Trans>
          </span>
        ) : (
          <>
            {status === 'denied' ? (
              <span className="tag tag--status tag--deactivated" data-testid="bulk-status">
                <Trans>Access was denied</Trans>
              </span>
            ) : null}
            <Button onClick={() => void requestAccess()} loading={request.isPending}>
              <Trans>Request bulk upload access</Trans>
            </Button>
          </>
        )}
      </div>
      {access.isLoading ? <LoadingState /> : null}
      {status === 'granted' ? (
        <form
          className="form bulk__form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className={['field', fileError ? 'field--invalid' : ''].join(' ')}>
            <label className="field__label" htmlFor="bulk-file">
              <Trans>CSV file</Trans>
            </label>
            <input
              id="bulk-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => pick(e.target.files)}
              aria-describedby={fileError ? 'bulk-file-error' : undefined}
            />
            {file ? <p className="field__hint">{`${file.name} · ${fmt.number(Math.ceil(file.size / 1024))} KB`}</p> : null}
            {fileError ? (
              <p className="field__error" id="bulk-file-error" role="alert">
                {fileError}
              </p>
            ) : null}
          </div>
          <div>
            <Button type="submit" loading={upload.isPending} disabled={!file}>
              <Trans>Upload</Trans>
            </Button>
          </div>
        </form>
      ) : null}
      <FormError>{formError}</FormError>
      {imported !== null ? (
        <p className="bulk__success" role="status" data-testid="bulk-imported">
          <Trans>Listings imported: {imported}</Trans>
        </p>
      ) : null}
      {rowErrors.length ? (
        <Table
          caption={t`Errors by row`}
          rowKey={(r) => `${r.row}-${r.column}`}
          rows={rowErrors}
          columns={[
            { key: 'row', header: t`Row`, align: 'end', cell: (r) => r.row },
            { key: 'column', header: t`Column`, cell: (r) => (r.column === '_' ? '–' : r.column) },
            { key: 'message', header: t`Problem`, cell: (r) => csvMessageText(i18n, r.message) },
          ]}
        />
      ) : null}
      <MaterialCodesDialog open={codesOpen} onClose={() => setCodesOpen(false)} />
    </Card>
  );
}
