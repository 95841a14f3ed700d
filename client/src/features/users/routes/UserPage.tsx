// The public user page (SPEC §2 /users/{id}): name, official role and role, company, about (GET api/users/{id}).
import { Fact } from '@/components/ui/Fact';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { RoleLabel } from '@/components/RoleLabel';
import { Avatar } from '@/components/ui/Avatar';
import { ButtonLink } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { to } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import '../users.css';
import { recordId, RecordNotFound, RecordView } from '@/components/ui/RecordNotFound';

type User = RouterOutputs['users']['get'];

export function UserPage({ params }: { params: Record<string, string> }) {
  const trpc = useTRPC();
  const { id, valid } = recordId(params.id);
  const user = useQuery(trpc.users.get.queryOptions({ id }, { enabled: valid }));
  return (
    <RecordView
      query={user}
      valid={valid}
      reason
      notFound={
        <RecordNotFound icon="info" title={<Trans>Person not found</Trans>}>
          <Trans>This person does not exist or is no longer on the marketplace.</Trans>
        </RecordNotFound>
      }
    >
      {(u) => <UserView u={u} />}
    </RecordView>
  );
}

function UserView({ u }: { u: User }) {
  const fmt = useFormat();
  const session = useSession();
  const name = [u.first_name, u.last_name].filter(Boolean).join(' ');
  const since = fmt.date(u.member_since);
  const self = session?.user.id === u.id;
  return (
    <>
      <PageHeader
        title={<Trans>User profile</Trans>}
        actions={self ? <ButtonLink href="/account/personal-info">{<Trans>Edit your profile</Trans>}</ButtonLink> : null}
      />
      <div className="stack">
        <Card>
          <div className="user-card" data-testid="user-card">
            <Avatar imageUrl={u.image_url} first={u.first_name} last={u.last_name} size={96} />
            <div>
              <h2 className="user-card__name">{name}</h2>
              <p className="user-card__role">
                {u.official_role ? <>{u.official_role} · </> : null}
                <RoleLabel role={u.role} />
                {u.company ? (
                  <>
                    {' · '}
                    <Link href={to.company(u.company.id)} className="text-link">
                      {u.company.name}
                    </Link>
                  </>
                ) : null}
              </p>
              <p className="muted">
                <Trans>On the marketplace since {since}</Trans>
              </p>
              {u.private && u.disabled ? (
                <p className="badge badge--busy">
                  <Trans>This account is disabled</Trans>
                </p>
              ) : null}
            </div>
          </div>
        </Card>
        <Card title={<Trans>About</Trans>}>
          {u.about_info ? (
            <p className="about-text">{u.about_info}</p>
          ) : (
            <p className="muted">
              <Trans>{name} has not written about themself yet.</Trans>
            </p>
          )}
          {u.private && u.business_email ? (
            <dl className="details">
              <Fact label={<Trans>Business email</Trans>}>
                <a className="text-link" href={`mailto:${u.business_email}`}>
                  {u.business_email}
                </a>
              </Fact>
            </dl>
          ) : null}
        </Card>
      </div>
    </>
  );
}
