import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc';

/** Public client configuration (demo mode, support email, map style). */
export function useConfig() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.common.config.queryOptions(), staleTime: Infinity });
}
