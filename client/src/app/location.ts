// wouter location hook that applies the "stay where you are" guards before a navigation happens,
// so a member clicking a manager-only link never leaves the page (SPEC §2).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useCallback } from 'react';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { matchRoute } from '@/config/paths';
import { driverSessionStore } from '@/lib/driverSession';
import { sessionStore, type Session } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import type { DriverSession } from '@/lib/driverSession';
import { decide, type AuthState, type StayReason } from './guards';

export function authState(session: Session | null, driver: DriverSession | null): AuthState {
  return {
    user: session
      ? {
          role: session.user.role,
          donations_dashboard_access: session.user.donations_dashboard_access,
          isParentCompany: session.company ? session.company.is_parent_company : session.user.company_id == null ? false : null,
        }
      : null,
    driver: driver !== null,
  };
}

/** What a user kept where they were is told, by reason (the link interceptor and a typed URL say the same). */
export const STAY_MESSAGES: Record<StayReason, MessageDescriptor> = {
  manager: msg`Only managers can open the manager panel.`,
  admin: msg`Only administrators can open the admin console.`,
  donationsDashboard: msg`The donations dashboard needs access from your company's manager.`,
  parentCompany: msg`Only a parent company has portfolio companies.`,
  companyUser: msg`This page is for company accounts.`,
};

type NavigateOptions = { replace?: boolean; state?: unknown };

export function useGuardedLocation(): [string, (to: string | URL, options?: NavigateOptions) => void] {
  const [location, navigate] = useBrowserLocation();
  const guarded = useCallback(
    (to: string | URL, options?: NavigateOptions) => {
      const url = new URL(to, window.location.href);
      const decision = decide(
        matchRoute(url.pathname),
        authState(sessionStore.get(), driverSessionStore.get()),
        url.pathname + url.search,
        url.search,
      );
      if (decision.kind === 'stay') {
        showSnackbar(STAY_MESSAGES[decision.reason], { tone: 'info' });
        return;
      }
      navigate(to, options);
    },
    [navigate],
  );
  return [location, guarded];
}
