// A list with its create-or-edit editor above it, opened by the address (`?new`, `?edit={id}`): a link, such as
// a detail page's Edit, opens it, and closing it replaces the address so Back does not open it again.
import { useLocation, useSearch } from 'wouter';

export function useEditorRoute(base: string) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  return {
    /** The address's other parameters (a highlighted row, say). */
    params,
    editId: Number(params.get('edit')) || null,
    creating: params.has('new'),
    openNew: () => navigate(`${base}?new`),
    openEdit: (id: number) => navigate(`${base}?edit=${id}`),
    close: () => navigate(base, { replace: true }),
  };
}
