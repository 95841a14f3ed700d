import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ScreenShell } from '@/components/ScreenShell';
import type { IconName } from '@/components/ui/Icon';

export type AdminSection = 'users' | 'offerings' | 'companies' | 'statistics' | 'queries' | 'categories' | 'donations' | 'subscriptionPlans';

/** The admin screens other than the panel: layout and heading until the admin issue fills them. */
export function AdminSectionPage({ section }: { section: AdminSection }) {
  const sections: Record<AdminSection, { title: ReactNode; icon: IconName; empty: ReactNode; body: ReactNode }> = {
    users: {
      title: <Trans>User management</Trans>,
      icon: 'building',
      empty: <Trans>Users, drivers and vehicles</Trans>,
      body: <Trans>Company users, temporary accounts, logistics drivers and their vehicles, with one-time password reset links.</Trans>,
    },
    offerings: {
      title: <Trans>Offerings</Trans>,
      icon: 'boxes',
      empty: <Trans>All listings</Trans>,
      body: <Trans>Every offering on the platform, from every company, with its status.</Trans>,
    },
    companies: {
      title: <Trans>Companies</Trans>,
      icon: 'building',
      empty: <Trans>All companies</Trans>,
      body: <Trans>Every company with its status, onboarding date, parent company flag and subscription history.</Trans>,
    },
    statistics: {
      title: <Trans>Statistics</Trans>,
      icon: 'leaf',
      empty: <Trans>Platform statistics</Trans>,
      body: <Trans>Registrations over time, listings, synergies, CO2e avoided and recommendation clicks.</Trans>,
    },
    queries: {
      title: <Trans>Queries</Trans>,
      icon: 'mail',
      empty: <Trans>Help requests</Trans>,
      body: <Trans>Questions sent from the help page, to read and mark as answered.</Trans>,
    },
    categories: {
      title: <Trans>Categories</Trans>,
      icon: 'boxes',
      empty: <Trans>Material groups</Trans>,
      body: <Trans>Material groups and their first, second and third level subcategories.</Trans>,
    },
    donations: {
      title: <Trans>Donations</Trans>,
      icon: 'handshake',
      empty: <Trans>Donations to review</Trans>,
      body: <Trans>Approve donations with an approver name or deny them with a reason, and manage donation tags.</Trans>,
    },
    subscriptionPlans: {
      title: <Trans>Subscription plans</Trans>,
      icon: 'lock',
      empty: <Trans>Plans</Trans>,
      body: <Trans>Create, edit and retire subscription plans, including the initial and extension plans.</Trans>,
    },
  };
  const s = sections[section];
  return (
    <ScreenShell title={s.title} icon={s.icon} emptyTitle={s.empty}>
      <p>{s.body}</p>
    </ScreenShell>
  );
}
