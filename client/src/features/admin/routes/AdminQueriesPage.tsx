// /admin/queries: the help page's questions, unread first. Opening one marks it read; it is
// answered by mail (queued in the outbox, in the language it was asked in) or marked answered without a mail.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { answerQueryInput, QUERY_ANSWER_MAX, QUERY_FILTERS } from '@shared/schemas/queries';
import { useFormSubmit } from '@/hooks/useFormSubmit';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { FormError, SelectField, TextArea, TextField } from '@/components/ui/Field';
import { Options } from '@/components/ui/Options';
import { Icon } from '@/components/ui/Icon';
import { Fact } from '@/components/ui/Fact';
import { useFieldProps } from '@/hooks/useFieldProps';
import { errorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { ADMIN_PAGE_SIZE, AdminPagedList } from '../components/AdminPagedList';
import { languageName } from '../components/labels';
import { RecordDialog } from '../components/RecordDialog';
import { useAdminListFilters } from '../components/useAdminListFilters';
import '../admin-console.css';

type Filter = (typeof QUERY_FILTERS)[number];
const FILTER_LABELS: Record<Filter, MessageDescriptor> = { all: msg`All`, unread: msg`Unread`, open: msg`Not answered`, answered: msg`Answered` };

export function AdminQueriesPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const { filters: shown, setFilter, page, setPage, q: search } = useAdminListFilters({ status: 'all' as Filter, q: '' });
  const { status } = shown;
  const list = useQuery({
    ...trpc.queries.admin.list.queryOptions({ status, q: search, page, size: ADMIN_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState<number | null>(null);
  const unread = list.data?.unread ?? 0;
  return (
    <>
      <PageHeader
        title={<Trans>Queries</Trans>}
        description={<Trans>Questions sent from the help page. Unread ones come first; an answer goes to the sender by mail.</Trans>}
      />
      <Card>
        <div className="form-grid">
          <SelectField
            label={<Trans>Show</Trans>}
            value={status}
            onChange={(e) => setFilter('status', e.target.value as Filter)}
            data-testid="queries-filter"
          >
            <Options values={QUERY_FILTERS} labels={FILTER_LABELS} />
          </SelectField>
          <TextField
            label={<Trans>Search</Trans>}
            type="search"
            value={shown.q}
            onChange={(e) => setFilter('q', e.target.value)}
            placeholder={t`Name, email or words of the message`}
          />
        </div>
        {list.data ? (
          <p className="muted queries-unread" data-testid="queries-unread">
            {unread === 0 ? (
              <Trans>No unread queries.</Trans>
            ) : unread === 1 ? (
              <Trans>1 unread query.</Trans>
            ) : (
              <Trans>{unread} unread queries.</Trans>
            )}
          </p>
        ) : null}
        <AdminPagedList
          list={list}
          loadError={<Trans>The queries could not be loaded</Trans>}
          empty={{
            icon: 'mail',
            title: search || status !== 'all' ? <Trans>No query matches</Trans> : <Trans>No queries yet</Trans>,
            text: <Trans>Questions sent from the help page appear here.</Trans>,
          }}
          page={page}
          onPage={setPage}
        >
          {(items) => (
            <ul className="query-list" aria-label={t`Queries`} data-testid="query-list">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={['query-row', item.read_at ? '' : 'query-row--unread'].join(' ')}
                    onClick={() => setOpen(item.id)}
                    data-testid={`query-${item.id}`}
                  >
                    <span className="query-row__top">
                      {item.read_at ? null : <span className="query-row__dot" aria-hidden="true" title={t`Unread`} />}
                      <span className="query-row__from">{item.name}</span>
                      <span className="query-row__date">{fmt.dateTime(item.created_at)}</span>
                    </span>
                    <span className="query-row__subject">
                      {item.subject ?? (item.message.length > 80 ? `${item.message.slice(0, 80)}…` : item.message)}
                    </span>
                    <span className="query-row__meta">
                      {item.read_at ? null : (
                        <span className="visually-hidden">
                          <Trans>Unread.</Trans>
                        </span>
                      )}
                      {item.status === 'answered' ? (
                        <span className="badge badge--accepted">
                          <Trans>Answered</Trans>
                        </span>
                      ) : (
                        <span className="badge badge--pending">
                          <Trans>Not answered</Trans>
                        </span>
                      )}
                      <span className="muted">{item.email}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </AdminPagedList>
      </Card>
      {open !== null ? <QueryDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

const answerForm = answerQueryInput.pick({ message: true });

function QueryDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const query = useQuery(trpc.queries.admin.get.queryOptions({ id }));
  const setRead = useMutation(trpc.queries.admin.setRead.mutationOptions());
  const answer = useMutation(trpc.queries.admin.answer.mutationOptions());
  const markAnswered = useMutation(trpc.queries.admin.markAnswered.mutationOptions());
  const form = useSchemaForm(answerForm, { defaultValues: { message: '' } });
  const field = useFieldProps(form);
  const length = useWatch({ control: form.control, name: 'message' })?.length ?? 0;
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.queries.admin.pathKey() });

  // Opening an unread query marks it read, once.
  const marked = useRef(false);
  const { mutate: markRead } = setRead;
  useEffect(() => {
    if (!query.data || query.data.read_at || marked.current) return;
    marked.current = true;
    markRead({ id, read: true }, { onSuccess: () => void refresh() });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data, id, markRead]);

  const { onSubmit, formError, setFormError } = useFormSubmit(form, async ({ message }) => {
    await answer.mutateAsync({ id, message });
    await refresh();
    showSnackbar(msg`Answer sent: the mail is in the outbox`);
    onClose();
  });
  const onMarkAnswered = async () => {
    setFormError(null);
    try {
      await markAnswered.mutateAsync({ id });
      await refresh();
      showSnackbar(msg`Marked as answered`);
      onClose();
    } catch (err) {
      setFormError(errorText(i18n, err));
    }
  };
  const onMarkUnread = async () => {
    try {
      await setRead.mutateAsync({ id, read: false });
      await refresh();
      showSnackbar(msg`Marked as unread`);
      onClose();
    } catch (err) {
      setFormError(errorText(i18n, err));
    }
  };

  const q = query.data;
  const max = fmt.number(QUERY_ANSWER_MAX);
  const count = fmt.number(length);
  const answeredWhen = q?.answered_at ? fmt.dateTime(q.answered_at) : null;
  const answeredBy = q?.answered_by_email ?? '–';
  const sender = q?.email ?? '';
  return (
    <RecordDialog query={query} title={q?.subject ?? <Trans>Query</Trans>} loadError={<Trans>The query could not be loaded</Trans>} onClose={onClose}>
      {(q) => (
        <div className="stack query-detail" data-testid="query-detail">
          <dl className="query-detail__facts">
            <Fact label={<Trans>From</Trans>}>
              {q.name} · <a href={`mailto:${q.email}`}>{q.email}</a>
            </Fact>
            <Fact label={<Trans>Sent</Trans>}>{fmt.dateTime(q.created_at)}</Fact>
            <Fact label={<Trans>Language</Trans>}>{languageName(i18n, q.language)}</Fact>
          </dl>
          <blockquote className="query-detail__message">{q.message}</blockquote>
          {q.status === 'answered' ? (
            <div className="query-detail__answer" data-testid="query-answered">
              <p>
                <strong>
                  {answeredWhen ? (
                    <Trans>
                      Answered {answeredWhen} by {answeredBy}
                    </Trans>
                  ) : (
                    <Trans>Answered</Trans>
                  )}
                </strong>
              </p>
              {q.answer ? <p className="query-detail__answer-text">{q.answer}</p> : <p className="muted">{t`Marked answered without a mail.`}</p>}
            </div>
          ) : (
            <form className="form" noValidate onSubmit={onSubmit}>
              <TextArea
                label={<Trans>Answer</Trans>}
                required
                rows={6}
                data-autofocus
                hint={
                  <Trans>
                    Sent to {sender} by mail with the question quoted. {count} / {max}
                  </Trans>
                }
                {...field('message')}
                data-testid="query-answer"
              />
              <FormError>{formError}</FormError>
              <div className="row-actions">
                <Button type="submit" icon={<Icon name="send" />} loading={answer.isPending} data-testid="query-send">
                  <Trans>Send answer</Trans>
                </Button>
                <Button variant="secondary" onClick={() => void onMarkAnswered()} loading={markAnswered.isPending} data-testid="query-mark-answered">
                  <Trans>Mark answered without mail</Trans>
                </Button>
                <Button variant="ghost" onClick={() => void onMarkUnread()}>
                  <Trans>Mark unread</Trans>
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </RecordDialog>
  );
}
