// Every file sent in a conversation (chat.attachments), newest first.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';
import { isImageAttachment } from '../lib/chat';
import { Attachment } from './Attachment';

export function AttachmentsDialog({ chatId, open, onClose }: { chatId: number; open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const q = useQuery({ ...trpc.chat.attachments.queryOptions({ id: chatId }), enabled: open });
  let body;
  if (q.isError) body = <ErrorState title={<Trans>Could not load the files</Trans>} onRetry={() => void q.refetch()} />;
  else if (!q.data) body = <LoadingState />;
  else if (!q.data.items.length)
    body = (
      <EmptyState icon="attach" title={<Trans>No files yet</Trans>}>
        <p>
          <Trans>Files either company attaches to a message are listed here.</Trans>
        </p>
      </EmptyState>
    );
  else
    body = (
      <ul className="chat-files list-stack" data-testid="chat-attachments">
        {q.data.items.map((a) => (
          <li key={a.id} className="chat-files__item">
            <Attachment attachment={a} />
            <span className="chat-files__meta">
              {isImageAttachment(a) ? `${a.name} · ` : ''}
              {fmt.fileSize(a.size_bytes)} · <time dateTime={new Date(a.created_at).toISOString()}>{fmt.dateTime(a.created_at)}</time>
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <Dialog open={open} onClose={onClose} title={t`Files in this conversation`} closeLabel={t`Close`} className="dialog--wide">
      {body}
    </Dialog>
  );
}
