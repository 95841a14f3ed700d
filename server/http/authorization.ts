import type { IncomingMessage } from 'node:http';

/**
 * Every Authorization field of the request, as sent. Node keeps only the first one in `req.headers`, so a
 * request carrying two (which RFC 9110 does not allow for this header) would be read by whichever value a
 * proxy or this server happens to pick; resolveActor refuses such a request instead.
 */
export function authorizationFields(req: IncomingMessage): string[] {
  const fields: string[] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'authorization') fields.push(raw[i + 1]!);
  return fields;
}
