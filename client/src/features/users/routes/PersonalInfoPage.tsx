import { zodResolver } from '@hookform/resolvers/zod';
import { Fact } from '@/components/ui/Fact';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { LANGUAGES, type Language } from '@shared/constants/enums';
import type { z } from '@shared/schemas/_zod';
import { changePasswordForm, type ChangePasswordForm } from '@shared/schemas/auth';
import { updateUserFields } from '@shared/schemas/users';
import { NewPasswordFields } from '@/components/forms/NewPasswordFields';
import { CurrencySelect } from '@/components/forms/CompanyFields';
import { AboutField } from '@/components/forms/AboutField';
import { SaveRow } from '@/components/forms/FormSection';
import { ImagePicker, useImageChange } from '@/components/forms/ImagePicker';
import { RoleLabel } from '@/components/RoleLabel';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { FormError, SelectField, TextField } from '@/components/ui/Field';
import { isSettled } from '@/components/ui/QueryView';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { useChangeLanguage } from '@/hooks/useChangeLanguage';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useFormSubmit } from '@/hooks/useFormSubmit';
import { errorText } from '@/lib/errors';
import { applyServerErrors, textFields } from '@/lib/forms';
import { replaceToken, updateSession, useSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { useConfig } from '@/hooks/useConfig';
import { useLogout } from '@/hooks/useLogout';
import type { RouterOutputs } from '@/lib/types';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { EmailPreferencesCard } from '../components/EmailPreferencesCard';

/** Personal info (SPEC §2): the profile form, the password change (SPEC §8 messages), email preferences and sessions. */
export function PersonalInfoPage() {
  const session = useSession();
  if (!session) return null;
  return <PersonalInfo userId={session.user.id} />;
}

function PersonalInfo({ userId }: { userId: number }) {
  const trpc = useTRPC();
  // The other cards show once the profile has loaded or failed: on a phone they stand below its form and would jump
  // down when it replaces its loading state (a layout shift of 0.40 measured). The same query as the profile card's.
  const me = useQuery(trpc.users.get.queryOptions({ id: userId }));
  return (
    <>
      <PageHeader title={<Trans>Personal info</Trans>} description={<Trans>Your profile, your password and the emails you receive.</Trans>} />
      <div className="grid grid--2">
        <ProfileCard userId={userId} />
        {isSettled(me) ? (
          <div className="stack">
            <ChangePasswordCard />
            <EmailPreferencesCard />
            <SessionsCard />
          </div>
        ) : null}
      </div>
    </>
  );
}

const profileForm = updateUserFields.pick({
  first_name: true,
  last_name: true,
  business_email: true,
  official_role: true,
  about_info: true,
  preferred_currency: true,
  language: true,
});
type ProfileIn = z.input<typeof profileForm>;
type Me = Extract<RouterOutputs['users']['get'], { private: true }>;

const profileDefaults = (u: Me): ProfileIn => ({
  first_name: u.first_name,
  ...textFields(u, ['last_name', 'business_email', 'official_role', 'about_info', 'preferred_currency']),
  language: u.language,
});

/** The own profile: names, business email, official role, about (250), picture (1 MB), currency and language. */
function ProfileCard({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const me = useQuery(trpc.users.get.queryOptions({ id: userId }));
  let body: ReactNode;
  if (me.isPending) body = <LoadingState />;
  else if (me.isError || !me.data.private)
    body = (
      <ErrorState onRetry={() => void me.refetch()}>
        <p>
          <Trans>Your profile could not be loaded.</Trans>
        </p>
      </ErrorState>
    );
  else body = <ProfileForm me={me.data} />;
  return <Card title={<Trans>Profile</Trans>}>{body}</Card>;
}

function ProfileForm({ me }: { me: Me }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const session = useSession();
  const changeLanguage = useChangeLanguage();
  const update = useMutation(trpc.users.update.mutationOptions());
  const image = useImageChange();
  const form = useSchemaForm(profileForm, { mode: 'onTouched', defaultValues: profileDefaults(me) });
  const field = useFieldProps(form);

  const { onSubmit, formError } = useFormSubmit(form, async (values) => {
    image.clearError();
    const saved = await update.mutateAsync({ id: me.id, ...values, ...image.payload }).catch((err: unknown) => {
      image.refused(err);
      throw err;
    });
    qc.setQueryData(trpc.users.get.queryKey({ id: me.id }), saved);
    if (saved.private) form.reset(profileDefaults(saved));
    image.saved();
    if (session) {
      updateSession({
        user: {
          ...session.user,
          first_name: saved.first_name,
          last_name: saved.last_name,
          official_role: saved.official_role,
          image_url: saved.image_url,
          language: saved.private ? saved.language : session.user.language,
        },
      });
    }
    if (saved.private && saved.language !== i18n.locale) await changeLanguage(saved.language);
    showSnackbar(msg`Profile saved`);
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="profile-form">
      <ImagePicker
        label={<Trans>Picture</Trans>}
        currentUrl={me.image_url}
        {...image.picker}
        placeholder={<Avatar first={me.first_name} last={me.last_name} fallback={me.username} size={72} />}
        testId="profile-picture"
      />
      <div className="form-grid">
        <TextField label={<Trans>First name</Trans>} required autoComplete="given-name" {...field('first_name')} />
        <TextField label={<Trans>Last name</Trans>} autoComplete="family-name" {...field('last_name')} />
      </div>
      <TextField
        label={<Trans>Business email</Trans>}
        type="email"
        autoComplete="email"
        hint={<Trans>Shown to your colleagues. You log in with {me.email}.</Trans>}
        {...field('business_email')}
      />
      <TextField label={<Trans>Official role</Trans>} autoComplete="organization-title" {...field('official_role')} />
      <AboutField
        label={<Trans>About you</Trans>}
        hint={<Trans>Shown on your public page.</Trans>}
        control={form.control}
        field={field('about_info')}
      />
      <div className="form-grid">
        <CurrencySelect stored={me.preferred_currency} {...field('preferred_currency')} />
        <SelectField label={<Trans>Language</Trans>} {...field('language')}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </SelectField>
      </div>
      <dl className="details">
        <Fact label={<Trans>Username</Trans>}>{me.username}</Fact>
        <Fact label={<Trans>Account role</Trans>}>
          <RoleLabel role={me.role} />
          {me.account_role ? ` (${me.account_role})` : null}
        </Fact>
        {me.company ? <Fact label={<Trans>Company</Trans>}>{me.company.name}</Fact> : null}
      </dl>
      <SaveRow error={formError} busy={update.isPending} testId="save-profile">
        <Trans>Save profile</Trans>
      </SaveRow>
    </form>
  );
}

/** Language names are written in their own language, as users look for them. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', dk: 'Dansk', my: 'Bahasa Melayu' };

function ChangePasswordCard() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const field = useFieldProps(form);
  const onSubmit = form.handleSubmit(async ({ current_password, new_password }) => {
    setFormError(null);
    try {
      const { token } = await change.mutateAsync({ current_password, new_password });
      // Other sessions end; this one goes on with the new token.
      replaceToken(token);
      form.reset();
      showSnackbar(msg`Password updated`);
    } catch (err) {
      applyServerErrors(form, err);
      // SPEC §8: 'Could not update password' unless the server says more precisely why.
      setFormError(
        errorText(i18n, err, {
          INTERNAL: msg`Could not update password`,
          BAD_REQUEST: msg`Could not update password`,
          VALIDATION: msg`Could not update password`,
          INVALID_CREDENTIALS: msg`Could not update password: the current password is not correct.`,
        }),
      );
    }
  });
  return (
    <Card title={<Trans>Change password</Trans>}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormError>{formError}</FormError>
        <TextField label={<Trans>Current password</Trans>} type="password" autoComplete="current-password" required {...field('current_password')} />
        <NewPasswordFields form={form} name="new_password" confirm="confirm_password" replacing />
        <Button type="submit" loading={change.isPending}>
          <Trans>Update password</Trans>
        </Button>
      </form>
    </Card>
  );
}

/** Logout everywhere: every device's session ends on the server and their open pages sign out (hidden in demo mode, like logout). */
function SessionsCard() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const config = useConfig();
  const logout = useLogout();
  const end = useMutation(trpc.auth.logoutEverywhere.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  if (config.data?.demo_mode !== false) return null;
  const onClick = async () => {
    setError(null);
    try {
      await end.mutateAsync();
      logout();
    } catch (err) {
      setError(errorText(i18n, err, {}));
    }
  };
  return (
    <Card title={<Trans>Sessions</Trans>}>
      <p className="muted">
        <Trans>Signed in on a shared or lost device? Log out everywhere: every session of your account ends at once, this one too.</Trans>
      </p>
      <FormError>{error}</FormError>
      <Button variant="secondary" loading={end.isPending} onClick={() => void onClick()} data-testid="logout-everywhere">
        <Trans>Log out everywhere</Trans>
      </Button>
    </Card>
  );
}
