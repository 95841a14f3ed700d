import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, tokenExpiresAt } from './jwt';

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (payload: object) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.signature`;

describe('token expiry from the exp claim', () => {
  it('reads exp (seconds) as epoch milliseconds', () => {
    expect(tokenExpiresAt(token({ sub: '1', exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
  });
  it('decodes base64url payloads with non-ASCII text', () => {
    expect(decodeJwtPayload(token({ name: 'Øresund ~~~???' }))).toEqual({ name: 'Øresund ~~~???' });
  });
  it('returns null for tokens without a readable exp', () => {
    expect(tokenExpiresAt('not-a-token')).toBeNull();
    expect(tokenExpiresAt(token({ sub: '1' }))).toBeNull();
    expect(tokenExpiresAt('a.%%%.c')).toBeNull();
  });
});
