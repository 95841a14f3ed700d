// Which mails the user receives besides in-app notifications (users.emailPreferences / setEmailPreferences).
// Each switch saves on change; a refusal puts it back and says why.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Field';
import { QueryView } from '@/components/ui/QueryView';
import { errorText } from '@/lib/errors';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';

type Preferences = { email_notifications_new_listings: boolean; email_notifications_activity: boolean };
type Field = keyof Preferences;

export function EmailPreferencesCard() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.users.emailPreferences.queryKey();
  const prefs = useQuery(trpc.users.emailPreferences.queryOptions());
  const save = useMutation(trpc.users.setEmailPreferences.mutationOptions());

  const change = async (field: Field, value: boolean) => {
    // Shown at once; put back if the server refuses.
    queryClient.setQueryData<Preferences>(key, (old) => (old ? { ...old, [field]: value } : old));
    try {
      const saved = await save.mutateAsync({ [field]: value });
      queryClient.setQueryData<Preferences>(key, saved);
      showSnackbar(msg`Email preferences saved`);
    } catch (err) {
      queryClient.setQueryData<Preferences>(key, (old) => (old ? { ...old, [field]: !value } : old));
      const reason = errorText(i18n, err);
      showSnackbar(msg`Could not save email preferences: ${reason}`, { tone: 'error' });
    }
  };

  return (
    <Card title={<Trans>Email notifications</Trans>}>
      <QueryView query={prefs} reason errorTitle={<Trans>Email preferences could not be loaded</Trans>}>
        {(data) => (
          <div className="switches" data-testid="email-preferences">
            <Checkbox
              role="switch"
              className="switch"
              label={<Trans>Email me about new listings that match my company</Trans>}
              checked={data.email_notifications_new_listings}
              aria-busy={save.isPending || undefined}
              onChange={(e) => void change('email_notifications_new_listings', e.currentTarget.checked)}
            />
            <Checkbox
              role="switch"
              className="switch"
              label={<Trans>Email me about offers, synergies and messages</Trans>}
              checked={data.email_notifications_activity}
              aria-busy={save.isPending || undefined}
              onChange={(e) => void change('email_notifications_activity', e.currentTarget.checked)}
            />
          </div>
        )}
      </QueryView>
    </Card>
  );
}
