// wouter location hook that applies the "stay where you are" guards before a navigation happens,
// so a member clicking a manager-only link never leaves the page (SPEC §2).
import { msg } from '@lingui/core/macro';
import { useCallback } from 'react';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { matchRoute } from '@/config/paths';
import { driverSessionStore } from '@/lib/driverSession';
import { sessionStore, type Session } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import type { DriverSession } from '@/lib/driverSession';
import { decide, type AuthState } from './guards';

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

type NavigateOptions = { replace?: boolean; state?: unknown };

export function useGuardedLocation(): [string, (to: string | URL, options?: NavigateOptions) => void] {
  const [location, navigate] = useBrowserLocation();
  const guarded = useCallback(
    (to: string | URL, options?: NavigateOptions) => {
      const url = new URL(to, window.location.href);
      const decision = decide(matchRoute(url.pathname), authState(sessionStore.get(), driverSessionStore.get()), url.pathname + url.search, url.search);
      if (decision.kind === 'stay') {
        showSnackbar(msg`You do not have access to that page.`, { tone: 'info' });
        return;
      }
      navigate(to, options);
    },
    [navigate],
  );
  return [location, guarded];
}
