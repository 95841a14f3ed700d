import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens';

const tokens = createTokenService('s'.repeat(48));

describe('token service', () => {
  it('round-trips user claims with an exp', () => {
    const token = tokens.signUser({ sub: '7', role: 'MANAGER', company_id: 3, tv: 2 }, 60);
    const claims = tokens.verifyUser(token);
    expect(claims).toMatchObject({ sub: '7', role: 'MANAGER', company_id: 3, tv: 2 });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('keeps user and driver tokens apart', () => {
    const driver = tokens.signDriver({ sub: '1', tv: 0 }, 60);
    const user = tokens.signUser({ sub: '1', role: 'MEMBER', company_id: 1, tv: 0 }, 60);
    expect(() => tokens.verifyUser(driver)).toThrow();
    expect(() => tokens.verifyDriver(user)).toThrow();
  });

  it('reports an expired token as SESSION_EXPIRED and a forged one as UNAUTHENTICATED', () => {
    const expired = tokens.signUser({ sub: '1', role: 'MEMBER', company_id: 1, tv: 0 }, -1);
    expect(() => tokens.verifyUser(expired)).toThrow(expect.objectContaining({ code: 'SESSION_EXPIRED' }));
    const forged = jwt.sign({ sub: '1', role: 'ADMIN' }, 'another-secret-of-sufficient-length!!', { audience: 'user', issuer: 'synergy-marketplace' });
    expect(() => tokens.verifyUser(forged)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
  });

  it('refuses the none algorithm', () => {
    const none = jwt.sign({ sub: '1', role: 'ADMIN', aud: 'user', iss: 'synergy-marketplace' }, '', { algorithm: 'none' });
    expect(() => tokens.verifyUser(none)).toThrow();
  });
});
