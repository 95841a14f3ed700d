// SPEC §7 materials paths (plus the bulk-upload and status paths SPEC leaves open), each calling the same
// tRPC procedure the client uses. Multipart parsing for the CSV upload happens here, in the adapter.
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { LIMITS } from '../../../shared/constants/limits';
import { body, params, query, type RestRoute } from '../../rest/define';
import { AppError } from '../../lib/errors';

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: LIMITS.csvFormBytes, files: 1, fields: 10 } });
const ONE_FILE = 'Upload exactly one CSV file.';

/** Runs multer on the request; resolves the single uploaded file or refuses with a clear error. */
async function singleCsv(req: Request): Promise<Express.Multer.File> {
  await new Promise<void>((resolve, reject) => {
    upload.any()(req, req.res as Response, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return reject(new AppError('PAYLOAD_TOO_LARGE'));
        return reject(new AppError('BAD_REQUEST', { message: ONE_FILE }));
      }
      reject(err);
    });
  });
  const files = (req.files as Express.Multer.File[] | undefined) ?? [];
  if (files.length !== 1) throw new AppError('BAD_REQUEST', { message: ONE_FILE });
  return files[0]!;
}

const csvResponse = (res: Response, result: unknown) => {
  const t = result as { file_name: string; content_type: string; content: string };
  res.setHeader('Content-Type', t.content_type);
  res.setHeader('Content-Disposition', `attachment; filename="${t.file_name}"`);
  res.status(200).send(t.content);
};

const q = (req: Request) => query(req);
const companyId = (req: Request) => q(req).company_id as never;

export const materialsRest: RestRoute[] = [
  // Fixed paths before /api/v2/materials/:id.
  { method: 'get', path: '/api/v2/materials/country-codes', handler: (c) => c.materials.countryCodes() },
  { method: 'get', path: '/api/v2/materials/offerings', handler: (c, req) => c.materials.mine({ ...q(req), kind: 'offering' } as never) },
  { method: 'get', path: '/api/v2/materials/donations', handler: (c, req) => c.materials.mine({ ...q(req), kind: 'donation' } as never) },
  { method: 'get', path: '/api/v2/materials/offerings-and-donations', handler: (c, req) => c.materials.mine({ ...q(req), kind: 'all' } as never) },
  { method: 'get', path: '/api/v2/materials/bulk-upload/template', handler: (c) => c.materials.bulkTemplate(), respond: csvResponse },
  { method: 'get', path: '/api/v2/materials/bulk-upload/access-request', handler: (c) => c.materials.bulkAccessStatus() },
  { method: 'post', path: '/api/v2/materials/bulk-upload/access-request', status: 201, handler: (c) => c.materials.requestBulkAccess() },
  {
    method: 'post',
    path: '/api/v2/materials/bulk-upload',
    status: 201,
    handler: async (c, req) => {
      const file = await singleCsv(req);
      return c.materials.bulkUpload({ file_name: file.originalname || 'upload.csv', body_base64: file.buffer.toString('base64') });
    },
  },
  { method: 'get', path: '/api/v2/materials', handler: (c, req) => c.materials.search(q(req) as never) },
  { method: 'post', path: '/api/v2/materials', status: 201, handler: (c, req) => c.materials.create({ ...body(req), company_id: companyId(req) } as never) },
  { method: 'get', path: '/api/v2/materials/:id', handler: (c, req) => c.materials.get({ id: params(req).id } as never) },
  {
    method: 'put',
    path: '/api/v2/materials/:id',
    handler: (c, req) => c.materials.update({ ...body(req), id: params(req).id, company_id: companyId(req), uuid: q(req).uuid } as never),
  },
  { method: 'delete', path: '/api/v2/materials/:id', handler: (c, req) => c.materials.delete({ id: params(req).id } as never) },
  { method: 'post', path: '/api/v2/materials/:id/status', handler: (c, req) => c.materials.setStatus({ id: params(req).id, action: body(req).action } as never) },

  { method: 'get', path: '/api/recommended-materials', handler: (c) => c.materials.recommended() },
  { method: 'get', path: '/api/recommendation-displayed', handler: (c, req) => c.materials.recommendationDisplays(q(req) as never) },
  { method: 'post', path: '/api/recommendation-clicked', status: 201, handler: (c, req) => c.materials.recommendationClicked(body(req) as never) },

  { method: 'get', path: '/admin/materials/stats', handler: (c) => c.materials.admin.stats() },
  { method: 'get', path: '/admin/materials', handler: (c, req) => c.materials.admin.list(q(req) as never) },
  { method: 'get', path: '/admin/materials/:id', handler: (c, req) => c.materials.admin.get({ id: params(req).id } as never) },
  { method: 'get', path: '/admin/total-recommendations-clicks', handler: (c) => c.materials.admin.totalClicks() },
  { method: 'get', path: '/admin/bulk-upload-access-requests', handler: (c, req) => c.materials.admin.bulkAccessRequests(q(req) as never) },
  {
    method: 'post',
    path: '/admin/bulk-upload-access-requests/:id/review',
    handler: (c, req) => c.materials.admin.reviewBulkAccess({ id: params(req).id, decision: body(req).decision } as never),
  },
];
