// The filters of a paged list and the page it shows: a changed filter goes back to the first page, where the rows
// it now selects begin. A search box's text is queried through useDebounced, once the typing stops.
import { useState } from 'react';

export function useListFilters<F extends object>(initial: F) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(0);
  const setFilter = <K extends keyof F>(key: K, value: F[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(0);
  };
  return { filters, setFilter, page, setPage };
}
