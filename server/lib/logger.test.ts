import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { createLogger } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: createLogger('info', stream), text: () => lines.join('') };
}

const failedInsert = () =>
  new DrizzleQueryError(
    'insert into "users" ("email", "password_hash") values ($1, $2)',
    ['ana@acme.example', '$argon2id$v=19$m=19456,t=2,p=1$SECRET-HASH'],
    new Error('connection reset'),
  );

describe('logger', () => {
  it('keeps a failed query but never its parameters (password hashes, emails, tokens)', () => {
    const { logger, text } = capture();
    logger.error({ err: failedInsert() }, 'internal error');
    const out = text();
    expect(out).toContain('Failed query: insert into \\"users\\"');
    expect(out).toContain('connection reset');
    expect(out).not.toContain('SECRET-HASH');
    expect(out).not.toContain('ana@acme.example');
  });

  it('scrubs the parameters of a failed query that is the cause of the logged error', () => {
    const { logger, text } = capture();
    logger.error({ err: new AppError('INTERNAL', { cause: failedInsert() }) }, 'internal error');
    expect(text()).toContain('caused by: Error: Failed query');
    expect(text()).not.toContain('SECRET-HASH');
  });

  it('still logs ordinary errors with their message and stack', () => {
    const { logger, text } = capture();
    logger.error({ err: new Error('disk full') }, 'job failed');
    const line = JSON.parse(text()) as { err: { type: string; message: string; stack: string } };
    expect(line.err).toMatchObject({ type: 'Error', message: 'disk full' });
    expect(line.err.stack).toContain('logger.test.ts');
  });
});
