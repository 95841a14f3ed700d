import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, PageHeader } from '@/components/ui/Card';
import { Icon, type IconName } from '@/components/ui/Icon';
import { MySubscription } from '@/components/subscription/SubscriptionStatus';
import { EmptyState } from '@/components/ui/States';
import { useSession } from '@/lib/session';

function Shortcut({ href, icon, title, children }: { href: string; icon: IconName; title: ReactNode; children: ReactNode }) {
  return (
    <Link href={href} className="shortcut">
      <span className="shortcut__icon">
        <Icon name={icon} />
      </span>
      <span>
        <span className="shortcut__title">{title}</span>
        <span className="shortcut__text">{children}</span>
      </span>
      <Icon name="chevron" className="shortcut__chevron" />
    </Link>
  );
}

/** Company dashboard: greeting and shortcuts now; the impact statistics come with the stats issue. */
export function DashboardPage() {
  const session = useSession();
  const name = session?.user.first_name || session?.user.username || '';
  const company = session?.company?.name;
  return (
    <>
      <PageHeader
        title={<Trans>Dashboard</Trans>}
        description={company ? <Trans>Welcome back, {name}. Here is how {company} is doing.</Trans> : <Trans>Welcome back, {name}.</Trans>}
      />
      <div className="shortcuts">
        <Shortcut href="/database" icon="boxes" title={<Trans>Database</Trans>}>
          <Trans>Find materials near you</Trans>
        </Shortcut>
        <Shortcut href="/synergies" icon="cycle" title={<Trans>Synergies</Trans>}>
          <Trans>Follow your exchanges</Trans>
        </Shortcut>
        <Shortcut href="/messages" icon="chat" title={<Trans>Messages</Trans>}>
          <Trans>Talk to your partners</Trans>
        </Shortcut>
      </div>
      <MySubscription />
      <Card title={<Trans>Your impact</Trans>}>
        <EmptyState icon="leaf" title={<Trans>Impact over the last four months</Trans>}>
          <p>
            <Trans>Kilograms kept out of landfill, knowledge hours exchanged, completed synergies, CO2e avoided, money saved and revenue made, month by month.</Trans>
          </p>
        </EmptyState>
      </Card>
    </>
  );
}
