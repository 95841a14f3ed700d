// The manager panel's user-management tab (SPEC §2, §6 MANAGER): the company's users, paged and searchable;
// invite a colleague by e-mail as MANAGER or MEMBER (they choose their own name and password through the mailed
// link), see and revoke invitations, edit names, official role and role, change a colleague's login e-mail, remove
// a user (never oneself, never the last manager: the server says why). SPEC §8 messages on failure and success.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { COMPANY_ROLES } from '@shared/constants/enums';
import { z } from '@shared/schemas/_zod';
import { createInvitationFields } from '@shared/schemas/invitations';
import { setCredentialsForm, updateUserFields } from '@shared/schemas/users';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useFormSubmit } from '@/hooks/useFormSubmit';
import { RoleLabel } from '@/components/RoleLabel';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { FormError, SelectField, TextField } from '@/components/ui/Field';
import { PagedList } from '@/components/ui/PagedList';
import { Rows } from '@/components/ui/Rows';
import { to } from '@/config/paths';
import { useDebounced } from '@/hooks/useDebounced';
import { errorText, getAppError } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { useListFilters } from '@/hooks/useListFilters';

type Row = RouterOutputs['users']['list']['items'][number];
const PAGE_SIZE = 20;

type Action = { kind: 'add' } | { kind: 'edit' | 'credentials' | 'delete'; user: Row };

const fullName = (u: { first_name: string; last_name: string | null }) => [u.first_name, u.last_name].filter(Boolean).join(' ');

function useInvalidateUsers() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: trpc.users.pathKey() }), qc.invalidateQueries({ queryKey: trpc.companies.pathKey() })]);
}

export function UserManagement() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const session = useSession();
  const fmt = useFormat();
  const { filters, setFilter, page, setPage } = useListFilters({ search: '' });
  const query = useDebounced(filters.search.trim(), 300);
  const list = useQuery({
    ...trpc.users.list.queryOptions({ page, size: PAGE_SIZE, search: query || undefined }),
    placeholderData: keepPreviousData,
  });
  const [action, setAction] = useState<Action | null>(null);
  const me = session?.user.id;

  const renderUser = (u: Row) => {
    const name = fullName(u);
    return (
      <li key={u.id} className="rows__item" data-testid="user-row">
        <span className="person">
          <Avatar imageUrl={u.image_url} first={u.first_name} last={u.last_name} size={40} />
          <span>
            <Link href={to.user(u.id)} className="text-link">
              {name}
            </Link>
            {u.id === me ? (
              <span className="muted">
                {' '}
                <Trans>(you)</Trans>
              </span>
            ) : null}
            <br />
            <span className="muted rows__sub">{u.email}</span>
          </span>
        </span>
        <span className="rows__facts">
          <span className={`badge${u.role === 'MANAGER' ? ' badge--available' : ''}`}>
            <RoleLabel role={u.role} />
          </span>
          {u.disabled ? (
            <span className="badge badge--busy">
              <Trans>Disabled</Trans>
            </span>
          ) : null}
          {u.official_role ? <span>{u.official_role}</span> : null}
          <span className="muted">{u.last_login_at ? <Trans>Last login {fmt.date(u.last_login_at)}</Trans> : <Trans>Never logged in</Trans>}</span>
        </span>
        <span className="row-actions rows__actions">
          <Button size="sm" variant="secondary" onClick={() => setAction({ kind: 'edit', user: u })} aria-label={t`Edit ${name}`}>
            <Trans>Edit</Trans>
          </Button>
          {u.id !== me ? (
            <>
              <Button size="sm" variant="ghost" onClick={() => setAction({ kind: 'credentials', user: u })} aria-label={t`Credentials of ${name}`}>
                <Trans>Credentials</Trans>
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setAction({ kind: 'delete', user: u })} aria-label={t`Delete ${name}`}>
                <Trans>Delete</Trans>
              </Button>
            </>
          ) : null}
        </span>
      </li>
    );
  };
  return (
    <div className="stack" data-testid="user-management">
      <div className="toolbar">
        <TextField label={<Trans>Search users</Trans>} type="search" value={filters.search} onChange={(e) => setFilter('search', e.target.value)} />
        <span className="toolbar__spacer" />
        <Button onClick={() => setAction({ kind: 'add' })} data-testid="add-user">
          <Trans>Invite a colleague</Trans>
        </Button>
      </div>
      <PagedList list={list} error={<Trans>Your company's users could not be loaded.</Trans>} page={page} size={PAGE_SIZE} onPage={setPage}>
        {(data) => (
          <Rows
            level={3}
            caption={<Trans>Company users ({data.total})</Trans>}
            items={data.items}
            empty={query ? <Trans>No user matches your search.</Trans> : <Trans>No users yet.</Trans>}
          >
            {renderUser}
          </Rows>
        )}
      </PagedList>
      <Invitations />
      {action?.kind === 'add' ? <InviteDialog onClose={() => setAction(null)} /> : null}
      {action?.kind === 'edit' ? <EditUserDialog user={action.user} self={action.user.id === me} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'credentials' ? <CredentialsDialog user={action.user} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'delete' ? <DeleteUserDialog user={action.user} onClose={() => setAction(null)} /> : null}
    </div>
  );
}

