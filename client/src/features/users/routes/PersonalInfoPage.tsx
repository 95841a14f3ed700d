import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordForm, type ChangePasswordForm } from '@shared/schemas/auth';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { FormError, TextField } from '@/components/ui/Field';
import { errorText, fieldErrorText, getAppError } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';

function RoleLabel({ role }: { role: string }) {
  if (role === 'MANAGER') return <Trans>Manager</Trans>;
  if (role === 'ADMIN') return <Trans>Administrator</Trans>;
  return <Trans>Member</Trans>;
}

/** Profile (read-only here; editing comes with the users issue) and the password change (SPEC §8 messages). */
export function PersonalInfoPage() {
  const session = useSession();
  if (!session) return null;
  const { user, company } = session;
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  return (
    <>
      <PageHeader title={<Trans>Personal info</Trans>} description={<Trans>Your profile and your password.</Trans>} />
      <div className="grid grid--2">
        <Card title={<Trans>Profile</Trans>}>
          <div className="profile">
            <Avatar imageUrl={user.image_url} first={user.first_name} last={user.last_name} fallback={user.username} size={64} />
            <div>
              <p className="profile__name">{fullName}</p>
              {user.official_role ? <p className="muted">{user.official_role}</p> : null}
            </div>
          </div>
          <dl className="details">
            <div>
              <dt>
                <Trans>Username</Trans>
              </dt>
              <dd>{user.username}</dd>
            </div>
            <div>
              <dt>
                <Trans>Email</Trans>
              </dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>
                <Trans>Account role</Trans>
              </dt>
              <dd>
                <RoleLabel role={user.role} />
              </dd>
            </div>
            {company ? (
              <div>
                <dt>
                  <Trans>Company</Trans>
                </dt>
                <dd>{company.name}</dd>
              </div>
            ) : null}
          </dl>
        </Card>
        <ChangePasswordCard />
      </div>
    </>
  );
}

function ChangePasswordCard() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ current_password, new_password }) => {
    setFormError(null);
    try {
      await change.mutateAsync({ current_password, new_password });
      form.reset();
      showSnackbar(msg`Password updated`);
    } catch (err) {
      const info = getAppError(err);
      if (info.fields) {
        for (const [field, message] of Object.entries(info.fields)) {
          if (field === 'current_password' || field === 'new_password') form.setError(field, { message });
        }
      }
      // SPEC §8: 'Could not update password' unless the server says more precisely why.
      setFormError(errorText(i18n, err, { INTERNAL: msg`Could not update password`, BAD_REQUEST: msg`Could not update password`, VALIDATION: msg`Could not update password`, INVALID_CREDENTIALS: msg`Could not update password: the current password is not correct.` }));
    }
  });
  return (
    <Card title={<Trans>Change password</Trans>}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormError>{formError}</FormError>
        <TextField label={<Trans>Current password</Trans>} type="password" autoComplete="current-password" required error={fieldErrorText(i18n, errors.current_password)} {...form.register('current_password')} />
        <TextField
          label={<Trans>New password</Trans>}
          type="password"
          autoComplete="new-password"
          required
          hint={<Trans>At least 8 characters.</Trans>}
          error={fieldErrorText(i18n, errors.new_password)}
          {...form.register('new_password')}
        />
        <TextField label={<Trans>Repeat new password</Trans>} type="password" autoComplete="new-password" required error={fieldErrorText(i18n, errors.confirm_password)} {...form.register('confirm_password')} />
        <Button type="submit" loading={change.isPending}>
          <Trans>Update password</Trans>
        </Button>
      </form>
    </Card>
  );
}
