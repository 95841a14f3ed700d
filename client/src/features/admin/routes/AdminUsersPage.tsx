// /admin/users: every account, paged, by name, email or company; disable and re-enable (the
// account's sessions end at once and its login is refused), change a company user's role, grant the donations
// dashboard, create a password reset link. Every change leaves an audit entry (server side).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { COMPANY_ROLES } from '@shared/constants/enums';
import { RoleLabel } from '@/components/RoleLabel';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Checkbox, SelectField, TextField } from '@/components/ui/Field';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { ADMIN_PAGE_SIZE, AdminPagedRows } from '../components/AdminPagedList';
import { ResetLinkButton, ResetLinkDialog } from '../components/SubscriptionDialogs';
import { useAdminListFilters } from '../components/useAdminListFilters';

type Row = RouterOutputs['users']['admin']['list']['items'][number];
type Action = { kind: 'manage' | 'toggle' | 'reset'; user: Row };
const fullName = (u: { first_name: string; last_name: string | null }) => [u.first_name, u.last_name].filter(Boolean).join(' ');

export function AdminUsersPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const session = useSession();
  const { filters, setFilter, page, setPage, q } = useAdminListFilters({ q: '', role: '', status: '' });
  const { role, status } = filters;
  const list = useQuery({
    ...trpc.users.admin.list.queryOptions({
      page,
      size: ADMIN_PAGE_SIZE,
      search: q,
      role: (role || undefined) as never,
      status: (status || undefined) as never,
    }),
    placeholderData: keepPreviousData,
  });
  const [action, setAction] = useState<Action | null>(null);

  const renderAccount = (u: Row) => {
    const name = fullName(u);
    const self = u.id === session?.user.id;
    return (
      <li key={u.id} className="rows__item" data-testid="account-row">
        <span className="person">
          <Avatar imageUrl={u.image_url} first={u.first_name} last={u.last_name} size={40} />
          <span>
            <strong>{name}</strong>
            <br />
            <span className="muted rows__sub">{u.email}</span>
            {u.company ? (
              <>
                <br />
                <span className="rows__sub">{u.company.name}</span>
              </>
            ) : null}
          </span>
        </span>
        <span className="rows__facts">
          <span className="badge">
            <RoleLabel role={u.role} />
          </span>
          {u.disabled ? (
            <span className="badge badge--rejected" data-testid="status-disabled">
              <Trans>Disabled</Trans>
            </span>
          ) : (
            <span className="badge badge--accepted">
              <Trans>Active</Trans>
            </span>
          )}
          {u.donations_dashboard_access ? (
            <span className="badge badge--builtin">
              <Trans>Donations dashboard</Trans>
            </span>
          ) : null}
          <span className="muted">
            {u.last_login_at ? <Trans>Last login {fmt.dateTime(u.last_login_at)}</Trans> : <Trans>Never logged in</Trans>}
          </span>
        </span>
        <span className="row-actions rows__actions">
          <Button size="sm" variant="secondary" onClick={() => setAction({ kind: 'manage', user: u })} aria-label={t`Manage ${name}`}>
            <Trans>Manage</Trans>
          </Button>
          {self ? null : (
            <Button
              size="sm"
              variant={u.disabled ? 'secondary' : 'danger'}
              onClick={() => setAction({ kind: 'toggle', user: u })}
              aria-label={u.disabled ? t`Enable ${name}` : t`Disable ${name}`}
            >
              {u.disabled ? <Trans>Enable</Trans> : <Trans>Disable</Trans>}
            </Button>
          )}
          <ResetLinkButton label={t`Create a password reset link for ${name}`} onClick={() => setAction({ kind: 'reset', user: u })} />
        </span>
      </li>
    );
  };

  return (
    <>
      <PageHeader
        title={<Trans>User management</Trans>}
        description={<Trans>Every account on the marketplace: disable or enable it, change its role, grant the donations dashboard.</Trans>}
      />
      <Card>
        <div className="stack">
          <div className="toolbar">
            <TextField
              label={<Trans>Search by name, email or company</Trans>}
              type="search"
              value={filters.q}
              onChange={(e) => setFilter('q', e.target.value)}
              data-testid="user-search"
            />
            <SelectField label={<Trans>Role</Trans>} value={role} onChange={(e) => setFilter('role', e.target.value)}>
              <option value="">{t`All roles`}</option>
              <option value="MANAGER">{t`Manager`}</option>
              <option value="MEMBER">{t`Member`}</option>
              <option value="ADMIN">{t`Administrator`}</option>
            </SelectField>
            <SelectField label={<Trans>Status</Trans>} value={status} onChange={(e) => setFilter('status', e.target.value)}>
              <option value="">{t`All`}</option>
              <option value="active">{t`Active`}</option>
              <option value="disabled">{t`Disabled`}</option>
            </SelectField>
          </div>
          <AdminPagedRows
            list={list}
            error={<Trans>The accounts could not be loaded.</Trans>}
            caption={(data) => <Trans>Accounts ({data.total})</Trans>}
            empty={<Trans>No account matches.</Trans>}
            page={page}
            onPage={setPage}
          >
            {renderAccount}
          </AdminPagedRows>
        </div>
      </Card>
      {action?.kind === 'manage' ? <ManageDialog user={action.user} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'toggle' ? <ToggleDialog user={action.user} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'reset' ? <ResetLinkDialog user={action.user} onClose={() => setAction(null)} /> : null}
    </>
  );
}

