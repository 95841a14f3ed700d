import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { ERROR_MESSAGES, type ErrorBody } from '../../shared/errors';
import { errorMessage } from '../../shared/messages';
import { AppError, ERROR_TABLE, appErrorFromTrpc, englishFields } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { Metrics } from '../lib/metrics';

declare module 'express-serve-static-core' {
  interface Request {
    id?: string;
  }
}

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{8,64}$/;
/** Probes arrive every few seconds from machines; they are counted in metrics, not logged. */
const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/**
 * The metrics label of a request: the pattern of the Express route that answered (`/api/chats/:id`), or what a
 * handler without a route pattern named (routeLabel), never the raw path, which would carry ids and tokens.
 */
export function routeOf(req: Request, res: Response): string {
  const named = res.locals.route as string | undefined;
  if (named) return named;
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return req.baseUrl + pattern;
  return '(unmatched)';
}

/** Names the route of a request answered by a handler that has no route pattern (static files, the client shell, tRPC). */
export function routeLabel(label: string): RequestHandler {
  return (_req, res, next) => {
    res.locals.route = label;
    next();
  };
}

/**
 * Request id (kept from a proxy when well-formed), one structured log line and one metrics observation per
 * request, and `Connection: close` while the instance drains so keep-alive clients move to another instance.
 */
export function requestLogging(logger: Logger, metrics?: Pick<Metrics, 'observeRequest'>, lifecycle?: { draining: boolean }): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    req.id = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    if (lifecycle?.draining) res.setHeader('Connection', 'close');
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      metrics?.observeRequest(req.method, routeOf(req, res), res.statusCode, ms / 1000);
      // Scrapes are not logged either, but a refused scrape is worth a line.
      if (PROBE_PATHS.has(req.path) || (req.path === '/metrics' && res.statusCode < 400)) return;
      const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      logger[level](
        { request_id: req.id, method: req.method, path: loggablePath(req.path), status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    });
    next();
  };
}

/**
 * Codes that grant something travel in some paths (the screen's and its API's): a reset link, a donation's QR
 * code (its hand-over), an impact certificate's verification code, a newsletter unsubscribe token. Whoever reads
 * the logs must not be able to use them: the request log names the route's parameter instead.
 */
const SECRET_PATHS: readonly [RegExp, string][] = [
  [/^(\/(?:api\/)?reset-password\/)[^/]+/, '$1:token'],
  [/^(\/(?:api\/)?donations\/verify\/)[^/]+/, '$1:code'],
  [/^(\/(?:api\/)?verify\/impact\/)[^/]+/, '$1:code'],
  [/^(\/(?:api\/)?newsletter\/unsubscribe\/)[^/]+/, '$1:token'],
];

/** The request's path as the request log writes it: with the codes that grant something masked. */
export function loggablePath(path: string): string {
  for (const [re, mask] of SECRET_PATHS) if (re.test(path)) return path.replace(re, mask);
  return path;
}

const HOST_RE = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

export function securityHeaders(extraConnectSrc: string[] = []): RequestHandler {
  const csp = (wsSources: string) =>
    [
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "style-src 'self' 'unsafe-inline'",
      "script-src 'self'",
      "worker-src 'self' blob:",
      // The app's own socket only (older browsers do not count ws: as 'self'), plus configured map/routing hosts.
      `connect-src 'self' ${wsSources} ${extraConnectSrc.join(' ')}`.trim(),
      "font-src 'self' data:",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join('; ');
  // The policy depends only on the Host header: built once per host (a handful), not per request.
  const policies = new Map<string, string>();
  const policyFor = (host: string) => {
    let p = policies.get(host);
    if (p === undefined) {
      p = csp(HOST_RE.test(host) ? `ws://${host} wss://${host}` : '');
      if (policies.size >= 64) policies.clear();
      policies.set(host, p);
    }
    return p;
  };
  return (req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // The driver app uses the position and the camera of this origin; nothing else does.
    res.setHeader('Permissions-Policy', 'geolocation=(self), camera=(self), microphone=(), payment=(), usb=(), interest-cohort=()');
    res.setHeader('Content-Security-Policy', policyFor(req.headers.host ?? ''));
    next();
  };
}

function fromHttpError(err: unknown): AppError | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as { type?: string; status?: number };
  if (e.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE');
  if (e.type === 'entity.parse.failed') return new AppError('BAD_REQUEST', { message: { code: 'request.invalidJson' } });
  if (e.status === 400 || e.status === 415) return new AppError(e.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST');
  return null;
}

/** The Express side of the one error table: `{ error: { code, message, message_code, params?, fields?, field_codes?, request_id } }`. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const app = fromHttpError(err) ?? appErrorFromTrpc(err);
    const { http } = ERROR_TABLE[app.code];
    if (app.code === 'INTERNAL') logger.error({ err: app.cause ?? err, request_id: req.id }, 'internal error');
    if (app.retryAfterSeconds) res.setHeader('Retry-After', String(app.retryAfterSeconds));
    // Never leak internals: unknown errors say only the generic message.
    const detail = app.code === 'INTERNAL' ? errorMessage('INTERNAL') : app.detail;
    const body: ErrorBody = {
      error: {
        code: app.code,
        message: app.code === 'INTERNAL' ? ERROR_MESSAGES.INTERNAL : app.message,
        message_code: detail.code,
        ...(detail.params ? { params: detail.params } : {}),
        ...(app.fields ? { fields: englishFields(app.fields), field_codes: app.fields } : {}),
        request_id: req.id,
      },
    };
    if (res.headersSent) return;
    res.status(http).json(body);
  };
}

export const notFoundJson: RequestHandler = (req, res) => {
  const body: ErrorBody = { error: { code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND, message_code: 'error.NOT_FOUND', request_id: req.id } };
  res.status(404).json(body);
};
