// /admin/newsletter: the weekly digest's runs. The job mails every active subscriber the
// new listings of the week before, once per week across instances; this page shows who gets it and what went out.
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Card, PageHeader } from '@/components/ui/Card';
import { Pagination } from '@/components/ui/Pagination';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import '../admin-console.css';

type Run = RouterOutputs['newsletter']['admin']['runs']['items'][number];
const PAGE_SIZE = 10;

export function AdminNewsletterPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const [page, setPage] = useState(0);
  const runs = useQuery({ ...trpc.newsletter.admin.runs.queryOptions({ page, size: PAGE_SIZE }), placeholderData: keepPreviousData });
  return (
    <>
      <PageHeader
        title={<Trans>Newsletter</Trans>}
        description={
          <Trans>
            Every week the digest of the week’s new listings goes to each subscriber of the footer box, through the mail outbox. Each mail has a link
            to unsubscribe without logging in.
          </Trans>
        }
      />
      {runs.isPending ? (
        <LoadingState />
      ) : runs.isError ? (
        <ErrorState title={<Trans>The newsletter runs could not be loaded</Trans>} onRetry={() => void runs.refetch()} />
      ) : (
        <>
          <Card className="card--spaced">
            <ul className="newsletter-facts" data-testid="newsletter-facts">
              <NewsletterFact value={fmt.number(runs.data.subscribers.active)}>
                <Trans>Subscribers</Trans>
              </NewsletterFact>
              <NewsletterFact value={fmt.number(runs.data.subscribers.unsubscribed)}>
                <Trans>Unsubscribed</Trans>
              </NewsletterFact>
              <NewsletterFact value={fmt.date(runs.data.next_run_after)}>
                <Trans>Next digest from</Trans>
              </NewsletterFact>
            </ul>
          </Card>
          <Card title={<Trans>Last runs</Trans>}>
            {runs.data.items.length === 0 ? (
              <EmptyState icon="mail" title={<Trans>No digest has been sent yet</Trans>}>
                <p>
                  <Trans>The first run happens in the first hour of the next week.</Trans>
                </p>
              </EmptyState>
            ) : (
              <>
                <ol className="newsletter-runs" aria-label={t`Weekly digests, newest first`} data-testid="newsletter-runs">
                  {runs.data.items.map((r) => (
                    <RunItem key={r.id} run={r} />
                  ))}
                </ol>
                <Pagination page={page} size={PAGE_SIZE} result={runs.data} onPage={setPage} />
              </>
            )}
          </Card>
        </>
      )}
    </>
  );
}

/** One figure of the facts row: the number, then what it counts. */
function NewsletterFact({ value, children }: { value: string; children: ReactNode }) {
  return (
    <li>
      <span className="newsletter-facts__value">{value}</span>
      <span className="newsletter-facts__label">{children}</span>
    </li>
  );
}

function RunItem({ run }: { run: Run }) {
  const fmt = useFormat();
  const week = `${fmt.day(run.period_start)} – ${fmt.day(run.period_end)}`;
  const sent = fmt.dateTime(run.created_at);
  const listings = fmt.number(run.listings);
  const subscribers = fmt.number(run.subscribers);
  const mails = fmt.number(run.mails_queued);
  return (
    <li className="newsletter-run" data-testid="newsletter-run">
      <p className="newsletter-run__week">
        <Trans>Week {week}</Trans>
      </p>
      <p className="muted">
        <Trans>Sent {sent}</Trans>
      </p>
      <p>
        {run.listings === 0 ? (
          <Trans>No new listings that week: nothing was mailed.</Trans>
        ) : (
          <Trans>
            {listings} new listings, {subscribers} subscribers, {mails} mails queued
          </Trans>
        )}
      </p>
    </li>
  );
}
