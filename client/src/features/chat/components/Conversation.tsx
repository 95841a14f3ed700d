// One conversation: messages newest last (older pages load at the top), day separators, attachments,
// the 'Seen' receipt on our last message, marking read while the conversation is in view, and the composer
// or, once the synergy has ended, the read-only banner.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/Avatar';
import { Button, ButtonLink } from '@/components/ui/Button';
import { ChunkBoundary } from '@/components/ui/ChunkBoundary';
import { Icon } from '@/components/ui/Icon';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { to } from '@/config/paths';
import { useDocumentVisible } from '@/hooks/useDocumentVisible';
import { getAppError } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { lazyComponent } from '@/lib/lazy';
import { useTRPC } from '@/lib/trpc';
import { addMessage, loadedMessages } from '../lib/cache';
import { drafts, groupByDay, relativeDay, seenMessageId, type ChatMessage } from '../lib/chat';
import { useMessages } from '../lib/useMessages';
import { Attachment } from './Attachment';
import { AttachmentsDialog } from './AttachmentsDialog';

// The composer's code (react-hook-form, zod and the message schema) loads when a conversation that can take a
// message opens, not with the list of conversations (the page's first load, decision 0260).
const Composer = lazyComponent(() => import('./Composer').then((m) => m.Composer));

/** How close to an edge (px) counts as being there: at the top older messages load, at the bottom new ones scroll in. */
const EDGE = 60;

export function Conversation({
  chatId,
  ownCompanyId,
  ownUserId,
  onBack,
}: {
  chatId: number;
  ownCompanyId: number;
  ownUserId: number;
  onBack?: () => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const headingId = useId();
  const q = useMessages(chatId);
  const messages = useMemo(() => loadedMessages(q.data), [q.data]);
  const chat = q.data?.pages[0]?.chat;
  const [filesOpen, setFilesOpen] = useState(false);
  /** Why the last send failed when the chat turned read-only under it (409), shown in the banner. */
  const [readOnlyError, setReadOnlyError] = useState<string | null>(null);

  // Mark read when a message from the other company is in view (tab in front, conversation open).
  const visible = useDocumentVisible();
  const { mutate: markSeen } = useMutation(
    trpc.chat.markSeen.mutationOptions({ onSuccess: () => void qc.invalidateQueries(trpc.chat.list.pathFilter()) }),
  );
  const newestTheirs = messages.findLast((m) => m.sender_company_id !== ownCompanyId)?.id ?? 0;
  const marked = useRef(0);
  useEffect(() => {
    if (!visible || newestTheirs <= marked.current) return;
    marked.current = newestTheirs;
    markSeen({ id: chatId });
  }, [visible, newestTheirs, chatId, markSeen]);

  // Scrolling: start at the newest message; keep the view still when older ones are prepended; follow new ones
  // when the reader is at the bottom (or sent them).
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  const seen = useRef<{ first?: number; last?: number }>({});
  const firstId = messages[0]?.id;
  const last = messages.at(-1);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || last === undefined) return;
    const prev = seen.current;
    if (prev.last === undefined) el.scrollTop = el.scrollHeight;
    else if (olderAnchor.current && firstId !== prev.first) el.scrollTop = el.scrollHeight - olderAnchor.current.height + olderAnchor.current.top;
    else if (last.id !== prev.last && (atBottom.current || last.sender_company_id === ownCompanyId)) el.scrollTop = el.scrollHeight;
    if (firstId !== prev.first) olderAnchor.current = null;
    seen.current = { first: firstId, last: last.id };
  }, [firstId, last, ownCompanyId]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  const loadOlder = () => {
    if (!hasNextPage || isFetchingNextPage) return;
    const el = scroller.current;
    if (el) olderAnchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void fetchNextPage();
  };

  if (q.isError && !q.data) {
    if (getAppError(q.error).code === 'NOT_FOUND')
      return (
        <EmptyState
          icon="chat"
          title={<Trans>Conversation not found</Trans>}
          action={<ButtonLink href={to.messages()} variant="secondary">{t`All conversations`}</ButtonLink>}
        >
          <p>
            <Trans>This conversation does not exist or is not one of your company’s.</Trans>
          </p>
        </EmptyState>
      );
    return <ErrorState title={<Trans>Could not load this conversation</Trans>} onRetry={() => void q.refetch()} />;
  }
  if (!chat) return <LoadingState label={<Trans>Loading the conversation…</Trans>} />;

  const other = chat.other_company;
  const company = other.name;
  const seenId = seenMessageId(messages, ownCompanyId, chat.other_last_read_message_id);
  const onSent = (m: ChatMessage) => {
    addMessage(qc, m);
    void qc.invalidateQueries(trpc.chat.list.pathFilter());
    if (m.attachments.length) void qc.invalidateQueries(trpc.chat.attachments.queryFilter({ id: chatId }));
  };
  const draft = drafts.get(chatId);

  return (
    <section className="chat-conv" aria-labelledby={headingId} data-testid="conversation">
      <header className="chat-conv__header">
        {onBack ? (
          <button
            type="button"
            className="icon-btn chat-conv__back"
            aria-label={t`Back to conversations`}
            title={t`Back to conversations`}
            onClick={onBack}
            data-testid="chat-back"
          >
            <Icon name="back" />
          </button>
        ) : null}
        <Avatar imageUrl={other.image_url} fallback={other.name} size={40} />
        <div className="chat-conv__who">
          <h2 id={headingId} className="chat-conv__name">
            <Link href={to.company(other.id)}>{other.name}</Link>
          </h2>
          {chat.title ? <p className="chat-conv__title">{chat.title}</p> : null}
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="chat-conv__files"
          title={t`Files in this conversation`}
          icon={<Icon name="attach" size={16} />}
          onClick={() => setFilesOpen(true)}
          data-testid="chat-files-button"
        >
          <Trans>Files</Trans>
        </Button>
      </header>

      <div
        className="chat-conv__scroll"
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE;
          if (el.scrollTop < EDGE) loadOlder();
        }}
        tabIndex={0}
        aria-label={t`Messages with ${company}`}
      >
        <div className="chat-conv__older">
          {hasNextPage ? (
            <Button variant="ghost" size="sm" loading={isFetchingNextPage} onClick={loadOlder}>
              <Trans>Load older messages</Trans>
            </Button>
          ) : messages.length ? (
            <p className="chat-conv__start">
              <Trans>Start of the conversation</Trans>
            </p>
          ) : null}
        </div>
        {messages.length ? (
          <div role="log" aria-live="polite" aria-busy={isFetchingNextPage || undefined}>
            <MessageDays messages={messages} ownCompanyId={ownCompanyId} ownUserId={ownUserId} otherName={other.name} seenId={seenId} />
          </div>
        ) : (
          <p className="chat-conv__empty" role="log" aria-live="polite">
            {chat.read_only ? (
              <Trans>No messages were sent in this conversation.</Trans>
            ) : (
              <Trans>No messages yet. Say hello and agree on the details of the exchange.</Trans>
            )}
          </p>
        )}
      </div>

      {chat.read_only ? (
        <div className="chat-readonly" role="status" data-testid="chat-readonly">
          <Icon name="lock" />
          <div>
            <p className="chat-readonly__title">
              <Trans>This synergy is completed; the chat is read-only.</Trans>
            </p>
            <p>
              <Trans>The messages and files stay available.</Trans>{' '}
              {chat.exchange_id !== null ? (
                <Link href={`/synergies?exchange=${chat.exchange_id}`}>
                  <Trans>View the synergy</Trans>
                </Link>
              ) : null}
            </p>
            {readOnlyError ? (
              <p className="chat-readonly__error" role="alert">
                {readOnlyError}
              </p>
            ) : null}
            {draft?.message ? (
              <p className="chat-readonly__draft">
                <Trans>Not sent:</Trans> <q>{draft.message}</q>
              </p>
            ) : null}
          </div>
        </div>
      ) : (
        <ChunkBoundary fallback={<LoadingState />}>
          <Composer
            key={chatId}
            chatId={chatId}
            onSent={onSent}
            onReadOnly={(error) => {
              setReadOnlyError(error);
              void q.refetch();
            }}
          />
        </ChunkBoundary>
      )}
      <AttachmentsDialog chatId={chatId} open={filesOpen} onClose={() => setFilesOpen(false)} />
    </section>
  );
}

