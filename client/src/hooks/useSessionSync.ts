import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { storedLanguage, activateLanguage, isLanguage, useLanguage } from '@/lib/i18n';
import { sessionStore, updateSession, useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';

/**
 * Refreshes user and company from auth.me whenever a session starts or the app loads with one, and applies
 * the user's saved language when this browser has no explicit choice.
 */
export function useSessionSync() {
  const trpc = useTRPC();
  const session = useSession();
  const lang = useLanguage();
  // A failed save (a dropped connection, a busy server) is tried again: else the user's saved language stays the old
  // one and the next browser without a choice opens in it.
  const saveLanguage = useMutation({ ...trpc.users.setLanguage.mutationOptions(), retry: 3 });
  const me = useQuery({ ...trpc.auth.me.queryOptions(), enabled: !!session, staleTime: 5 * 60_000 });

  useEffect(() => {
    if (!me.data || !session) return;
    updateSession({ user: me.data.user, company: me.data.company });
  }, [me.data]); // eslint-disable-line react-hooks/exhaustive-deps -- only when new data arrives

  const userLang = session?.user.language;
  useEffect(() => {
    if (!userLang || !isLanguage(userLang) || userLang === lang) return;
    const chosen = storedLanguage();
    // An explicit choice in this browser wins and is saved on the user; otherwise the user's language applies.
    if (chosen === null) void activateLanguage(userLang);
    else if (chosen !== userLang)
      saveLanguage.mutate(
        { language: chosen },
        {
          // The session as it is now: auth.me may have refreshed it while the save was on its way.
          onSuccess: () => {
            const now = sessionStore.get();
            if (now) updateSession({ user: { ...now.user, language: chosen } });
          },
        },
      );
  }, [userLang]); // eslint-disable-line react-hooks/exhaustive-deps -- react to the user's saved language only
}
