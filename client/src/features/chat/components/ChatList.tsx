// The company's conversations (chat.list, latest activity first): the other company, the listing, the last
// message and when, and the unread count; the open one is marked.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/Avatar';
import { Pagination } from '@/components/ui/Pagination';
import { to } from '@/config/paths';
import { useFormat } from '@/lib/format';
import type { RouterOutputs } from '@/lib/types';
import { localDay } from '../lib/chat';

type ChatPage = RouterOutputs['chat']['list'];

export function ChatList({
  data,
  page,
  size,
  selectedId,
  ownCompanyId,
  onPage,
  refreshing,
}: {
  data: ChatPage;
  page: number;
  size: number;
  selectedId: number | null;
  ownCompanyId: number;
  onPage: (page: number) => void;
  refreshing?: boolean;
}) {
  const { t } = useLingui();
  const fmt = useFormat();
  const today = localDay(new Date());
  return (
    <nav className={`chat-list${refreshing ? ' is-refreshing' : ''}`} aria-label={t`Conversations`}>
      <ul className="chat-list__items" data-testid="chat-list">
        {data.items.map((c) => {
          const when = c.last_message?.created_at ?? c.last_activity_at;
          const body = c.last_message?.body ?? '';
          const preview = c.last_message ? (c.last_message.sender_company_id === ownCompanyId ? t`You: ${body}` : body) : t`No messages yet`;
          const unread = c.unread;
          return (
            <li key={c.id}>
              <Link
                href={to.messages(c.id)}
                className={`chat-item${c.id === selectedId ? ' chat-item--selected' : ''}${unread ? ' chat-item--unread' : ''}`}
                aria-current={c.id === selectedId ? 'true' : undefined}
                data-testid="chat-item"
              >
                <Avatar imageUrl={c.other_company.image_url} fallback={c.other_company.name} size={44} />
                <span className="chat-item__main">
                  <span className="chat-item__top">
                    <span className="chat-item__name">{c.other_company.name}</span>
                    <time className="chat-item__time" dateTime={new Date(when).toISOString()} title={fmt.dateTime(when)}>
                      {localDay(when) === today ? fmt.time(when) : fmt.date(when)}
                    </time>
                  </span>
                  {c.title ? <span className="chat-item__title">{c.title}</span> : null}
                  <span className="chat-item__bottom">
                    <span className="chat-item__preview">{preview}</span>
                    {c.read_only ? (
                      <span className="chat-item__ended">
                        <Trans>Completed</Trans>
                      </span>
                    ) : null}
                    {unread ? (
                      <span className="chat-item__badge" data-testid="chat-unread">
                        <span aria-hidden="true">{fmt.number(unread)}</span>
                        <span className="visually-hidden">
                          <Plural value={unread} one="# unread message" other="# unread messages" />
                        </span>
                      </span>
                    ) : null}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {data.totalPages > 1 ? <Pagination page={page} size={size} result={data} onPage={onPage} /> : null}
    </nav>
  );
}
