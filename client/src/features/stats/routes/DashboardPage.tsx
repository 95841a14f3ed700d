import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/ui/Card';
import { Icon, type IconName } from '@/components/ui/Icon';
import { MySubscription } from '@/components/subscription/SubscriptionStatus';
import { useSession } from '@/lib/session';
import { ImpactSection } from '../components/ImpactSection';
import '../stats.css';

function Shortcut({ href, icon, title, children }: { href: string; icon: IconName; title: ReactNode; children: ReactNode }) {
  return (
    <Link href={href} className="shortcut">
      <span className="icon-tile shortcut__icon">
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

/** Company dashboard: greeting, shortcuts, subscription and the company's impact month by month. */
export function DashboardPage() {
  const session = useSession();
  const name = session?.user.first_name || session?.user.username || '';
  const company = session?.company?.name;
  return (
    <>
      <PageHeader
        title={<Trans>Dashboard</Trans>}
        description={
          company ? (
            <Trans>
              Welcome back, {name}. Here is how {company} is doing.
            </Trans>
          ) : (
            <Trans>Welcome back, {name}.</Trans>
          )
        }
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
      {session?.company ? <ImpactSection companyId={session.company.id} /> : null}
    </>
  );
}
