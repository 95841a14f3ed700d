import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerFrame } from '@shared/ws-events';
import { RealtimeConnection } from '@/lib/realtime';
import { dispatchRealtime, dispatchReconnect } from '@/lib/realtime-events';
import { getToken, useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';

type Counters = { unseen_notifications: number; unread_messages: number; pending_offers: number };

const isCompanyRole = (role?: string) => role === 'MEMBER' || role === 'MANAGER';

/** Unread-message and unseen-notification counters for the bar dots. */
export function useCounters() {
  const trpc = useTRPC();
  const session = useSession();
  return useQuery({ ...trpc.notifications.counters.queryOptions(), enabled: isCompanyRole(session?.user.role), staleTime: Infinity });
}

/**
 * Keeps one WebSocket open while a company user or an administrator is signed in: counters are fetched again each time it opens and
 * then follow the server's frames (each notification arrives with its unseen counter). Every frame is also
 * dispatched to screens that follow it (hooks/useRealtime.ts). Closed on logout.
 */
export function useRealtimeCounters() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useSession();
  // Administrators follow live events too (drivers' positions and trips on the admin trip screens).
  const token = session && (isCompanyRole(session.user.role) || session.user.role === 'ADMIN') ? session.token : null;
  const role = session?.user.role;

  useEffect(() => {
    if (!token) return;
    const key = trpc.notifications.counters.queryKey();
    const patch = (p: Partial<Counters>) => queryClient.setQueryData(key, (old: Counters | undefined) => (old ? { ...old, ...p } : old));
    const companyUser = isCompanyRole(role);
    const conn: RealtimeConnection = new RealtimeConnection(
      token,
      (frame: ServerFrame) => {
        switch (frame.event) {
          case 'newMessagesNumber':
            patch({ unread_messages: frame.data.count });
            break;
          case 'notificationsUnseen':
            patch({ unseen_notifications: frame.data.count });
            break;
          case 'pendingOffersNumber':
            patch({ pending_offers: frame.data.count });
            break;
          default:
            break;
        }
        // Every frame also reaches the screens that follow it (lib/realtime-events.ts).
        dispatchRealtime(frame);
      },
      () => {
        // SPEC §7: on every (re)connect the client asks for its unread-message counter and its notification
        // list; the answers (newMessagesNumber, listNotifications) replace what a lost socket may have missed.
        if (companyUser) {
          conn.send('newMessagesNumber', {});
          conn.send('listNotifications', { page: 0 });
        }
        // Frames sent before this socket opened are lost: after a reconnect, and also on the first open, since
        // the counters and the screens already on the page fetched before it (a page load fetches and connects at
        // once). So every open fetches again what is on the page.
        void queryClient.invalidateQueries({ queryKey: key });
        dispatchReconnect();
      },
      // The session ended on the server: asking again gets the 401 that signs this tab out (lib/trpc.ts),
      // unless this tab received a new token meanwhile (its own password change ends the old token too).
      () => {
        setTimeout(() => {
          if (getToken() === token) void queryClient.invalidateQueries({ queryKey: key });
        }, 2000);
      },
    );
    return () => conn.close();
  }, [token, role, trpc, queryClient]);
}
