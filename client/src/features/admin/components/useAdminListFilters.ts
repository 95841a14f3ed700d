// The filters of an administrators' list with a search box (the `q` filter): those of useListFilters, and the
// search as the list is asked for it: trimmed, once the typing stops, and undefined while the box is blank.
import { useDebounced } from '@/hooks/useDebounced';
import { useListFilters } from '@/hooks/useListFilters';

export function useAdminListFilters<F extends { q: string }>(initial: F) {
  const listFilters = useListFilters(initial);
  const q = useDebounced(listFilters.filters.q.trim(), 300);
  return { ...listFilters, q: q || undefined };
}
