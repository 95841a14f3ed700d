import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { LoginInput } from '@shared/schemas/auth';
import { Button } from '@/components/ui/Button';
import { Checkbox, FormError, TextField } from '@/components/ui/Field';
import { errorText, fieldErrorText } from '@/lib/errors';
import { applyServerErrors, lazyZodResolver } from '@/lib/forms';
import { startSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';

const loginResolver = lazyZodResolver<LoginInput>(() => import('@shared/schemas/auth').then((m) => m.loginInput));

/** Company login (with remember me) and administrator login share this form; the guard routes afterwards. */
export function LoginForm({ admin = false }: { admin?: boolean }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const login = useMutation(trpc.auth.login.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { username: '', password: '', remember_me: false } });
  const { errors } = form.formState;
  // The schema after the first render, so that a submit finds it (it is not part of the page's first load).
  useEffect(() => loginResolver.preload(), []);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await login.mutateAsync(values);
      if (admin && result.user.role !== 'ADMIN') {
        setFormError(i18n._(msg`This account is not an administrator account. Please use the company login.`));
        return;
      }
      startSession({ token: result.token, user: result.user, remember: values.remember_me ?? false });
      showSnackbar(msg`Logged in successfully`);
    } catch (err) {
      applyServerErrors(form, err);
      setFormError(errorText(i18n, err));
      form.setValue('password', '');
      form.setFocus('password');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="form" aria-describedby={formError ? 'login-error' : undefined}>
      <FormError>{formError ? <span id="login-error">{formError}</span> : null}</FormError>
      <TextField
        label={<Trans>Username or email</Trans>}
        autoComplete="username"
        required
        error={fieldErrorText(i18n, errors.username)}
        {...form.register('username')}
      />
      <TextField
        label={<Trans>Password</Trans>}
        type="password"
        autoComplete="current-password"
        required
        error={fieldErrorText(i18n, errors.password)}
        {...form.register('password')}
      />
      <div className="form__row">
        {!admin ? <Checkbox label={<Trans>Remember me</Trans>} {...form.register('remember_me')} /> : <span />}
        {!admin ? (
          <Link href="/forgot-password" className="text-link">
            <Trans>Forgot password?</Trans>
          </Link>
        ) : null}
      </div>
      <Button type="submit" block size="lg" loading={login.isPending}>
        <Trans>Log in</Trans>
      </Button>
    </form>
  );
}
