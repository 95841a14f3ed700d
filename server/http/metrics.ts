// GET /metrics: Prometheus text. With METRICS_TOKEN set, only `Authorization: Bearer <METRICS_TOKEN>`;
// without it, only callers on this machine that did not come through a proxy (docs/decisions/0142-metrics.md).
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Router } from 'express';
import { AppError } from '../lib/errors';
import type { Metrics } from '../lib/metrics';
import { authorizationFields } from './authorization';

export const METRICS_PATH = '/metrics';

// Headers a proxy adds. A request that carries any of them was forwarded (possibly by a proxy on this very
// machine, which connects from 127.0.0.1), so its socket address says nothing about the real caller.
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto', 'via'];

/** True for a direct connection from this machine. Reads the socket, never req.ip, which TRUST_PROXY derives from headers. */
export function isDirectLoopback(req: IncomingMessage): boolean {
  if (FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  const address = req.socket.remoteAddress ?? '';
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function bearerMatches(req: IncomingMessage, token: string): boolean {
  const fields = authorizationFields(req);
  if (fields.length !== 1) return false;
  const m = /^Bearer (\S+)$/.exec(fields[0]!);
  if (!m) return false;
  const given = Buffer.from(m[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function metricsRouter(metrics: Metrics, token: string | undefined): Router {
  const router = Router();
  router.get(METRICS_PATH, async (req, res) => {
    if (token) {
      if (!bearerMatches(req, token)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHENTICATED');
      }
    } else if (!isDirectLoopback(req)) {
      throw new AppError('FORBIDDEN');
    }
    const body = await metrics.registry.metrics();
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(body);
  });
  return router;
}
