// A new password and its repeat, as the registration, an invitation's acceptance, a password reset and the profile
// ask for it: at least 8 characters, typed twice, offered to the browser's password manager as a new password.
import { Trans, useLingui } from '@lingui/react/macro';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/Field';
import { fieldErrorText } from '@/lib/errors';

export function NewPasswordFields<T extends FieldValues>({
  form,
  name,
  confirm,
  replacing = false,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  name: Path<T>;
  confirm: Path<T>;
  /** A password that replaces one the account has: labelled "New password". */
  replacing?: boolean;
}) {
  const { i18n } = useLingui();
  const errors = form.formState.errors;
  return (
    <>
      <TextField
        label={replacing ? <Trans>New password</Trans> : <Trans>Password</Trans>}
        type="password"
        autoComplete="new-password"
        required
        hint={<Trans>At least 8 characters.</Trans>}
        error={fieldErrorText(i18n, get(errors, name))}
        {...form.register(name)}
      />
      <TextField
        label={replacing ? <Trans>Repeat the new password</Trans> : <Trans>Repeat the password</Trans>}
        type="password"
        autoComplete="new-password"
        required
        error={fieldErrorText(i18n, get(errors, confirm))}
        {...form.register(confirm)}
      />
    </>
  );
}
