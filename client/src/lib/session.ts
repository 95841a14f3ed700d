// The company/admin session: token, user and company, kept in localStorage (remember me) or
// sessionStorage (this tab only). Valid only while now < the token's exp (SPEC §4).
import { tokenExpiresAt } from './jwt';
import { createStore, useStore } from './store';
import type { SessionCompany, SessionUser } from './types';

export interface Session {
  token: string;
  user: SessionUser;
  company: SessionCompany | null;
  expiresAt: number;
  remember: boolean;
}

const KEY = 'synergy.session';

function readStored(): Session | null {
  for (const storage of [localStorage, sessionStorage]) {
    try {
      const raw = storage.getItem(KEY);
      if (!raw) continue;
      const s = JSON.parse(raw) as Session;
      if (typeof s.token === 'string' && s.user && s.expiresAt > Date.now()) return s;
      storage.removeItem(KEY);
    } catch {
      storage.removeItem(KEY);
    }
  }
  return null;
}

function persist(s: Session | null) {
  localStorage.removeItem(KEY);
  sessionStorage.removeItem(KEY);
  if (s) (s.remember ? localStorage : sessionStorage).setItem(KEY, JSON.stringify(s));
}

export const sessionStore = createStore<Session | null>(readStored());

type EndReason = 'logout' | 'expired';
const endListeners = new Set<(reason: EndReason) => void>();
/** Called once per ended session (logout or expiry), e.g. to clear caches and close the socket. */
export function onSessionEnd(listener: (reason: EndReason) => void) {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

let expiryTimer: ReturnType<typeof setTimeout> | undefined;
function scheduleExpiry(s: Session | null) {
  clearTimeout(expiryTimer);
  if (!s) return;
  // setTimeout overflows past ~24.8 days; re-check then instead.
  const delay = Math.min(s.expiresAt - Date.now(), 2 ** 31 - 1);
  expiryTimer = setTimeout(
    () => {
      if (sessionStore.get()?.token !== s.token) return;
      if (Date.now() >= s.expiresAt) endSession('expired');
      else scheduleExpiry(s);
    },
    Math.max(delay, 0),
  );
}
scheduleExpiry(sessionStore.get());

export function startSession(input: { token: string; user: SessionUser; company?: SessionCompany | null; remember: boolean }) {
  const expiresAt = tokenExpiresAt(input.token) ?? Date.now() + 60 * 60 * 1000;
  const s: Session = { token: input.token, user: input.user, company: input.company ?? null, expiresAt, remember: input.remember };
  persist(s);
  sessionStore.set(s);
  scheduleExpiry(s);
}

/**
 * Puts the user's or company's fresh fields into the session. An answer that changes nothing (auth.me on every load,
 * nearly always) keeps the session object as it is: a new one would re-render every component that reads it (the
 * whole shell) in one blocking task.
 */
export function updateSession(patch: Partial<Pick<Session, 'user' | 'company'>>) {
  const s = sessionStore.get();
  if (!s) return;
  if (Object.entries(patch).every(([key, value]) => JSON.stringify(value) === JSON.stringify(s[key as keyof typeof patch]))) return;
  const next = { ...s, ...patch };
  persist(next);
  sessionStore.set(next);
}

/** A new token for the same session (the password change signs one and ends the old). */
export function replaceToken(token: string) {
  const s = sessionStore.get();
  if (!s) return;
  const next = { ...s, token, expiresAt: tokenExpiresAt(token) ?? s.expiresAt };
  persist(next);
  sessionStore.set(next);
  scheduleExpiry(next);
}

/**
 * Ends the current session once: clears token, user and company. Returns false when there was nothing to end
 * (or the token given is no longer the current one), so concurrent 401s log out only once.
 */
export function endSession(reason: EndReason, onlyToken?: string): boolean {
  const s = sessionStore.get();
  if (!s || (onlyToken !== undefined && s.token !== onlyToken)) return false;
  clearTimeout(expiryTimer);
  persist(null);
  sessionStore.set(null);
  for (const l of [...endListeners]) l(reason);
  return true;
}

export function getToken(): string | null {
  const s = sessionStore.get();
  if (s && Date.now() >= s.expiresAt) {
    endSession('expired');
    return null;
  }
  return s?.token ?? null;
}

export const useSession = () => useStore(sessionStore);
