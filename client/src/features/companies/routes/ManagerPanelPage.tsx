import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Card, PageHeader } from '@/components/ui/Card';
import { MySubscription } from '@/components/subscription/SubscriptionStatus';
import { ChunkBoundary } from '@/components/ui/ChunkBoundary';
import { EmptyState, LoadingState } from '@/components/ui/States';
import { Tabs } from '@/components/ui/Tabs';
import { lazyComponent } from '@/lib/lazy';

// The company form's code (react-hook-form, zod and the company schemas) loads with the Company tab only: the
// other tabs opened without it (their first load's main-thread time, decision 0260).
const CompanyEditor = lazyComponent(() => import('../components/CompanyEditor').then((m) => m.CompanyEditor));

type Tab = 'company' | 'offerings' | 'users' | 'donations' | 'integrations';
const TAB_PATHS: Record<Tab, string> = {
  company: '/account/manager-panel',
  offerings: '/account/manager-panel/offerings',
  users: '/account/manager-panel/user-management',
  donations: '/account/manager-panel/donations',
  integrations: '/account/manager-panel/integrations',
};

/**
 * Manager panel: one page, the route picks the initial tab (SPEC §2). Tab contents owned by other features
 * come in through `slots` (composed in app/pages.ts, since features do not import features).
 */
export function ManagerPanelPage({ tab, slots = {} }: { tab: Tab; slots?: Partial<Record<Tab, ReactNode>> }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const panels: Record<Tab, { title: ReactNode; body: ReactNode }> = {
    company: {
      title: <Trans>Company data and locations</Trans>,
      body: <Trans>Edit your company's details, contact phone and addresses. Exactly one address is the primary one.</Trans>,
    },
    offerings: {
      title: <Trans>Your offerings</Trans>,
      body: <Trans>Create, edit, archive and re-activate your company's listings, or upload many at once from a CSV file.</Trans>,
    },
    users: {
      title: <Trans>Company users</Trans>,
      body: <Trans>Add colleagues as managers or members, change their credentials or remove them.</Trans>,
    },
    donations: {
      title: <Trans>Your donations</Trans>,
      body: <Trans>Create and edit donations. An administrator approves each donation before it is published.</Trans>,
    },
    integrations: {
      title: <Trans>Integrations</Trans>,
      body: <Trans>API keys and webhooks connect your own systems to the marketplace.</Trans>,
    },
  };
  const panel = panels[tab];
  return (
    <>
      <PageHeader title={<Trans>Manager panel</Trans>} description={<Trans>Manage your company, its listings, users and donations.</Trans>} />
      <Card>
        <Tabs
          label={t`Manager panel sections`}
          selected={tab}
          onSelect={(id) => navigate(TAB_PATHS[id as Tab], { replace: true })}
          items={[
            { id: 'company', label: t`Company` },
            { id: 'offerings', label: t`Offerings` },
            { id: 'users', label: t`User management` },
            { id: 'donations', label: t`Donations` },
            { id: 'integrations', label: t`Integrations` },
          ]}
        >
          {tab === 'company' ? (
            <div className="card__header" data-testid="company-subscription">
              <h2 className="card__title">
                <Trans>Subscription</Trans>
              </h2>
              <MySubscription compact />
            </div>
          ) : null}
          {tab === 'company' ? (
            <ChunkBoundary fallback={<LoadingState />}>
              <CompanyEditor />
            </ChunkBoundary>
          ) : null}
          {tab === 'company'
            ? null
            : (slots[tab] ?? (
                <EmptyState icon="building" title={panel.title}>
                  <p>{panel.body}</p>
                </EmptyState>
              ))}
        </Tabs>
      </Card>
    </>
  );
}
