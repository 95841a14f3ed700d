// The app's singletons: one QueryClient, one tRPC client, and what happens when a session ends.
import { msg } from '@lingui/core/macro';
import { navigate } from 'wouter/use-browser-location';
import { LIMITS } from '@shared/constants/limits';
import { endDriverSession } from '@/lib/driverSession';
import { SESSION_EXPIRED_TEXT } from '@/lib/errors';
import { endSession, onSessionEnd } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { createClient, createQueryClient } from '@/lib/trpc';

export const queryClient = createQueryClient();

/**
 * The central 401 handler (SPEC §4, §8): a call that carried a token and came back UNAUTHENTICATED or
 * SESSION_EXPIRED ends that session once; the route guard then sends the user to /login?redirect=….
 */
export const trpcClient = createClient((kind, token) => {
  if (kind === 'user') {
    endSession('expired', token);
    return;
  }
  if (endDriverSession(token)) {
    showSnackbar(msg`Your driver session has ended. Please log in again.`, { tone: 'error', duration: LIMITS.driverSnackbarMs });
    navigate('/driver/login', { replace: true });
  }
});

onSessionEnd((reason) => {
  queryClient.clear();
  if (reason === 'expired') showSnackbar(SESSION_EXPIRED_TEXT, { tone: 'error' });
});
