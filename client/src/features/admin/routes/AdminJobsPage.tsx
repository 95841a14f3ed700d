// /admin/jobs: the background job queue (mail delivery, digests, scheduled work): what waits, runs and failed, with
// each failure's last error, and a retry for a failed job. Refreshed every few seconds while open.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JOB_STATUSES, type JobStatus } from '@shared/constants/enums';
import { ADMIN_PAGE_SIZE } from '../components/AdminPagedList';
import { RowActionButton, StatusFilteredList, useRowAction } from '../components/StatusFilteredList';
import { useListFilters } from '@/hooks/useListFilters';
import { Card, PageHeader } from '@/components/ui/Card';
import { SelectField } from '@/components/ui/Field';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import '../admin-console.css';

type Job = RouterOutputs['jobs']['admin']['list']['items'][number];

const STATUS_LABELS: Record<JobStatus, MessageDescriptor> = {
  queued: msg`Waiting`,
  running: msg`Running`,
  succeeded: msg`Done`,
  failed: msg`Failed`,
};
const STATUS_BADGES: Record<JobStatus, string> = {
  queued: '',
  running: 'badge--busy',
  succeeded: 'badge--accepted',
  failed: 'badge--rejected',
};

/** What each kind of job does, in words; a kind added later shows its name until it gets one here. */
const TYPE_LABELS: Record<string, MessageDescriptor> = {
  mail: msg`Mail delivery`,
  'listing-digest': msg`New-listing digest`,
  'newsletter-digest': msg`Weekly newsletter`,
  'expire-subscriptions': msg`Subscription expiry`,
  'prune-recommendation-displays': msg`Recommendation log clean-up`,
  'prune-jobs': msg`Job history clean-up`,
  'need-match': msg`Matching uploaded listings to needs`,
  'saved-search-mail': msg`Saved-search mail`,
  'webhook-delivery': msg`Webhook delivery`,
};

export function AdminJobsPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const listFilters = useListFilters({ status: '' as JobStatus | '', type: '' });
  const { filters, setFilter, page } = listFilters;
  const { status, type } = filters;
  const list = useQuery({
    ...trpc.jobs.admin.list.queryOptions({ status: status || undefined, type: type || undefined, page, size: ADMIN_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
  const retry = useRowAction(useMutation(trpc.jobs.admin.retry.mutationOptions()), {
    refresh: () => qc.invalidateQueries({ queryKey: trpc.jobs.admin.pathKey() }),
    done: msg`The job is queued to run again`,
  });
  const typeLabel = (name: string) => (TYPE_LABELS[name] ? i18n._(TYPE_LABELS[name]) : name);
  const counts = list.data?.counts;
  return (
    <>
      <PageHeader
        title={<Trans>Background jobs</Trans>}
        description={
          <Trans>
            Work the marketplace does out of sight: mail delivery, new-listing digests and scheduled tasks. A job that fails is tried again after a
            while; one that failed for good shows its last error and can be run again.
          </Trans>
        }
      />
      <Card>
        {/* The counts stand there from the first paint (a dash until they load), so the filters below do not move. */}
        <ul className="job-counts list-row" aria-label={t`Jobs by status`} data-testid="job-counts" aria-busy={!counts}>
          {JOB_STATUSES.map((s) => (
            <li key={s}>
              <span className={['badge', STATUS_BADGES[s]].join(' ').trim()}>{i18n._(STATUS_LABELS[s])}</span>
              <strong>{counts ? fmt.number(counts[s]) : '–'}</strong>
            </li>
          ))}
        </ul>
        <StatusFilteredList
          state={listFilters}
          statuses={JOB_STATUSES}
          statusLabels={STATUS_LABELS}
          statusTestId="jobs-status"
          filters={(statusSelect) => (
            <>
              {statusSelect}
              <SelectField
                label={<Trans>Kind of job</Trans>}
                value={type}
                onChange={(e) => setFilter('type', e.target.value)}
                data-testid="jobs-type"
              >
                <option value="">{t`All`}</option>
                {(list.data?.types ?? []).map((k) => (
                  <option key={k.type} value={k.type}>
                    {typeLabel(k.type)}
                  </option>
                ))}
              </SelectField>
            </>
          )}
          rowError={retry.error}
          list={list}
          loadError={<Trans>The jobs could not be loaded</Trans>}
          empty={{
            icon: 'clock',
            title: status || type ? <Trans>No job matches</Trans> : <Trans>No jobs yet</Trans>,
            text: <Trans>Jobs appear here when the marketplace has work to do in the background. Finished ones are kept for a week.</Trans>,
          }}
          caption={<Trans>Background jobs</Trans>}
          rowKey={(j) => j.id}
          columns={[
            {
              key: 'job',
              header: <Trans>Job</Trans>,
              cell: (j) => (
                <span className="job-name">
                  <strong>{typeLabel(j.type)}</strong>
                  <span className="muted">
                    #{j.id} · <code>{j.type}</code>
                  </span>
                </span>
              ),
            },
            {
              key: 'status',
              header: <Trans>Status</Trans>,
              cell: (j) => <JobState job={j} />,
            },
            { key: 'created', header: <Trans>Added</Trans>, cell: (j) => fmt.dateTime(j.created_at) },
            {
              key: 'error',
              header: <Trans>Last error</Trans>,
              cell: (j) => (j.last_error ? <span className="job-error">{j.last_error}</span> : <span className="muted">–</span>),
            },
            {
              key: 'actions',
              header: <Trans>Actions</Trans>,
              cell: (j) =>
                j.status === 'failed' ? (
                  <RowActionButton
                    action={retry}
                    rowId={j.id}
                    variant="secondary"
                    icon="cycle"
                    aria-label={t`Run again: job ${j.id}`}
                    data-testid={`job-retry-${j.id}`}
                  >
                    <Trans>Run again</Trans>
                  </RowActionButton>
                ) : (
                  <span className="muted">–</span>
                ),
            },
          ]}
        />
        {/* Under the list: above it, it would push the filters down when the answer arrives. */}
        {list.data && !list.data.mail_server ? (
          <p className="muted" data-testid="jobs-no-mail-server">
            <Trans>No mail server is set up (SMTP_URL), so mail delivery jobs wait and the mail can be read in the outbox.</Trans>
          </p>
        ) : null}
      </Card>
    </>
  );
}

/** The status badge, and what it means now: the attempt, when the next try is due, when it finished. */
function JobState({ job }: { job: Job }) {
  const { i18n } = useLingui();
  const fmt = useFormat();
  const attempt = fmt.number(job.attempts);
  const of = fmt.number(job.max_attempts);
  const next = fmt.dateTime(job.run_at);
  const finished = job.finished_at ? fmt.dateTime(job.finished_at) : null;
  return (
    <span className="job-state" data-testid={`job-status-${job.id}`}>
      <span className={['badge', STATUS_BADGES[job.status]].join(' ').trim()}>{i18n._(STATUS_LABELS[job.status])}</span>
      <span className="muted">
        {job.status === 'queued' && job.attempts > 0 ? (
          <Trans>
            Attempt {attempt} of {of} failed; next try {next}
          </Trans>
        ) : job.status === 'running' ? (
          <Trans>
            Attempt {attempt} of {of}
          </Trans>
        ) : job.status === 'failed' ? (
          <Trans>
            Gave up after {attempt} attempts, {finished}
          </Trans>
        ) : job.status === 'succeeded' && finished ? (
          <Trans>Finished {finished}</Trans>
        ) : null}
      </span>
    </span>
  );
}
