// JWTs: company/admin users (audience "user") and drivers (audience "driver") never mix.
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Role } from '../../shared/constants/enums';
import { AppError } from './errors';

const ISSUER = 'synergy-marketplace';
/** The largest serial id Postgres stores (int4). */
const MAX_ID = 2_147_483_647;
/** Tokens verified recently, kept with their claims (a few MB at most). */
const VERIFIED_MAX = 10_000;

export interface UserClaims {
  sub: string; // user id
  role: Role;
  company_id: number | null;
  tv: number; // token version
  /** Session id: logout refuses this one token (revoked_sessions); signUser draws a new one when absent. */
  sid?: string;
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

/**
 * Signs with `secret`. `previousSecret` (JWT_SECRET_PREVIOUS) is accepted for verification only, so a secret
 * can be rotated without signing everybody out: sessions signed before the rotation keep working until they
 * expire (docs/deploy.md "Rotating JWT_SECRET").
 */
export function createTokenService(secretText: string, previousSecretText?: string): TokenService {
  // Key objects made once: given a string, jsonwebtoken tries to parse it as a public key and then derives a
  // secret key from it on every sign and verify (8% of a search's CPU in the search profile).
  const secret = createSecretKey(Buffer.from(secretText, 'utf8'));
  const previousSecret = previousSecretText ? createSecretKey(Buffer.from(previousSecretText, 'utf8')) : undefined;
  const sign = (payload: object, audience: string, ttl: number) =>
    jwt.sign(payload, secret, { algorithm: 'HS256', expiresIn: ttl, audience, issuer: ISSUER });
  const check = (token: string, key: KeyObject, audience: string) => jwt.verify(token, key, { algorithms: ['HS256'], audience, issuer: ISSUER });
  // A token that verified once verifies the same way until it expires: the string carries its signature, and the
  // keys do not change while the process runs. Keeping the claims saves the HMAC and the JSON parsing on every
  // request of a session. Only successes are kept; the expiry is checked on every use.
  const verified = new Map<string, { sub: string; tv: number; exp: number }>();
  const verify = <T extends { sub: string; tv: number }>(token: string, audience: string): T & { exp: number } => {
    const key = `${audience} ${token}`;
    const known = verified.get(key);
    if (known && known.exp * 1000 > Date.now()) return known as T & { exp: number };
    if (known) verified.delete(key);
    const claims = verifyAfresh<T>(token, audience);
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(key, Object.freeze(claims));
    return claims;
  };
  const verifyAfresh = <T extends { sub: string; tv: number }>(token: string, audience: string): T & { exp: number } => {
    let claims: T & { exp: number };
    try {
      try {
        claims = check(token, secret, audience) as T & { exp: number };
      } catch (err) {
        // Only a signature mismatch is worth a second try; an expired or malformed token fails with either key.
        if (!previousSecret || !(err instanceof jwt.JsonWebTokenError) || err.message !== 'invalid signature') throw err;
        claims = check(token, previousSecret, audience) as T & { exp: number };
      }
    } catch (err) {
      const expired = err instanceof jwt.TokenExpiredError;
      throw new AppError(expired ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED', { cause: err });
    }
    // A signed token can still carry nonsense (a forged secret, an old format): ids are positive integers that
    // fit the id columns (int4), so a lookup never fails on an out-of-range value (a 503 on the socket upgrade).
    if (typeof claims.sub !== 'string' || !/^[1-9]\d{0,9}$/.test(claims.sub) || Number(claims.sub) > MAX_ID || !Number.isSafeInteger(claims.tv)) {
      throw new AppError('UNAUTHENTICATED');
    }
    const sid = (claims as { sid?: unknown }).sid;
    if (sid !== undefined && (typeof sid !== 'string' || !/^[0-9a-f-]{36}$/.test(sid))) throw new AppError('UNAUTHENTICATED');
    return claims;
  };
  return {
    signUser: (c, ttl) => sign({ ...c, sid: c.sid ?? randomUUID() }, 'user', ttl),
    signDriver: (c, ttl) => sign(c, 'driver', ttl),
    verifyUser: (t) => verify<UserClaims>(t, 'user'),
    verifyDriver: (t) => verify<DriverClaims>(t, 'driver'),
  };
}
