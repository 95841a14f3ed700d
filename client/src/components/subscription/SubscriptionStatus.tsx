// A company's subscription as users see it (PRODUCT "Subscriptions"): a coloured, translated status and the
// end date. Shared by the dashboard, the manager panel and the admin screens, so it lives in components/.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@shared/constants/enums';
import { Card } from '@/components/ui/Card';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { useFormat } from '@/lib/format';
import { refText } from '@/lib/reference';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';

export type CompanySubscription = RouterOutputs['subscriptions']['mine'];

export const SUBSCRIPTION_STATUS_TEXT: Record<SubscriptionStatus, MessageDescriptor> = {
  active: msg`Active`,
  expiring_soon: msg`Expiring soon`,
  expires_very_soon: msg`Expires very soon`,
  expired: msg`Expired`,
  inactive: msg`Inactive`,
};

export function SubscriptionBadge({ status }: { status: SubscriptionStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={`badge badge--sub-${status}`} data-testid="subscription-status">
      {i18n._(SUBSCRIPTION_STATUS_TEXT[status])}
    </span>
  );
}

/** What a one-line summary needs: the company's own view and the admin company list both have it. */
export interface SubscriptionLine {
  status: SubscriptionStatus;
  current: { plan_name: string; end_date: string } | null;
}

/** "Plan name · until 12 Mar 2026" or "No plan", for table cells and headers. */
export function SubscriptionSummary({ sub }: { sub: SubscriptionLine }) {
  const fmt = useFormat();
  const { i18n } = useLingui();
  const current = sub.current;
  return (
    <span className="sub-inline">
      <SubscriptionBadge status={sub.status} />
      {current ? (
        <span data-testid="subscription-end">
          <Trans>
            {refText(i18n, current.plan_name)}, until {fmt.day(current.end_date)}
          </Trans>
        </span>
      ) : (
        <span className="muted">
          <Trans>No plan</Trans>
        </span>
      )}
    </span>
  );
}

/** The signed-in company's plan (subscriptions.mine), as a card or a compact line. */
export function MySubscription({ compact = false }: { compact?: boolean }) {
  const trpc = useTRPC();
  const fmt = useFormat();
  const { i18n } = useLingui();
  const mine = useQuery(trpc.subscriptions.mine.queryOptions());
  if (mine.isPending)
    return compact ? null : (
      <Card title={<Trans>Subscription</Trans>}>
        <LoadingState />
      </Card>
    );
  if (mine.isError) {
    return compact ? null : (
      <Card title={<Trans>Subscription</Trans>}>
        <ErrorState onRetry={() => void mine.refetch()}>
          <p>
            <Trans>Your subscription could not be loaded.</Trans>
          </p>
        </ErrorState>
      </Card>
    );
  }
  const sub = mine.data;
  if (compact) return <SubscriptionSummary sub={sub} />;
  const current = sub.current;
  const next = sub.upcoming[0];
  return (
    <Card title={<Trans>Subscription</Trans>} className="card--spaced" data-testid="subscription-card">
      <div className="sub-card spread">
        <div>
          {current ? (
            <>
              <p className="sub-card__plan">{refText(i18n, current.plan_name)}</p>
              <p className="sub-card__dates" data-testid="subscription-end">
                <Trans>
                  From {fmt.day(current.activation_date)} until {fmt.day(current.end_date)}
                </Trans>
                {current.days_left !== null && sub.status !== 'expired' && sub.status !== 'inactive' ? (
                  <>
                    {' · '}
                    <Trans>{current.days_left} days left</Trans>
                  </>
                ) : null}
              </p>
            </>
          ) : (
            <p className="sub-card__plan">
              <Trans>Your company has no subscription plan yet.</Trans>
            </p>
          )}
          {next ? (
            <p className="sub-card__dates">
              <Trans>
                Next: {refText(i18n, next.plan_name)} from {fmt.day(next.activation_date)}
              </Trans>
            </p>
          ) : null}
          {sub.status === 'expired' || sub.status === 'inactive' || sub.status === 'expires_very_soon' ? (
            <p className="sub-card__dates">
              <Trans>Contact the platform administrator to renew or extend your plan.</Trans>
            </p>
          ) : null}
        </div>
        <SubscriptionBadge status={sub.status} />
      </div>
    </Card>
  );
}
