// /invitation/:token: a colleague invited by a manager sees the company, e-mail and role, chooses their own name
// and password, and is signed in (the guard then takes them to their dashboard). A used, revoked or expired link
// says which, in the reader's language.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { acceptInvitationForm } from '@shared/schemas/invitations';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useFormSubmit } from '@/hooks/useFormSubmit';
import { NewPasswordFields } from '@/components/forms/NewPasswordFields';
import { RoleLabel } from '@/components/RoleLabel';
import { Button, ButtonLink } from '@/components/ui/Button';
import { FormError, TextField } from '@/components/ui/Field';
import { LoadingState } from '@/components/ui/States';
import { errorText } from '@/lib/errors';
import { startSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { AuthCard } from '../components/AuthCard';

export function InvitationPage({ params }: { params: Record<string, string> }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const token = params.token ?? '';
  const invitation = useQuery({ ...trpc.invitations.get.queryOptions({ token }), retry: false });
  const accept = useMutation(trpc.invitations.accept.mutationOptions());
  const form = useSchemaForm(acceptInvitationForm, {
    defaultValues: { first_name: '', last_name: '', password: '', confirm_password: '' },
  });
  const field = useFieldProps(form);

  const { onSubmit, formError } = useFormSubmit(form, async ({ confirm_password: _c, ...values }) => {
    const session = await accept.mutateAsync({ token, ...values });
    startSession({ token: session.token, user: session.user, remember: false });
    showSnackbar(msg`Welcome! You have joined your company.`);
  });

  if (invitation.isPending) return <LoadingState />;
  if (invitation.isError || !invitation.data) {
    return (
      <AuthCard title={<Trans>This invitation cannot be used</Trans>}>
        <p role="alert" data-testid="invitation-gone">
          {errorText(i18n, invitation.error)}
        </p>
        <ButtonLink href="/login" variant="ghost" block>
          <Trans>Go to login</Trans>
        </ButtonLink>
      </AuthCard>
    );
  }
  const { company, email, role } = invitation.data;
  const companyName = company.name;
  return (
    <AuthCard
      title={<Trans>Join {companyName}</Trans>}
      subtitle={
        <Trans>
          You were invited as <RoleLabel role={role} /> with the address {email}. Choose your name and a password to finish.
        </Trans>
      }
    >
      <form onSubmit={onSubmit} noValidate className="form" data-testid="invitation-form">
        <FormError>{formError}</FormError>
        <TextField label={<Trans>First name</Trans>} autoComplete="given-name" required {...field('first_name')} />
        <TextField label={<Trans>Last name</Trans>} autoComplete="family-name" required {...field('last_name')} />
        <NewPasswordFields form={form} name="password" confirm="confirm_password" />
        <Button type="submit" block size="lg" loading={accept.isPending} data-testid="invitation-submit">
          <Trans>Join {companyName}</Trans>
        </Button>
      </form>
    </AuthCard>
  );
}