function MessageDays({
  messages,
  ownCompanyId,
  ownUserId,
  otherName,
  seenId,
}: {
  messages: ChatMessage[];
  ownCompanyId: number;
  ownUserId: number;
  otherName: string;
  seenId: number | null;
}) {
  const { t } = useLingui();
  const fmt = useFormat();
  const dayLabel = (day: string) => {
    const rel = relativeDay(day);
    if (rel === 'today') return t`Today`;
    if (rel === 'yesterday') return t`Yesterday`;
    const [y, m, d] = day.split('-').map(Number);
    return fmt.date(new Date(y!, m! - 1, d!));
  };
  return (
    <>
      {groupByDay(messages).map((g) => (
        <section key={g.day} className="chat-day" aria-label={dayLabel(g.day)}>
          <p className="chat-day__label" aria-hidden="true">
            <span>{dayLabel(g.day)}</span>
          </p>
          <ol className="chat-day__messages list-stack">
            {g.messages.map((m, i) => {
              const ours = m.sender_company_id === ownCompanyId;
              const prev = g.messages[i - 1];
              const sameSender = prev !== undefined && prev.sender_user_id === m.sender_user_id && prev.sender_company_id === m.sender_company_id;
              const named = m.sender_name && m.sender_former ? t`${m.sender_name} (former member)` : m.sender_name;
              const sender = ours ? (m.sender_user_id === ownUserId ? t`You` : (named ?? t`Your company`)) : (named ?? otherName);
              return (
                <li key={m.id} className={`chat-msg chat-msg--${ours ? 'ours' : 'theirs'}`} data-testid="chat-message" data-ours={ours}>
                  <p className={sameSender ? 'visually-hidden' : 'chat-msg__sender'}>{sender}</p>
                  <div className="chat-msg__bubble">
                    <p className="chat-msg__body">{m.body}</p>
                    {m.attachments.length ? (
                      <ul className="chat-msg__files list-row" aria-label={t`Attachments`}>
                        {m.attachments.map((a) => (
                          <li key={a.id}>
                            <Attachment attachment={a} />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    <p className="chat-msg__time">
                      <time dateTime={m.created_at} title={fmt.dateTime(m.created_at)}>
                        {fmt.time(m.created_at)}
                      </time>
                    </p>
                  </div>
                  {m.id === seenId ? (
                    <p className="chat-msg__seen" data-testid="chat-seen">
                      <Icon name="check" size={14} /> <Trans>Seen</Trans>
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </>
  );
}
