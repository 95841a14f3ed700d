// Request bodies are bounded by what their route needs, and checked before they are read (docs/decisions/0182).
// A body with no file has at most 1 MB; a route that carries files in JSON (base64 data URLs) or as a form gets
// its files' limits, base64 included, never more than the largest JSON request. A declared length above the
// limit is refused with 413 from the headers alone, and a body over 1 MB (or of unknown length) is read only for
// a caller who is logged in: anonymous senders cannot make the server hold large bodies.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LIMITS } from '../../shared/constants/limits';
import type { Deps } from '../deps';
import { AppError } from '../lib/errors';
import { resolveActor } from '../modules/auth/service';
import type { ProcedurePath } from '../rest/define';
import { authorizationFields } from './authorization';

const base64 = (bytes: number) => Math.ceil(bytes / 3) * 4;
/** The rest of a request that carries files: its text fields and file names. */
const FIELDS = 64 * 1024;
const image = base64(LIMITS.profileImageBytes) + FIELDS;

/** Procedures whose input carries files, and the largest body each may need. */
export const FILE_BODY_BYTES: Partial<Record<ProcedurePath, number>> = {
  'chat.send': base64(LIMITS.chatAttachmentBytes * LIMITS.chatAttachmentsMax) + FIELDS,
  'driver.uploadDocuments': base64(LIMITS.driverDocumentBytes * LIMITS.driverDocumentsPerUpload) + FIELDS,
  'materials.create': base64(LIMITS.listingPhotoBytes * LIMITS.listingPhotosMax) + FIELDS,
  'materials.update': base64(LIMITS.listingPhotoBytes * LIMITS.listingPhotosMax) + FIELDS,
  'donations.create': base64(LIMITS.listingPhotoBytes * LIMITS.listingPhotosMax) + FIELDS,
  'donations.update': base64(LIMITS.listingPhotoBytes * LIMITS.listingPhotosMax) + FIELDS,
  // JSON (tRPC): the CSV as base64; REST sends it as a form of at most csvFormBytes.
  'materials.bulkUpload': base64(LIMITS.csvFormBytes) + FIELDS,
  'users.update': image,
  'companies.update': image,
};

/** The largest body a call of these procedures may send (a tRPC batch takes its largest member's). */
export function bodyLimitOf(procedures: readonly string[]): number {
  const limits = procedures.map((p) => FILE_BODY_BYTES[p as ProcedurePath] ?? LIMITS.plainBodyBytes);
  return Math.min(LIMITS.jsonBodyBytes, Math.max(LIMITS.plainBodyBytes, ...limits));
}

const BODY_LIMIT = Symbol('bodyLimit');
const AUTH = Symbol('auth');
type Auth = Awaited<ReturnType<typeof resolveActor>>;
type Marked = Request & { [BODY_LIMIT]?: number; [AUTH]?: Auth };

/** The limit bodyGuard settled on for this request (what the body parsers read up to). */
export function bodyLimitFor(req: Request): number {
  return (req as Marked)[BODY_LIMIT] ?? LIMITS.plainBodyBytes;
}

/** The caller bodyGuard already resolved for this request, so the context does not look the token up again. */
export function authResolvedBy(req: Request): Auth | undefined {
  return (req as Marked)[AUTH];
}

function declaredLength(req: Request): number | null {
  const raw = req.headers['content-length'];
  if (raw === undefined) return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function refuse(res: Response, next: NextFunction, err: AppError) {
  // The body is not read: close the connection after the answer instead of draining it.
  res.setHeader('Connection', 'close');
  next(err);
}

/** Checks a request's body against `limitOf(req)` before anything reads it. `apiKeys`: the caller may be a company's API key (REST paths). */
export function bodyGuard(deps: Deps, limitOf: (req: Request) => number, opts: { apiKeys?: boolean } = {}): RequestHandler {
  return (req, res, next) => {
    const length = declaredLength(req);
    const hasBody = req.headers['transfer-encoding'] !== undefined || (length ?? 0) > 0;
    if (!hasBody) return next();
    const limit = limitOf(req);
    if (length !== null && length > limit) return refuse(res, next, new AppError('PAYLOAD_TOO_LARGE'));
    (req as Marked)[BODY_LIMIT] = Math.min(limit, LIMITS.plainBodyBytes);
    if (limit <= LIMITS.plainBodyBytes || (length !== null && length <= LIMITS.plainBodyBytes)) return next();
    // Above 1 MB, or of unknown length on a route that allows more: only for a caller who is logged in.
    resolveActor(deps, authorizationFields(req), req.ip, opts).then(
      (auth) => {
        (req as Marked)[AUTH] = auth;
        if (auth.actor.kind === 'anonymous') return refuse(res, next, auth.authError ?? new AppError('UNAUTHENTICATED'));
        (req as Marked)[BODY_LIMIT] = limit;
        next();
      },
      (err: unknown) => next(err),
    );
  };
}
