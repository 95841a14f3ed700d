import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { resetPasswordForm } from '@shared/schemas/registration';
import { NewPasswordFields } from '@/components/forms/NewPasswordFields';
import { Button, ButtonLink } from '@/components/ui/Button';
import { FormError, TextField } from '@/components/ui/Field';
import { useFieldProps } from '@/hooks/useFieldProps';
import { errorText, getAppError } from '@/lib/errors';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { AuthCard } from '../components/AuthCard';

/** /reset-password/:resetToken: username and a new password twice (PRODUCT "Accounts and registration"). */
export function ResetPasswordPage({ params }: { params: Record<string, string> }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm(resetPasswordForm, {
    defaultValues: { token: params.resetToken ?? '', username: '', password: '', confirm_password: '' },
  });
  const { errors } = form.formState;
  const field = useFieldProps(form);

  const onSubmit = form.handleSubmit(async ({ token, username, password }) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ token, username, password });
      showSnackbar(msg`Your password has been changed. You can log in now.`);
      navigate('/login', { replace: true });
    } catch (err) {
      const info = getAppError(err);
      if (info.code === 'USERNAME_NOT_FOUND') form.setError('username', { message: i18n._(msg`Username does not exist.`) }, { shouldFocus: true });
      setFormError(info.code === 'INTERNAL' || info.code === 'PASSWORD_UPDATE_FAILED' ? i18n._(msg`Couldn't update password`) : errorText(i18n, err));
    }
  });

  return (
    <AuthCard
      title={<Trans>Reset password</Trans>}
      subtitle={<Trans>Choose a new password with the link your administrator sent you. Each link can be used once.</Trans>}
    >
      <form onSubmit={onSubmit} noValidate className="form">
        <FormError>{formError}</FormError>
        <TextField
          label={<Trans>Username</Trans>}
          autoComplete="username"
          required
          hint={<Trans>Usually your email address.</Trans>}
          {...field('username')}
        />
        <NewPasswordFields form={form} name="password" confirm="confirm_password" replacing />
        {errors.token ? <FormError>{i18n._(msg`This reset link is invalid or has expired.`)}</FormError> : null}
        <Button type="submit" block size="lg" loading={reset.isPending}>
          <Trans>Save the new password</Trans>
        </Button>
      </form>
      <ButtonLink href="/login" variant="ghost" block>
        <Trans>Back to login</Trans>
      </ButtonLink>
    </AuthCard>
  );
}
