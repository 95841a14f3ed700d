import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, ERROR_MESSAGES } from '../../shared/errors';
import { AppError, ERROR_TABLE, appErrorFromTrpc, toAppError } from './errors';

describe('error table', () => {
  it('maps every code to an HTTP status and a message', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_TABLE[code].http, code).toBeGreaterThanOrEqual(400);
      expect(ERROR_MESSAGES[code], code).toBeTruthy();
    }
  });

  it('uses 401 for not logged in and 403 for logged in but not allowed', () => {
    expect(ERROR_TABLE.UNAUTHENTICATED.http).toBe(401);
    expect(ERROR_TABLE.SESSION_EXPIRED.http).toBe(401);
    expect(ERROR_TABLE.FORBIDDEN.http).toBe(403);
  });

  it('turns zod issues into field errors', () => {
    const parsed = z.object({ a: z.object({ b: z.string() }) }).safeParse({ a: { b: 1 } });
    const app = toAppError(parsed.error);
    expect(app.code).toBe('VALIDATION');
    expect(Object.keys(app.fields!)).toEqual(['a.b']);
  });

  it('keeps an AppError through a TRPCError and maps tRPC-only errors by code', () => {
    const inner = new AppError('EMAIL_TAKEN');
    expect(appErrorFromTrpc(new TRPCError({ code: 'CONFLICT', cause: inner }))).toBe(inner);
    expect(appErrorFromTrpc(new TRPCError({ code: 'NOT_FOUND' })).code).toBe('NOT_FOUND');
    expect(appErrorFromTrpc(new Error('boom')).code).toBe('INTERNAL');
  });
});
