// /newsletter/unsubscribe/:token: the link in every digest. No login: the token is the permission. The address is
// shown masked and one click unsubscribes (not the page load, so a mail scanner opening the link changes nothing).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { FormError } from '@/components/ui/Field';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { errorText } from '@/lib/errors';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import '../newsletter.css';

export function UnsubscribePage({ params }: { params: Record<string, string> }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const token = params.token ?? '';
  const info = useQuery({ ...trpc.newsletter.unsubscribeInfo.queryOptions({ token }), retry: false });
  const unsubscribe = useMutation(trpc.newsletter.unsubscribe.mutationOptions());
  const onClick = async () => {
    try {
      const result = await unsubscribe.mutateAsync({ token });
      qc.setQueryData(trpc.newsletter.unsubscribeInfo.queryKey({ token }), result);
      showSnackbar(msg`You are unsubscribed`);
    } catch {
      /* shown below */
    }
  };
  const email = info.data?.email ?? '';
  return (
    <div className="newsletter-unsubscribe">
      <PageHeader title={<Trans>Weekly newsletter</Trans>} />
      <Card>
        {info.isPending ? (
          <LoadingState />
        ) : info.isError ? (
          <ErrorState title={<Trans>This unsubscribe link is not valid</Trans>}>
            <p>
              <Trans>Open the link from your latest digest, copied completely.</Trans>
            </p>
          </ErrorState>
        ) : info.data.subscribed ? (
          <div className="stack" data-testid="unsubscribe-ask">
            <p>
              <Trans>{email} receives the weekly digest of new listings. Unsubscribe this address?</Trans>
            </p>
            <FormError>{unsubscribe.isError ? errorText(i18n, unsubscribe.error) : null}</FormError>
            <div>
              <Button onClick={() => void onClick()} loading={unsubscribe.isPending} data-testid="unsubscribe">
                <Trans>Unsubscribe</Trans>
              </Button>
            </div>
          </div>
        ) : (
          <EmptyState icon="check" title={<Trans>You are unsubscribed</Trans>}>
            <p data-testid="unsubscribed">
              <Trans>{email} no longer receives the weekly newsletter. You can subscribe again in the footer of any page.</Trans>
            </p>
          </EmptyState>
        )}
      </Card>
    </div>
  );
}
