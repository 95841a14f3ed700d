import { describe, expect, it } from 'vitest';
import { matchRoute } from '@/config/paths';
import { decide, landingFor, safeRedirect, type AuthState } from './guards';

const none: AuthState = { user: null, driver: false };
const member: AuthState = { user: { role: 'MEMBER', donations_dashboard_access: false, isParentCompany: false }, driver: false };
const manager: AuthState = { user: { role: 'MANAGER', donations_dashboard_access: true, isParentCompany: true }, driver: false };
const admin: AuthState = { user: { role: 'ADMIN', donations_dashboard_access: false, isParentCompany: null }, driver: false };
const driver: AuthState = { user: null, driver: true };

const at = (auth: AuthState, url: string) => {
  const u = new URL(url, 'http://x');
  return decide(matchRoute(u.pathname), auth, u.pathname + u.search, u.search);
};

describe('route guards (SPEC §2)', () => {
  it('sends a signed-out visitor of a protected route to /login with the target path', () => {
    expect(at(none, '/database')).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fdatabase' });
    expect(at(none, '/material/7?tab=x')).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fmaterial%2F7%3Ftab%3Dx' });
    expect(at(none, '/admin/users')).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fadmin%2Fusers' });
  });
  it('keeps a member where they were on a manager route', () => {
    expect(at(member, '/account/manager-panel')).toEqual({ kind: 'stay', fallback: '/dashboard', reason: 'manager' });
    expect(at(manager, '/account/manager-panel/donations')).toEqual({ kind: 'render' });
    expect(at(manager, '/account/manager-panel/integrations')).toEqual({ kind: 'render' });
    expect(at(member, '/account/manager-panel/integrations')).toEqual({ kind: 'stay', fallback: '/dashboard', reason: 'manager' });
  });
  it('sends an administrator on a company route to /admin/panel', () => {
    expect(at(admin, '/dashboard')).toEqual({ kind: 'redirect', to: '/admin/panel' });
    expect(at(admin, '/account/manager-panel')).toEqual({ kind: 'redirect', to: '/admin/panel' });
  });
  it('bounces non-administrators from admin routes and admins from the admin login', () => {
    expect(at(manager, '/admin/panel')).toEqual({ kind: 'stay', fallback: '/dashboard', reason: 'admin' });
    expect(at(admin, '/admin/login')).toEqual({ kind: 'redirect', to: '/admin/panel' });
    expect(at(none, '/admin/login')).toEqual({ kind: 'render' });
  });
  it('needs a driver token for /driver and leaves /driver/login when it has one', () => {
    expect(at(none, '/driver')).toEqual({ kind: 'redirect', to: '/driver/login' });
    expect(at(driver, '/driver')).toEqual({ kind: 'render' });
    expect(at(driver, '/driver/login')).toEqual({ kind: 'redirect', to: '/driver' });
  });
  it('sends unknown paths to /', () => {
    expect(at(member, '/no-such-page')).toEqual({ kind: 'redirect', to: '/' });
  });
  it('checks the dashboard-access flag and the parent-company flag', () => {
    expect(at(member, '/donations-dashboard')).toMatchObject({ kind: 'stay', reason: 'donationsDashboard' });
    expect(at(manager, '/donations-dashboard').kind).toBe('render');
    expect(at(member, '/portfolio-companies')).toMatchObject({ kind: 'stay', reason: 'parentCompany' });
    expect(at(manager, '/portfolio-companies').kind).toBe('render');
  });
  it('sends a signed-in user away from the guest pages to the redirect target that suits the role', () => {
    expect(at(member, '/login?redirect=%2Fdatabase')).toEqual({ kind: 'redirect', to: '/database' });
    expect(at(admin, '/login?redirect=%2Fdatabase')).toEqual({ kind: 'redirect', to: '/admin/panel' });
    expect(at(admin, '/login?redirect=%2Fadmin%2Fqueries')).toEqual({ kind: 'redirect', to: '/admin/queries' });
    expect(at(member, '/login?redirect=%2Fadmin%2Fqueries')).toEqual({ kind: 'redirect', to: '/dashboard' });
  });
  it('refuses redirects to other origins', () => {
    expect(safeRedirect('?redirect=//evil.example')).toBeNull();
    expect(safeRedirect('?redirect=https://evil.example')).toBeNull();
    expect(landingFor(member, '?redirect=%2F%2Fevil.example')).toBe('/dashboard');
  });
});
