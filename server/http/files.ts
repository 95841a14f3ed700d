// GET /files/<key>: public folders for anyone, private ones after the owning module's reader check
// (docs/decisions/0045-private-files.md). Every refusal is the same 404 as a missing file.
import { pipeline } from 'node:stream/promises';
import { create as contentDisposition } from 'content-disposition';
import { Router } from 'express';
import type { Deps } from '../deps';
import { AppError } from '../lib/errors';
import { FileAccess, FILES_PATH } from '../lib/files';
import { resolveActor } from '../modules/auth/service';
import { authorizationFields } from './authorization';
import { registerChatFiles } from '../modules/chat/files';
import { registerTripFiles } from '../modules/drivers/files';

/** Every module's reader checks for its private folder. */
export function createFileAccess(deps: Deps): FileAccess {
  const access = new FileAccess();
  registerChatFiles(access, deps);
  registerTripFiles(access, deps);
  return access;
}

// Files are content, never pages: no script runs in them, even if a browser is tricked into rendering one.
const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function filesRouter(deps: Deps, access = createFileAccess(deps)): Router {
  const router = Router();
  router.get(`${FILES_PATH}/{*key}`, async (req, res, next) => {
    // The raw path, not Express's decoded parameters: a key is plain ASCII, so any encoding is a refusal.
    const key = req.path.slice(FILES_PATH.length + 1);
    // Bearer only, no cookies: browsers fetch private files with the header and show them as object URLs.
    const { actor } = await resolveActor(deps, authorizationFields(req), req.ip);
    const grant = await access.grant(actor, key);
    const file = grant && (await deps.storage.get(grant.key));
    if (!grant || !file) return next(new AppError('NOT_FOUND'));

    const isImage = file.mime_type.startsWith('image/');
    res.setHeader('Content-Type', file.mime_type);
    res.setHeader('Content-Length', String(file.size_bytes));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', contentDisposition(grant.name, { type: isImage ? 'inline' : 'attachment' }));
    res.setHeader('Content-Security-Policy', FILE_CSP);
    // Keys are never reused, so a public file never changes under its URL; a private one stays out of every cache.
    res.setHeader('Cache-Control', grant.visibility === 'public' ? 'public, max-age=86400' : 'private, no-store');
    if (req.method === 'HEAD') {
      file.body.destroy();
      res.end();
      return;
    }
    try {
      await pipeline(file.body, res);
    } catch (err) {
      // Once bytes are on the wire there is no error answer to give; usually the reader went away.
      if (!res.headersSent) throw err;
      deps.logger.info({ err, request_id: req.id }, 'file transfer ended early');
    }
  });
  return router;
}
