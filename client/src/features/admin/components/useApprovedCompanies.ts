import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@shared/constants/enums';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';

export type CompanyRow = RouterOutputs['companies']['admin']['list']['items'][number];
export type Manager = NonNullable<CompanyRow['manager']>;

export const COMPANIES_PAGE_SIZE = 20;

/** The plans an administrator has to act on (the subscription approval tab), most urgent first. */
export const PLANS_TO_REVIEW: SubscriptionStatus[] = ['expired', 'inactive', 'expires_very_soon', 'expiring_soon'];

/**
 * One page of approved companies, each with its plan status and registering manager: one call
 * (companies.admin.list), whatever the number of companies. The previous page stays on screen while the
 * next one loads.
 */
export function useApprovedCompanies({ page, search, toReview = false }: { page: number; search?: string; toReview?: boolean }) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.companies.admin.list.queryOptions({
      status: 'approved',
      page,
      size: COMPANIES_PAGE_SIZE,
      search: search || undefined,
      ...(toReview ? { subscription_status: PLANS_TO_REVIEW, sort: 'urgency' as const } : {}),
    }),
    placeholderData: keepPreviousData,
  });
}
