// The message composer: 1 to 250 characters with a counter, Enter sends and Shift+Enter starts a new line,
// attachments checked here first (type, 10 MB each, 5 per message) and sent as data-URLs. A failed send
// keeps the text and the files; the draft also survives switching to another conversation and back.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { errorText, fieldErrorText, getAppError } from '@/lib/errors';
import { readAsDataUrl } from '@/lib/files';
import { applyServerErrors } from '@/lib/forms';
import { useFormat } from '@/lib/format';
import { messageText } from '@/lib/messages';
import { useTRPC } from '@/lib/trpc';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { LIMITS } from '@shared/constants/limits';
import type { Message } from '@shared/messages';
import { sendMessageInput } from '@shared/schemas/chat';
import { ATTACHMENT_ACCEPT, checkAttachments, drafts, toChatMessage, type ChatMessage } from '../lib/chat';

const schema = sendMessageInput.pick({ message: true });

export function Composer({ chatId, onSent, onReadOnly }: { chatId: number; onSent: (m: ChatMessage) => void; onReadOnly: (error: string) => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const id = useId();
  const saved = drafts.get(chatId);
  const form = useSchemaForm(schema, { defaultValues: { message: saved?.message ?? '' } });
  const [files, setFiles] = useState<File[]>(saved?.files ?? []);
  const [fileErrors, setFileErrors] = useState<{ name: string; reason: Message | string }[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useMutation(trpc.chat.send.mutationOptions());
  const text = useWatch({ control: form.control, name: 'message' }) ?? '';
  const length = text.trim().length;

  useEffect(() => {
    if (text || files.length) drafts.set(chatId, { message: text, files });
    else drafts.delete(chatId);
  }, [chatId, text, files]);

  const addFiles = (list: FileList | null) => {
    if (!list?.length) return;
    const { accepted, refused } = checkAttachments([...list], files.length);
    setFiles((f) => [...f, ...accepted]);
    setFileErrors(refused.map((r) => ({ name: r.file.name, reason: r.reason })));
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setFileErrors([]);
    const sending = files;
    let attachments: { name: string; body: string }[];
    try {
      attachments = await Promise.all(sending.map(async (f) => ({ name: f.name, body: await readAsDataUrl(f) })));
    } catch {
      setFileErrors([{ name: '', reason: { code: 'chat.attachmentUnreadable' } }]);
      return;
    }
    send.mutate(
      { id: chatId, message: values.message, attachments },
      {
        onSuccess: (sent) => {
          // Clear what was sent, not what was typed or attached while it was on its way.
          if (form.getValues('message').trim() === values.message) form.reset({ message: '' });
          setFiles((all) => all.filter((f) => !sending.includes(f)));
          onSent(toChatMessage(sent));
          form.setFocus('message');
        },
        onError: (err) => {
          const info = getAppError(err);
          // A synergy that ended meanwhile: the chat turns read-only (the banner says so and keeps the draft).
          if (info.code === 'CONFLICT') onReadOnly(errorText(i18n, err));
          applyServerErrors(form, err);
          const byFile = Object.entries(info.fields ?? {}).filter(([k]) => k.startsWith('attachments.'));
          if (byFile.length)
            setFileErrors(
              byFile.map(([k, v]) => ({ name: sending[Number(k.split('.')[1])]?.name ?? '', reason: fieldErrorText(i18n, { message: v }) ?? '' })),
            );
          setFormError(errorText(i18n, err));
        },
      },
    );
  });

  const messageError = fieldErrorText(i18n, form.formState.errors.message);
  const counterId = `${id}-counter`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const mb = LIMITS.chatAttachmentBytes / (1024 * 1024);
  const max = LIMITS.chatAttachmentsMax;
  const field = form.register('message');

  return (
    <form className="composer" onSubmit={(e) => void submit(e)} noValidate data-testid="composer">
      <FormError>{formError}</FormError>
      {files.length ? (
        <ul className="composer__files list-row" aria-label={t`Files to send`}>
          {files.map((f, i) => {
            const fileName = f.name;
            return (
              <li key={`${f.name}-${i}`} className="composer__file">
                <Icon name="file" size={16} />
                <span className="composer__file-name">{f.name}</span>
                <span className="composer__file-size">{fmt.fileSize(f.size)}</span>
                <button
                  type="button"
                  className="composer__remove"
                  aria-label={t`Remove ${fileName}`}
                  title={t`Remove ${fileName}`}
                  onClick={() => setFiles((all) => all.filter((_, j) => j !== i))}
                >
                  <Icon name="close" size={16} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {fileErrors.length ? (
        <ul className="composer__errors list-stack" role="alert">
          {fileErrors.map((e, i) => (
            <li key={i} className="field__error">
              {e.name ? `${e.name}: ` : ''}
              {typeof e.reason === 'string' ? e.reason : messageText(i18n, e.reason)}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="composer__row">
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => addFiles(e.target.files)}
          data-testid="composer-file-input"
        />
        <button
          type="button"
          className="icon-btn composer__attach"
          aria-label={t`Attach files`}
          title={t`Attach files`}
          aria-describedby={hintId}
          onClick={() => fileInput.current?.click()}
          disabled={files.length >= max}
        >
          <Icon name="attach" />
        </button>
        <label htmlFor={`${id}-message`} className="visually-hidden">
          <Trans>Message</Trans>
        </label>
        <textarea
          id={`${id}-message`}
          className="input composer__input"
          rows={2}
          placeholder={t`Write a message…`}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={[counterId, hintId, messageError ? errorId : ''].filter(Boolean).join(' ')}
          {...field}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              if (!send.isPending) void submit();
            }
          }}
        />
        <Button type="submit" className="composer__send" loading={send.isPending} icon={<Icon name="send" size={18} />} data-testid="composer-send">
          <Trans>Send</Trans>
        </Button>
      </div>
      <div className="composer__meta">
        <p id={hintId} className="field__hint">
          <Trans>
            Enter sends, Shift+Enter adds a line. Attach images, PDF, Word or Excel files: up to {max} per message, {mb} MB each.
          </Trans>
        </p>
        <span id={counterId} className={`field__hint counter${length > LIMITS.messageMax ? ' counter--over' : ''}`}>
          {length}/{LIMITS.messageMax}
        </span>
      </div>
      {messageError ? (
        <p id={errorId} className="field__error" role="alert">
          {messageError}
        </p>
      ) : null}
    </form>
  );
}
