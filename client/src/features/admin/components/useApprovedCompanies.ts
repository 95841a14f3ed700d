import { useQueries, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';

export type ApprovedCompany = RouterOutputs['companies']['admin']['list']['items'][number];
export type CompanySubscription = RouterOutputs['subscriptions']['admin']['companyStatus'];
export interface Manager {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
}
export interface CompanyRow {
  company: ApprovedCompany;
  subscription: CompanySubscription | undefined;
  /** The manager who registered the company (from its accepted registration request), when there is one. */
  manager: Manager | undefined;
}

/**
 * Approved companies with their subscription and registering manager. companies.adminList has neither, so
 * the subscription comes from one subscriptions.companyStatus per company (batched into one HTTP request by
 * the tRPC link) and the manager from the accepted registration requests.
 */
export function useApprovedCompanies() {
  const trpc = useTRPC();
  const companies = useQuery(trpc.companies.admin.list.queryOptions({ status: 'approved' }));
  const accepted = useQuery(trpc.registration.admin.list.queryOptions({ status: 'accepted', page: 0, size: 200 }));
  const items = companies.data?.items ?? [];
  const subs = useQueries({ queries: items.map((c) => trpc.subscriptions.admin.companyStatus.queryOptions({ company_id: c.id })) });
  const managers = new Map<number, Manager>();
  for (const r of accepted.data?.items ?? []) managers.set(r.company.id, r.user);
  const rows: CompanyRow[] = items.map((company, i) => ({ company, subscription: subs[i]?.data, manager: managers.get(company.id) }));
  return {
    rows,
    isPending: companies.isPending,
    isError: companies.isError,
    refetch: () => void companies.refetch(),
  };
}
