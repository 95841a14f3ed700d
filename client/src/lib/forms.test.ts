import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { encodeMessage, type Message } from '@shared/messages';
import { applyServerErrors, serverFieldMessage, textFields } from './forms';

describe('a record as form fields', () => {
  it('keeps the texts it has and gives an empty field for each missing one, and only for the keys named', () => {
    const row = { about: 'We recycle', phone: null, site: undefined, name: 'Acme' };
    expect(textFields(row, ['about', 'phone', 'site'])).toEqual({ about: 'We recycle', phone: '', site: '' });
  });
});

/** A failed call as the tRPC client sees it: field errors arrive as message codes with parameters. */
function serverError(fields: Record<string, Message> | null) {
  return new TRPCClientError('Invalid input', { result: { error: { data: { appCode: 'VALIDATION', httpStatus: 400, fields } } } } as never);
}

describe('server field errors onto a form', () => {
  it('sets every field error with its encoded message code, typed as a server error', () => {
    const setError = vi.fn();
    const tooLong: Message = { code: 'field.tooLong', params: { max: 50 } };
    const names = applyServerErrors({ setError }, serverError({ title: tooLong, address: { code: 'registration.invalidLocation' } }));
    expect(names).toEqual(['title', 'address']);
    expect(setError).toHaveBeenCalledWith('title', { type: 'server', message: encodeMessage(tooLong) }, { shouldFocus: false });
    expect(setError).toHaveBeenCalledWith(
      'address',
      { type: 'server', message: serverFieldMessage(encodeMessage({ code: 'registration.invalidLocation' })) },
      { shouldFocus: false },
    );
  });

  it('focuses only the first field when asked to', () => {
    const setError = vi.fn();
    applyServerErrors({ setError }, serverError({ first_name: { code: 'field.required' }, email: { code: 'field.invalidEmail' } }), {
      shouldFocus: true,
    });
    expect(setError.mock.calls.map((c) => [c[0], c[2]])).toEqual([
      ['first_name', { shouldFocus: true }],
      ['email', { shouldFocus: false }],
    ]);
  });

  it('leaves the form alone for an error without field errors or one that is not from the server', () => {
    const setError = vi.fn();
    expect(applyServerErrors({ setError }, serverError(null))).toEqual([]);
    expect(applyServerErrors({ setError }, new Error('network down'))).toEqual([]);
    expect(setError).not.toHaveBeenCalled();
  });
});
