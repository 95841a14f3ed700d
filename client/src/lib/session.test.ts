import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionCompany, SessionUser } from './types';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let session: typeof import('./session');
beforeAll(async () => {
  // The session module reads the stored session when it loads.
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  session = await import('./session');
});
// Test files share a worker (vitest.config.ts): the next one must not find these stand-ins.
afterAll(() => vi.unstubAllGlobals());

// Only the fields this test reads: the session keeps whatever the server sent.
const user = { id: 7, name: 'Mette', email: 'mette@example.com', role: 'manager', language: 'en' } as unknown as SessionUser;
const company = { id: 3, name: 'Nordic Grain' } as unknown as SessionCompany;

describe('updateSession', () => {
  it('keeps the session object when the fresh fields are the ones it has, and replaces it when one changed', () => {
    session.startSession({ token: 'not-a-jwt', user, company, remember: true });
    const before = session.sessionStore.get();
    session.updateSession({ user: { ...user }, company: { ...company } });
    expect(session.sessionStore.get()).toBe(before);

    session.updateSession({ user: { ...user, language: 'dk' } });
    const after = session.sessionStore.get();
    expect(after).not.toBe(before);
    expect(after?.user.language).toBe('dk');
    expect(JSON.parse(localStorage.getItem('synergy.session')!).user.language).toBe('dk');
  });
});
