import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setTypedNames } from '@/lib/reference';
import { useTRPC } from '@/lib/trpc';

/**
 * Loads the Danish and Malay names administrators gave reference rows, so `refText` shows them wherever a name is
 * known only by its English text. The editors invalidate the query when they save a name.
 */
export function useTypedNames() {
  const trpc = useTRPC();
  const { i18n } = useLingui();
  // English readers see the English names the rows carry: no request, and no re-render of every page on its answer.
  const names = useQuery({ ...trpc.common.typedNames.queryOptions(), staleTime: 10 * 60_000, enabled: i18n.locale !== 'en' });
  useEffect(() => {
    if (names.data) setTypedNames(i18n, names.data.items);
  }, [i18n, names.data]);
}
