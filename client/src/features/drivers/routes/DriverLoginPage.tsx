import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { LIMITS } from '@shared/constants/limits';
import { driverLoginInput, type DriverLoginInput } from '@shared/schemas/auth';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { startDriverSession } from '@/lib/driverSession';
import { useFieldProps } from '@/hooks/useFieldProps';
import { errorText } from '@/lib/errors';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';

/** SPEC §5 driver login: email and phone validated before submit; failures in a 5 s snackbar. */
export function DriverLoginPage() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const login = useMutation(trpc.auth.driverLogin.mutationOptions());
  const form = useForm<DriverLoginInput>({ resolver: zodResolver(driverLoginInput), defaultValues: { email: '', phone: '' }, mode: 'onTouched' });
  const field = useFieldProps(form);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await login.mutateAsync(values);
      startDriverSession(result.token, result.driver);
    } catch (err) {
      showSnackbar(errorText(i18n, err, {}), { tone: 'error', duration: LIMITS.driverSnackbarMs });
    }
  });
  return (
    <div className="driver-login">
      <div className="driver-login__hero">
        <span className="driver-login__icon">
          <Icon name="truck" size={32} />
        </span>
        <h1 id="page-title" tabIndex={-1}>
          <Trans>Driver login</Trans>
        </h1>
        <p>
          <Trans>Sign in with the email and phone number your dispatcher registered for you.</Trans>
        </p>
      </div>
      <form className="form card driver-login__card" onSubmit={onSubmit} noValidate>
        <TextField label={<Trans>Email</Trans>} type="email" inputMode="email" autoComplete="email" required {...field('email')} />
        <TextField
          label={<Trans>Phone number</Trans>}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          hint={<Trans>8 to 15 digits; spaces, hyphens and + are fine.</Trans>}
          {...field('phone')}
        />
        <Button type="submit" size="lg" block loading={login.isPending}>
          <Trans>Log in</Trans>
        </Button>
      </form>
    </div>
  );
}
