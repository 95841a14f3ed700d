import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';

export type Logger = pino.Logger;

/**
 * A failed query names its parameters in its message and stack (`params: ...`), and they can be password
 * hashes, emails or reset tokens. Logs keep the query (enough to debug) and drop the values, wherever the
 * failed query sits in the cause chain.
 */
export function serializeError(err: unknown): ReturnType<typeof pino.stdSerializers.err> {
  const out = pino.stdSerializers.err(err as Error);
  const secrets: string[] = [];
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DrizzleQueryError) secrets.push(`params: ${String(e.params)}`);
  }
  if (!secrets.length) return out;
  const scrub = (s: string) => secrets.reduce((acc, p) => acc.split(p).join('params: [redacted]'), s);
  const { params: _params, ...rest } = out as typeof out & { params?: unknown };
  return { ...rest, message: scrub(rest.message), stack: scrub(rest.stack) };
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'synergy' },
      redact: { paths: ['req.headers.authorization', 'password', '*.password', 'token', '*.token'], censor: '[redacted]' },
      serializers: { err: serializeError },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
