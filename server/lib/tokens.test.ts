import jwt from 'jsonwebtoken';
import { describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens';

const tokens = createTokenService('s'.repeat(48));

describe('token service', () => {
  it('round-trips user claims with an exp', () => {
    const token = tokens.signUser({ sub: '7', role: 'MANAGER', company_id: 3, tv: 2 }, 60);
    const claims = tokens.verifyUser(token);
    expect(claims).toMatchObject({ sub: '7', role: 'MANAGER', company_id: 3, tv: 2 });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('refuses a token it verified before once it has expired, and a copy with another signature', () => {
    vi.useFakeTimers();
    try {
      const token = tokens.signUser({ sub: '8', role: 'MEMBER', company_id: 3, tv: 0 }, 2);
      expect(tokens.verifyUser(token).sub).toBe('8');
      expect(tokens.verifyUser(token).sub).toBe('8');
      const [head, body, sig] = token.split('.') as [string, string, string];
      const tampered = `${head}.${body}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
      expect(() => tokens.verifyUser(tampered)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
      expect(() => tokens.verifyDriver(token)).toThrow();
      vi.advanceTimersByTime(2500);
      expect(() => tokens.verifyUser(token)).toThrow(expect.objectContaining({ code: 'SESSION_EXPIRED' }));
    } finally {
      vi.useRealTimers();
    }
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
    const forged = jwt.sign({ sub: '1', role: 'ADMIN' }, 'another-secret-of-sufficient-length!!', {
      audience: 'user',
      issuer: 'synergy-marketplace',
    });
    expect(() => tokens.verifyUser(forged)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
  });

  it('refuses the none algorithm', () => {
    const none = jwt.sign({ sub: '1', role: 'ADMIN', aud: 'user', iss: 'synergy-marketplace' }, '', { algorithm: 'none' });
    expect(() => tokens.verifyUser(none)).toThrow();
  });
});

describe('rotating the secret', () => {
  const old = createTokenService('o'.repeat(48));
  const rotated = createTokenService('n'.repeat(48), 'o'.repeat(48));
  const claims = { sub: '7', role: 'MEMBER' as const, company_id: 3, tv: 0 };

  it('accepts tokens signed with JWT_SECRET_PREVIOUS and signs new ones with the new secret only', () => {
    expect(rotated.verifyUser(old.signUser(claims, 60))).toMatchObject({ sub: '7' });
    expect(rotated.verifyDriver(old.signDriver({ sub: '2', tv: 0 }, 60))).toMatchObject({ sub: '2' });
    const fresh = rotated.signUser(claims, 60);
    expect(() => old.verifyUser(fresh)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
    // After the overlap, without the previous secret, old tokens are refused.
    expect(() => createTokenService('n'.repeat(48)).verifyUser(old.signUser(claims, 60))).toThrow(
      expect.objectContaining({ code: 'UNAUTHENTICATED' }),
    );
  });

  it('still reports an expired token signed with the previous secret as expired, and refuses a third secret', () => {
    expect(() => rotated.verifyUser(old.signUser(claims, -1))).toThrow(expect.objectContaining({ code: 'SESSION_EXPIRED' }));
    const other = createTokenService('x'.repeat(48)).signUser(claims, 60);
    expect(() => rotated.verifyUser(other)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
  });
});
