import { useCallback } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { endDriverSession } from '@/lib/driverSession';
import { endSession, getToken } from '@/lib/session';

/**
 * Logout clears token, user and company (SPEC §4) and goes to the matching login page. The server is told
 * too (best effort, never waited for): it refuses this token from now on and closes its sockets.
 */
export function useLogout() {
  return useCallback((target: '/login' | '/admin/login' = '/login') => {
    const token = getToken();
    if (token)
      void fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
    endSession('logout');
    navigate(target, { replace: true });
  }, []);
}

export function useDriverLogout() {
  return useCallback(() => {
    endDriverSession();
    navigate('/driver/login', { replace: true });
  }, []);
}
