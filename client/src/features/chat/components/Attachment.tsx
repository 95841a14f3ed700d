// One chat attachment: images as thumbnails, other files as a download button. Attachments are private
// files (served only to the chat's two companies with the bearer token), so both go through lib/files.ts.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import { Spinner } from '@/components/ui/States';
import { downloadPrivateFile, usePrivateFile } from '@/lib/files';
import { useFormat } from '@/lib/format';
import { showSnackbar } from '@/lib/snackbar';
import { isImageAttachment, type ChatAttachment } from '../lib/chat';

export function Attachment({ attachment }: { attachment: ChatAttachment }) {
  return isImageAttachment(attachment) ? <ImageAttachment attachment={attachment} /> : <FileAttachment attachment={attachment} />;
}

function ImageAttachment({ attachment }: { attachment: ChatAttachment }) {
  const { t } = useLingui();
  const file = usePrivateFile(attachment.url);
  const name = attachment.name;
  if (file.status === 'error') return <FileAttachment attachment={attachment} />;
  if (file.status === 'loading')
    return (
      <span className="chat-thumb chat-thumb--loading" role="img" aria-label={t`Loading image ${name}`}>
        <Spinner size={20} />
      </span>
    );
  return (
    <a className="chat-thumb" href={file.src} target="_blank" rel="noopener noreferrer" title={attachment.name} data-testid="chat-image">
      <img src={file.src} alt={attachment.name} />
    </a>
  );
}

function FileAttachment({ attachment }: { attachment: ChatAttachment }) {
  const fmt = useFormat();
  const [busy, setBusy] = useState(false);
  const name = attachment.name;
  const download = async () => {
    setBusy(true);
    try {
      await downloadPrivateFile(attachment.url, name);
    } catch {
      showSnackbar(msg`Could not download ${name}`, { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="chat-file" onClick={() => void download()} aria-busy={busy || undefined} data-testid="chat-file">
      {busy ? <Spinner size={18} /> : <Icon name="file" size={18} />}
      <span className="chat-file__name">{name}</span>
      {attachment.size_bytes ? <span className="chat-file__size">{fmt.fileSize(attachment.size_bytes)}</span> : null}
      <span className="visually-hidden">
        <Trans>(download)</Trans>
      </span>
    </button>
  );
}
