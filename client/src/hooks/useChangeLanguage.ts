import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Language } from '@shared/constants/enums';
import { activateLanguage } from '@/lib/i18n';
import { sessionStore, updateSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';

/** Switches the UI language, remembers it in this browser and, when signed in, on the user. */
export function useChangeLanguage() {
  const trpc = useTRPC();
  const save = useMutation(trpc.users.setLanguage.mutationOptions());
  const { mutate } = save;
  return useCallback(
    async (lang: Language) => {
      await activateLanguage(lang, { remember: true });
      const s = sessionStore.get();
      if (s && s.user.language !== lang) {
        mutate({ language: lang }, { onSuccess: () => updateSession({ user: { ...s.user, language: lang } }) });
      }
    },
    [mutate],
  );
}