/** The company's invitations: open ones can be revoked; accepted, revoked and expired ones stay listed. */
function Invitations() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const companyId = useSession()?.company?.id ?? 0;
  const list = useQuery({ ...trpc.invitations.list.queryOptions({ company_id: companyId }), enabled: companyId > 0 });
  const revoke = useMutation(trpc.invitations.revoke.mutationOptions());
  const onRevoke = async (id: number) => {
    try {
      await revoke.mutateAsync({ company_id: companyId, id });
      await qc.invalidateQueries({ queryKey: trpc.invitations.pathKey() });
      showSnackbar(msg`Invitation revoked`);
    } catch (err) {
      showSnackbar(errorText(i18n, err), { tone: 'error' });
    }
  };
  const items = list.data?.items ?? [];
  if (!items.length) return null;
  const STATUS = { pending: msg`Waiting`, accepted: msg`Accepted`, revoked: msg`Revoked`, expired: msg`Expired` } as const;
  return (
    <section data-testid="invitations">
      <h3 className="list-caption">
        <Trans>Invitations</Trans>
      </h3>
      <ul className="rows">
        {items.map((inv) => {
          const email = inv.email;
          return (
            <li key={inv.id} className="rows__item" data-testid="invitation-row">
              <span>
                {email}
                <br />
                <span className="muted rows__sub">
                  <Trans>
                    Sent {fmt.date(inv.created_at)}, valid until {fmt.date(inv.expires_at)}
                  </Trans>
                </span>
              </span>
              <span className="rows__facts">
                <span className="badge">
                  <RoleLabel role={inv.role} />
                </span>
                <span className={`badge${inv.status === 'pending' ? ' badge--available' : ''}`}>{i18n._(STATUS[inv.status])}</span>
              </span>
              <span className="row-actions rows__actions">
                {inv.status === 'pending' ? (
                  <Button size="sm" variant="ghost" onClick={() => void onRevoke(inv.id)} aria-label={t`Revoke the invitation of ${email}`}>
                    <Trans>Revoke</Trans>
                  </Button>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const companyId = useSession()?.company?.id ?? 0;
  const create = useMutation(trpc.invitations.create.mutationOptions());
  const [publicEmail, setPublicEmail] = useState(false);
  const form = useSchemaForm(createInvitationFields, {
    defaultValues: { email: '', role: 'MEMBER', public_email_acknowledged: false },
  });
  const e = form.formState.errors;
  const field = useFieldProps(form);
  const { onSubmit, formError } = useFormSubmit(form, async (values) => {
    const sent = await create.mutateAsync({ ...values, company_id: companyId });
    await qc.invalidateQueries({ queryKey: trpc.invitations.pathKey() });
    const email = sent.email;
    showSnackbar(msg`Invitation sent to ${email}`);
    onClose();
  });
  return (
    <Dialog open onClose={onClose} title={<Trans>Invite a colleague</Trans>} closeLabel={t`Close`}>
      <form className="form" onSubmit={onSubmit} noValidate data-testid="invite-form">
        <TextField label={<Trans>Email</Trans>} type="email" required autoComplete="off" data-autofocus {...field('email')} />
        <SelectField label={<Trans>Role</Trans>} required {...field('role')}>
          {COMPANY_ROLES.map((r) => (
            <option key={r} value={r}>
              {r === 'MANAGER' ? t`Manager` : t`Member`}
            </option>
          ))}
        </SelectField>
        {e.email?.message?.startsWith('registration.publicEmail') || publicEmail ? (
          <label className="checkbox">
            <input
              type="checkbox"
              {...form.register('public_email_acknowledged', {
                onChange: (ev: { target: { checked: boolean } }) => setPublicEmail(ev.target.checked),
              })}
            />
            <Trans>This colleague has no company address: invite this address anyway.</Trans>
          </label>
        ) : null}
        <p className="muted">
          <Trans>We e-mail them a link, valid for 7 days, where they choose their own name and password.</Trans>
        </p>
        <FormError>{formError}</FormError>
        <DialogActions onCancel={onClose} loading={create.isPending} testId="invite-submit">
          <Trans>Send invitation</Trans>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const editForm = updateUserFields.pick({ first_name: true, last_name: true, official_role: true, role: true });

function EditUserDialog({ user, self, onClose }: { user: Row; self: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const update = useMutation(trpc.users.update.mutationOptions());
  const invalidate = useInvalidateUsers();
  const form = useSchemaForm(editForm, {
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name ?? '',
      official_role: user.official_role ?? '',
      role: user.role as 'MEMBER',
    },
  });
  const field = useFieldProps(form);
  const { onSubmit, formError } = useFormSubmit(form, async (values) => {
    await update.mutateAsync({ id: user.id, ...values, ...(self ? { role: undefined } : {}) });
    await invalidate();
    showSnackbar(msg`User updated`);
    onClose();
  });
  const name = fullName(user);
  return (
    <Dialog open onClose={onClose} title={<Trans>Edit {name}</Trans>} closeLabel={t`Close`}>
      <form className="form" onSubmit={onSubmit} noValidate data-testid="edit-user-form">
        <div className="form-grid">
          <TextField label={<Trans>First name</Trans>} required data-autofocus {...field('first_name')} />
          <TextField label={<Trans>Last name</Trans>} {...field('last_name')} />
        </div>
        <TextField label={<Trans>Official role</Trans>} {...field('official_role')} />
        <SelectField
          label={<Trans>Role</Trans>}
          disabled={self}
          hint={self ? <Trans>You cannot change your own role.</Trans> : <Trans>A role change signs the user out everywhere.</Trans>}
          {...field('role')}
        >
          {COMPANY_ROLES.map((r) => (
            <option key={r} value={r}>
              {r === 'MANAGER' ? t`Manager` : t`Member`}
            </option>
          ))}
        </SelectField>
        <FormError>{formError}</FormError>
        <DialogActions onCancel={onClose} loading={update.isPending}>
          <Trans>Save</Trans>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type CredentialsIn = z.input<typeof setCredentialsForm>;

function CredentialsDialog({ user, onClose }: { user: Row; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const session = useSession();
  const set = useMutation(trpc.users.setCredentials.mutationOptions());
  const invalidate = useInvalidateUsers();
  const form = useSchemaForm(setCredentialsForm, {
    defaultValues: { email: '', my_password: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const field = useFieldProps(form);
  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await set.mutateAsync({
        id: user.id,
        company_id: session?.company?.id,
        user: { email: v.email },
        requestMadeByUser: { id: session?.user.id, password: v.my_password },
      });
      await invalidate();
      showSnackbar(msg`Credentials updated`);
      onClose();
    } catch (err) {
      // The server names the payload's nested fields; each goes on this form's field.
      const map: Record<string, keyof CredentialsIn> = {
        'user.email': 'email',
        'requestMadeByUser.password': 'my_password',
      };
      for (const [name, message] of Object.entries(getAppError(err).fields ?? {})) {
        const target = map[name];
        if (target) form.setError(target, { type: 'server', message }, { shouldFocus: true });
      }
      setFormError(errorText(i18n, err));
    }
  });
  const name = fullName(user);
  const email = user.email;
  return (
    <Dialog open onClose={onClose} title={<Trans>Credentials of {name}</Trans>} closeLabel={t`Close`}>
      <form className="form" onSubmit={onSubmit} noValidate data-testid="credentials-form">
        <p className="muted">
          <Trans>
            Now logs in as {email}. Fill in a new email; the user is signed out everywhere and logs in with it. Only the user sets their password.
          </Trans>
        </p>
        <TextField label={<Trans>New email</Trans>} type="email" autoComplete="off" data-autofocus {...field('email')} />
        <TextField
          label={<Trans>Your password</Trans>}
          type="password"
          required
          autoComplete="current-password"
          hint={<Trans>To confirm that it is you making this change.</Trans>}
          {...field('my_password')}
        />
        <FormError>{formError}</FormError>
        <DialogActions onCancel={onClose} loading={set.isPending}>
          <Trans>Update credentials</Trans>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeleteUserDialog({ user, onClose }: { user: Row; onClose: () => void }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const remove = useMutation(trpc.users.remove.mutationOptions());
  const invalidate = useInvalidateUsers();
  const confirm = async () => {
    await remove.mutateAsync({ id: user.id });
    await invalidate();
    showSnackbar(msg`User deleted successfully`);
    onClose();
  };
  const name = fullName(user);
  return (
    <ConfirmDialog
      title={<Trans>Delete {name}?</Trans>}
      confirmLabel={<Trans>Delete user</Trans>}
      onConfirm={confirm}
      onClose={onClose}
      testId="confirm-delete-user"
      errorMessage={(err) => `${i18n._(msg`Failed to deleted user`)}. ${errorText(i18n, err)}`}
    >
      <p>
        <Trans>{name} can no longer log in. Their listings, offers and messages stay with the company and show them as a former member.</Trans>
      </p>
    </ConfirmDialog>
  );
}