function useUpdateAccount() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const update = useMutation(trpc.users.admin.update.mutationOptions());
  return {
    isPending: update.isPending,
    run: async (input: Parameters<typeof update.mutateAsync>[0]) => {
      const saved = await update.mutateAsync(input);
      await qc.invalidateQueries({ queryKey: trpc.users.pathKey() });
      return saved;
    },
  };
}

function ManageDialog({ user, onClose }: { user: Row; onClose: () => void }) {
  const { t } = useLingui();
  const update = useUpdateAccount();
  const [role, setRole] = useState(user.role);
  const [donations, setDonations] = useState(user.donations_dashboard_access);
  const companyUser = user.role !== 'ADMIN';
  const save = async () => {
    await update.run({
      id: user.id,
      donations_dashboard_access: donations,
      ...(companyUser && role !== user.role ? { role: role as 'MEMBER' | 'MANAGER' } : {}),
    });
    showSnackbar(msg`Account updated`);
    onClose();
  };
  const name = fullName(user);
  return (
    <ConfirmDialog
      title={<Trans>Manage {name}</Trans>}
      confirmLabel={<Trans>Save</Trans>}
      variant="primary"
      formTestId="manage-account"
      onConfirm={save}
      onClose={onClose}
      loading={update.isPending}
    >
      {companyUser ? (
        <SelectField
          label={<Trans>Role</Trans>}
          value={role}
          onChange={(e) => setRole(e.target.value as Row['role'])}
          hint={<Trans>A role change signs the user out everywhere.</Trans>}
        >
          {COMPANY_ROLES.map((r) => (
            <option key={r} value={r}>
              {r === 'MANAGER' ? t`Manager` : t`Member`}
            </option>
          ))}
        </SelectField>
      ) : (
        <p className="muted">
          <Trans>An administrator account keeps its role.</Trans>
        </p>
      )}
      <Checkbox label={<Trans>May open the donations dashboard</Trans>} checked={donations} onChange={(e) => setDonations(e.currentTarget.checked)} />
    </ConfirmDialog>
  );
}

function ToggleDialog({ user, onClose }: { user: Row; onClose: () => void }) {
  const update = useUpdateAccount();
  const disable = !user.disabled;
  const confirm = async () => {
    await update.run({ id: user.id, disabled: disable });
    showSnackbar(disable ? msg`Account disabled` : msg`Account enabled`);
    onClose();
  };
  const name = fullName(user);
  return (
    <ConfirmDialog
      title={disable ? <Trans>Disable {name}?</Trans> : <Trans>Enable {name}?</Trans>}
      confirmLabel={disable ? <Trans>Disable account</Trans> : <Trans>Enable account</Trans>}
      variant={disable ? 'danger' : 'primary'}
      testId="confirm-toggle-account"
      onConfirm={confirm}
      onClose={onClose}
      loading={update.isPending}
    >
      <p>
        {disable ? (
          <Trans>
            {name} is signed out everywhere at once and cannot log in until you enable the account again. Their company's data stays as it is.
          </Trans>
        ) : (
          <Trans>{name} can log in again with their password.</Trans>
        )}
      </p>
    </ConfirmDialog>
  );
}
