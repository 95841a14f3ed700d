// JWTs: company/admin users (audience "user") and drivers (audience "driver") never mix.
import jwt from 'jsonwebtoken';
import type { Role } from '../../shared/constants/enums';
import { AppError } from './errors';

const ISSUER = 'synergy-marketplace';

export interface UserClaims {
  sub: string; // user id
  role: Role;
  company_id: number | null;
  tv: number; // token version
}
export interface DriverClaims {
  sub: string; // driver id
  tv: number;
}

export interface TokenService {
  signUser(claims: UserClaims, ttlSeconds: number): string;
  signDriver(claims: DriverClaims, ttlSeconds: number): string;
  verifyUser(token: string): UserClaims & { exp: number };
  verifyDriver(token: string): DriverClaims & { exp: number };
}

export function createTokenService(secret: string): TokenService {
  const sign = (payload: object, audience: string, ttl: number) =>
    jwt.sign(payload, secret, { algorithm: 'HS256', expiresIn: ttl, audience, issuer: ISSUER });
  const verify = <T extends { sub: string; tv: number }>(token: string, audience: string): T & { exp: number } => {
    let claims: T & { exp: number };
    try {
      claims = jwt.verify(token, secret, { algorithms: ['HS256'], audience, issuer: ISSUER }) as T & { exp: number };
    } catch (err) {
      const expired = err instanceof jwt.TokenExpiredError;
      throw new AppError(expired ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED', { cause: err });
    }
    // A signed token can still carry nonsense (a forged secret, an old format): ids are positive integers.
    if (typeof claims.sub !== 'string' || !/^[1-9]\d{0,9}$/.test(claims.sub) || !Number.isSafeInteger(claims.tv)) throw new AppError('UNAUTHENTICATED');
    return claims;
  };
  return {
    signUser: (c, ttl) => sign(c, 'user', ttl),
    signDriver: (c, ttl) => sign(c, 'driver', ttl),
    verifyUser: (t) => verify<UserClaims>(t, 'user'),
    verifyDriver: (t) => verify<DriverClaims>(t, 'driver'),
  };
}
