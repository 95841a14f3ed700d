// Route guards of SPEC §2 as one pure function, so the router, the link interceptor and the tests agree.
import type { Role } from '@shared/constants/enums';
import { HOME, matchRoute, to, type RouteMatch } from '@/config/paths';

export interface AuthState {
  user: {
    role: Role;
    donations_dashboard_access: boolean;
    /** null while the company has not been loaded yet. */
    isParentCompany: boolean | null;
  } | null;
  driver: boolean;
}

/** Why a navigation was refused: the user is told ("Only managers can open the manager panel"). */
export type StayReason = 'manager' | 'admin' | 'donationsDashboard' | 'parentCompany' | 'companyUser';

export type Decision =
  | { kind: 'render' }
  | { kind: 'redirect'; to: string }
  /** Refuse the navigation: the user stays on the previous path (fallback when there is none). */
  | { kind: 'stay'; fallback: string; reason: StayReason }
  /** Not decidable yet (company still loading). */
  | { kind: 'wait' };

const isCompanyUser = (role: Role) => role === 'MEMBER' || role === 'MANAGER';

/** A same-origin path from ?redirect=, or null. */
export function safeRedirect(search: string): string | null {
  const raw = new URLSearchParams(search).get('redirect');
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  return raw;
}

/** Where a signed-in user goes after login: the redirect target when it suits the role, else home. */
export function landingFor(auth: AuthState, search: string): string {
  const role = auth.user?.role;
  const redirect = safeRedirect(search);
  const home = role === 'ADMIN' ? HOME.admin : HOME.user;
  if (!redirect || !role) return home;
  const match = matchRoute(new URL(redirect, 'http://x').pathname);
  if (!match) return home;
  const access = match.route.access;
  if (role === 'ADMIN') return access === 'admin' ? redirect : home;
  return access === 'user' || access === 'manager' || access === 'public' ? redirect : home;
}

export function decide(match: RouteMatch | null, auth: AuthState, pathWithSearch: string, search: string): Decision {
  if (!match) return { kind: 'redirect', to: '/' };
  const { route } = match;
  const user = auth.user;
  const fallback = user?.role === 'ADMIN' ? HOME.admin : HOME.user;
  switch (route.access) {
    case 'public':
      return { kind: 'render' };
    case 'guest':
      return user ? { kind: 'redirect', to: landingFor(auth, search) } : { kind: 'render' };
    case 'adminGuest':
      if (!user) return { kind: 'render' };
      return { kind: 'redirect', to: user.role === 'ADMIN' ? HOME.admin : HOME.user };
    case 'user':
    case 'manager': {
      if (!user) return { kind: 'redirect', to: to.login(pathWithSearch) };
      if (user.role === 'ADMIN') return { kind: 'redirect', to: HOME.admin };
      if (!isCompanyUser(user.role)) return { kind: 'stay', fallback, reason: 'companyUser' };
      if (route.access === 'manager' && user.role !== 'MANAGER') return { kind: 'stay', fallback, reason: 'manager' };
      if (route.requires === 'donationsDashboardAccess' && !user.donations_dashboard_access)
        return { kind: 'stay', fallback, reason: 'donationsDashboard' };
      if (route.requires === 'parentCompany') {
        if (user.isParentCompany === null) return { kind: 'wait' };
        if (!user.isParentCompany) return { kind: 'stay', fallback, reason: 'parentCompany' };
      }
      return { kind: 'render' };
    }
    case 'admin':
      if (!user) return { kind: 'redirect', to: to.login(pathWithSearch) };
      return user.role === 'ADMIN' ? { kind: 'render' } : { kind: 'stay', fallback, reason: 'admin' };
    case 'driver':
      return auth.driver ? { kind: 'render' } : { kind: 'redirect', to: '/driver/login' };
    case 'driverGuest':
      return auth.driver ? { kind: 'redirect', to: HOME.driver } : { kind: 'render' };
  }
}
