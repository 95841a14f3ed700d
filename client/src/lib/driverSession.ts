// The driver token is a separate JWT (audience "driver") stored apart from the company session.
import { tokenExpiresAt } from './jwt';
import { createStore, useStore } from './store';
import type { SessionDriver } from './types';

export interface DriverSession {
  token: string;
  driver: SessionDriver;
  expiresAt: number;
}

const KEY = 'synergy.driver';

function readStored(): DriverSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as DriverSession;
    if (typeof s.token === 'string' && s.expiresAt > Date.now()) return s;
  } catch {
    /* unreadable: drop it */
  }
  localStorage.removeItem(KEY);
  return null;
}

export const driverSessionStore = createStore<DriverSession | null>(readStored());

export function startDriverSession(token: string, driver: SessionDriver) {
  const s: DriverSession = { token, driver, expiresAt: tokenExpiresAt(token) ?? Date.now() + 12 * 60 * 60 * 1000 };
  localStorage.setItem(KEY, JSON.stringify(s));
  driverSessionStore.set(s);
}

export function updateDriver(driver: SessionDriver) {
  const s = driverSessionStore.get();
  if (!s) return;
  const next = { ...s, driver };
  localStorage.setItem(KEY, JSON.stringify(next));
  driverSessionStore.set(next);
}

export function endDriverSession(onlyToken?: string): boolean {
  const s = driverSessionStore.get();
  if (!s || (onlyToken !== undefined && s.token !== onlyToken)) return false;
  localStorage.removeItem(KEY);
  driverSessionStore.set(null);
  return true;
}

export function getDriverToken(): string | null {
  const s = driverSessionStore.get();
  if (s && Date.now() >= s.expiresAt) {
    endDriverSession();
    return null;
  }
  return s?.token ?? null;
}

export const useDriverSession = () => useStore(driverSessionStore);
