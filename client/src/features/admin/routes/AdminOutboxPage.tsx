// /admin/outbox: every mail the marketplace wrote, newest first, with its delivery status. Without a mail server
// (SMTP_URL unset) this is where people's mail can be read; with one, a mail whose sending failed shows its last
// error and can be sent again.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAIL_STATUSES, type MailStatus } from '@shared/constants/enums';
import { ADMIN_PAGE_SIZE } from '../components/AdminPagedList';
import { languageName } from '../components/labels';
import { RecordDialog } from '../components/RecordDialog';
import { RowActionButton, StatusFilteredList, useRowAction } from '../components/StatusFilteredList';
import { useAdminListFilters } from '../components/useAdminListFilters';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { FormError, TextField } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { Fact } from '@/components/ui/Fact';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';
import '../admin-console.css';

const STATUS_LABELS: Record<MailStatus, MessageDescriptor> = {
  queued: msg`Queued`,
  sent: msg`Sent`,
  failed: msg`Failed`,
};
const STATUS_BADGES: Record<MailStatus, string> = { queued: 'badge--pending', sent: 'badge--accepted', failed: 'badge--rejected' };

function MailStatusBadge({ status }: { status: MailStatus }) {
  const { i18n } = useLingui();
  return <span className={`badge ${STATUS_BADGES[status]}`}>{i18n._(STATUS_LABELS[status])}</span>;
}

/** Sends a failed mail again; the list and the open mail refresh. */
function useResend() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return useRowAction(useMutation(trpc.notifications.admin.resendMail.mutationOptions()), {
    refresh: () => qc.invalidateQueries({ queryKey: trpc.notifications.admin.pathKey() }),
    done: msg`The mail is queued to be sent again`,
  });
}

export function AdminOutboxPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const listFilters = useAdminListFilters({ status: '' as MailStatus | '', q: '' });
  const { filters, setFilter, page, q } = listFilters;
  const { status } = filters;
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({
    ...trpc.notifications.admin.outbox.queryOptions({ status: status || undefined, q, page, size: ADMIN_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const resend = useResend();
  return (
    <>
      <PageHeader
        title={<Trans>Mail outbox</Trans>}
        description={
          <Trans>
            Every mail the marketplace writes, newest first. Without a mail server the mail stays here for you to read; with one, each mail shows
            whether it was sent, and a failed one can be sent again.
          </Trans>
        }
      />
      <Card>
        <StatusFilteredList
          state={listFilters}
          statuses={MAIL_STATUSES}
          statusLabels={STATUS_LABELS}
          statusTestId="outbox-status"
          filters={(statusSelect) => (
            <>
              <TextField
                label={<Trans>Search recipient or subject</Trans>}
                type="search"
                value={filters.q}
                maxLength={100}
                onChange={(e) => setFilter('q', e.target.value)}
                data-testid="outbox-search"
              />
              {statusSelect}
            </>
          )}
          rowError={resend.error}
          list={list}
          loadError={<Trans>The outbox could not be loaded</Trans>}
          empty={{
            icon: 'mail',
            title: q ? <Trans>No mail matches this search</Trans> : status ? <Trans>No mail with this status</Trans> : <Trans>No mail yet</Trans>,
            text: <Trans>Mail the marketplace writes (registrations, password resets, answers, digests) appears here.</Trans>,
          }}
          caption={<Trans>Mail outbox</Trans>}
          rowKey={(m) => m.id}
          columns={[
            { key: 'created', header: <Trans>Written</Trans>, cell: (m) => fmt.dateTime(m.created_at) },
            { key: 'to', header: <Trans>Recipient</Trans>, cell: (m) => <span className="outbox-to">{m.to_address}</span> },
            {
              key: 'subject',
              header: <Trans>Subject</Trans>,
              cell: (m) => (
                <button type="button" className="text-link outbox-subject" onClick={() => setOpen(m.id)} data-testid={`outbox-open-${m.id}`}>
                  {m.subject}
                </button>
              ),
            },
            {
              key: 'status',
              header: <Trans>Status</Trans>,
              cell: (m) => (
                <span className="outbox-status" data-testid={`outbox-status-${m.id}`}>
                  <MailStatusBadge status={m.status} />
                  {m.status === 'sent' && m.sent_at ? <span className="muted">{fmt.dateTime(m.sent_at)}</span> : null}
                </span>
              ),
            },
            {
              key: 'actions',
              header: <Trans>Actions</Trans>,
              cell: (m) => (
                <div className="row-actions">
                  <Button size="sm" variant="secondary" icon={<Icon name="mailOpen" size={16} />} onClick={() => setOpen(m.id)}>
                    <Trans>Read</Trans>
                  </Button>
                  {m.status === 'failed' ? (
                    <RowActionButton
                      action={resend}
                      rowId={m.id}
                      variant="ghost"
                      icon="send"
                      aria-label={t`Send again: the mail to ${m.to_address}`}
                      data-testid={`outbox-resend-${m.id}`}
                    >
                      <Trans>Send again</Trans>
                    </RowActionButton>
                  ) : null}
                </div>
              ),
            },
          ]}
        />
      </Card>
      {open !== null ? <MailDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function MailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const mail = useQuery(trpc.notifications.admin.outboxMail.queryOptions({ id }));
  const resend = useResend();
  const m = mail.data;
  return (
    <RecordDialog query={mail} title={m?.subject ?? <Trans>Mail</Trans>} loadError={<Trans>The mail could not be loaded</Trans>} onClose={onClose}>
      {(m) => (
        <div className="stack" data-testid="outbox-mail">
          <dl className="mail-facts">
            <Fact label={<Trans>To</Trans>}>{m.to_address}</Fact>
            <Fact label={<Trans>Written</Trans>}>{fmt.dateTime(m.created_at)}</Fact>
            <Fact label={<Trans>Status</Trans>}>
              <MailStatusBadge status={m.status} /> {m.sent_at ? fmt.dateTime(m.sent_at) : null}
            </Fact>
            <Fact label={<Trans>Language</Trans>}>{languageName(i18n, m.language)}</Fact>
            {m.attempts > 0 ? <Fact label={<Trans>Failed attempts</Trans>}>{fmt.number(m.attempts)}</Fact> : null}
          </dl>
          {m.last_error ? (
            <div className="mail-error" role="note">
              <strong>
                <Trans>Last error</Trans>
              </strong>
              <p>{m.last_error}</p>
            </div>
          ) : null}
          <pre className="mail-body" data-testid="outbox-mail-body">
            {m.text_body}
          </pre>
          <FormError>{resend.error}</FormError>
          {m.status === 'failed' ? (
            <div className="row-actions">
              <Button icon={<Icon name="send" />} loading={resend.busy(id)} onClick={() => void resend.run(id)} data-testid="outbox-mail-resend">
                <Trans>Send again</Trans>
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </RecordDialog>
  );
}
