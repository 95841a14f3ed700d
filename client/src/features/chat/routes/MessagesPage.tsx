// SPEC §2 /messages: the company's chats and one open conversation (`/messages?chat={chat_id}`). Two panes
// from 900 px; on a phone the list or the conversation, with a way back.
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PageHeader } from '@/components/ui/Card';
import { ButtonLink } from '@/components/ui/Button';
import { recordId } from '@/components/ui/RecordNotFound';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { to } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { ChatList } from '../components/ChatList';
import { Conversation } from '../components/Conversation';
import { useChatRealtime } from '../lib/useChatRealtime';
import '../chat.css';

const PAGE_SIZE = 20;

function selectedChat(search: string): number | null {
  const { id, valid } = recordId(new URLSearchParams(search).get('chat'));
  return valid ? id : null;
}

export function MessagesPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const session = useSession();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [page, setPage] = useState(0);
  const selected = selectedChat(search);
  const ownCompanyId = session?.user.company_id ?? 0;
  const list = useQuery({ ...trpc.chat.list.queryOptions({ page, size: PAGE_SIZE }), placeholderData: keepPreviousData });
  useChatRealtime(ownCompanyId);

  const header = <PageHeader title={<Trans>Messages</Trans>} description={<Trans>Conversations with the companies you run synergies with.</Trans>} />;

  if (!selected && list.isPending) {
    return (
      <>
        {header}
        <LoadingState label={<Trans>Loading your conversations…</Trans>} />
      </>
    );
  }
  if (!selected && list.data && list.data.total === 0) {
    return (
      <>
        {header}
        <div className="card">
          <EmptyState
            icon="chat"
            title={<Trans>No conversations yet</Trans>}
            action={<ButtonLink href="/database">{t`Browse the database`}</ButtonLink>}
          >
            <p>
              <Trans>
                A conversation starts when an offer is accepted: make an offer on a listing in the materials database, or accept an offer on one of
                yours. Each synergy has its own chat with the other company.
              </Trans>
            </p>
          </EmptyState>
        </div>
      </>
    );
  }

  return (
    <div className={`messages${selected ? ' messages--open' : ''}`}>
      {header}
      <div className="messages__panes">
        <aside className="messages__list" aria-label={t`Conversations`}>
          {list.isError && !list.data ? (
            <ErrorState title={<Trans>Could not load your conversations</Trans>} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <LoadingState />
          ) : (
            <ChatList
              data={list.data}
              page={page}
              size={PAGE_SIZE}
              selectedId={selected}
              ownCompanyId={ownCompanyId}
              onPage={setPage}
              refreshing={list.isPlaceholderData}
            />
          )}
        </aside>
        <div className="messages__conversation">
          {selected ? (
            <Conversation
              key={selected}
              chatId={selected}
              ownCompanyId={ownCompanyId}
              ownUserId={session?.user.id ?? 0}
              onBack={() => navigate(to.messages())}
            />
          ) : (
            <EmptyState icon="chat" title={<Trans>Choose a conversation</Trans>}>
              <p>
                <Trans>Pick a company on the left to read and answer its messages.</Trans>
              </p>
            </EmptyState>
          )}
        </div>
      </div>
    </div>
  );
}
