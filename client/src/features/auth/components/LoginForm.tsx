import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { LoginInput } from '@shared/schemas/auth';
import { Button } from '@/components/ui/Button';
import { Checkbox, FormError, TextField } from '@/components/ui/Field';
import { errorText, fieldErrorText, getAppError } from '@/lib/errors';
import { lazySchema } from '@/lib/forms';
import { startSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';

// The shared schema, fetched once the form has rendered (decision 0137: no zod or react-hook-form in the first
// load of /login). Validated on submit, then on every change, as react-hook-form does by default.
const loginSchema = lazySchema(() => import('@shared/schemas/auth').then((m) => m.loginInput));

/** Company login (with remember me) and administrator login share this form; the guard routes afterwards. */
export function LoginForm({ admin = false }: { admin?: boolean }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const login = useMutation(trpc.auth.login.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const [values, setValues] = useState<LoginInput>({ username: '', password: '', remember_me: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submitted = useRef(false);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useEffect(() => loginSchema.preload(), []);

  const change = (field: keyof LoginInput) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: field === 'remember_me' ? event.target.checked : event.target.value };
    setValues(next);
    if (submitted.current)
      loginSchema.validate(next).then(
        (result) => setErrors(result.ok ? {} : result.errors),
        () => undefined,
      );
  };
  const fieldError = (field: keyof LoginInput) => fieldErrorText(i18n, errors[field] ? { message: errors[field] } : undefined);
  /** What a text field of this form is bound to: its value, its change and its error. */
  const textInput = (field: 'username' | 'password') => ({ name: field, value: values[field], onChange: change(field), error: fieldError(field) });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    setFormError(null);
    let result: Awaited<ReturnType<typeof loginSchema.validate>>;
    try {
      result = await loginSchema.validate(values);
    } catch (err) {
      setFormError(errorText(i18n, err));
      return;
    }
    if (!result.ok) {
      setErrors(result.errors);
      (result.errors.username ? usernameInput : passwordInput).current?.focus();
      return;
    }
    setErrors({});
    try {
      const answer = await login.mutateAsync(result.data);
      if (admin && answer.user.role !== 'ADMIN') {
        setFormError(i18n._(msg`This account is not an administrator account. Please use the company login.`));
        return;
      }
      startSession({ token: answer.token, user: answer.user, remember: result.data.remember_me ?? false });
      showSnackbar(msg`Logged in successfully`);
    } catch (err) {
      // The server's field errors on their fields, as applyServerErrors does for react-hook-form forms.
      setErrors(getAppError(err).fields ?? {});
      setFormError(errorText(i18n, err));
      setValues((v) => ({ ...v, password: '' }));
      passwordInput.current?.focus();
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="form" aria-describedby={formError ? 'login-error' : undefined}>
      <FormError>{formError ? <span id="login-error">{formError}</span> : null}</FormError>
      <TextField label={<Trans>Username or email</Trans>} autoComplete="username" required ref={usernameInput} {...textInput('username')} />
      <TextField
        label={<Trans>Password</Trans>}
        type="password"
        autoComplete="current-password"
        required
        ref={passwordInput}
        {...textInput('password')}
      />
      <div className="form__row spread">
        {!admin ? (
          <Checkbox label={<Trans>Remember me</Trans>} name="remember_me" checked={values.remember_me ?? false} onChange={change('remember_me')} />
        ) : (
          <span />
        )}
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
