import { useCallback } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { endDriverSession } from '@/lib/driverSession';
import { endSession } from '@/lib/session';

/** Logout clears token, user and company (SPEC §4) and goes to the matching login page. */
export function useLogout() {
  return useCallback((target: '/login' | '/admin/login' = '/login') => {
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
