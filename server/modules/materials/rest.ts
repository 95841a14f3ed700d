// SPEC §7 materials paths (plus the bulk-upload and status paths SPEC leaves open), each calling the same
// tRPC procedure the client uses. Multipart parsing for the CSV upload happens here, in the adapter.
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { LIMITS } from '../../../shared/constants/limits';
import { route } from '../../rest/define';
import { AppError } from '../../lib/errors';

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: LIMITS.csvFormBytes, files: 1, fields: 10 } });
const ONE_FILE = { code: 'bulk.oneFile' } as const;

/** Runs multer on the request; resolves the single uploaded file or refuses with a clear error. */
async function singleCsv(req: Request): Promise<Express.Multer.File> {
  await new Promise<void>((resolve, reject) => {
    upload.any()(req, req.res as Response, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return reject(new AppError('PAYLOAD_TOO_LARGE'));
        return reject(new AppError('BAD_REQUEST', { message: ONE_FILE }));
      }
      // Anything else the parser throws is the body's fault (no boundary, a truncated part, not multipart at all):
      // busboy reports it as a plain Error, which must not become a 500.
      reject(new AppError('BAD_REQUEST', { message: ONE_FILE, cause: err }));
    });
  });
  const files = (req.files as Express.Multer.File[] | undefined) ?? [];
  if (files.length !== 1) throw new AppError('BAD_REQUEST', { message: ONE_FILE });
  return files[0]!;
}

const csvFile = {
  contentType: 'text/csv',
  send: (res: Response, t: { file_name: string; content_type: string; content: string }) => {
    res.setHeader('Content-Type', t.content_type);
    res.setHeader('Content-Disposition', `attachment; filename="${t.file_name}"`);
    res.status(200).send(t.content);
  },
};

const csvUpload = {
  read: async (req: Request) => {
    const file = await singleCsv(req);
    return { name: file.originalname || 'upload.csv', buffer: file.buffer };
  },
  contentType: 'text/csv',
  maxBytes: LIMITS.csvFormBytes,
  fields: { name: 'file_name', base64: 'body_base64' },
} as const;

export const materialsRest = [
  // Fixed paths before /api/v2/materials/:id.
  route({
    method: 'get',
    path: '/api/v2/materials/country-codes',
    procedure: 'materials.countryCodes',
    summary: 'Countries that have active listings',
  }),
  route({
    method: 'get',
    path: '/api/v2/materials/offerings',
    procedure: 'materials.mine',
    query: 'rest',
    fixed: { kind: 'offering' },
    summary: "The own company's offerings",
  }),
  route({
    method: 'get',
    path: '/api/v2/materials/donations',
    // Donations are listings of kind 'donation' with their own fields and state (docs/decisions/0090).
    procedure: 'donations.mine',
    query: 'rest',
    summary: "The own company's donations with their state, newest first, paged (status filter)",
  }),
  route({
    method: 'get',
    path: '/api/v2/materials/offerings-and-donations',
    procedure: 'materials.mine',
    query: 'rest',
    fixed: { kind: 'all' },
    summary: "The own company's offerings and donations",
  }),
  route({
    method: 'get',
    path: '/api/v2/materials/bulk-upload/template',
    procedure: 'materials.bulkTemplate',
    respond: csvFile,
    summary: 'The bulk upload CSV template',
  }),
  route({
    method: 'get',
    path: '/api/v2/materials/bulk-upload/access-request',
    procedure: 'materials.bulkAccessStatus',
    summary: "The company's bulk upload access",
  }),
  route({
    method: 'post',
    path: '/api/v2/materials/bulk-upload/access-request',
    procedure: 'materials.requestBulkAccess',
    status: 201,
    summary: 'Ask for bulk upload access',
  }),
  route({
    method: 'post',
    path: '/api/v2/materials/bulk-upload',
    procedure: 'materials.bulkUpload',
    status: 201,
    upload: csvUpload,
    summary: 'Create listings from a CSV file',
  }),
  route({ method: 'get', path: '/api/v2/materials', procedure: 'materials.search', query: 'rest', summary: 'Search the marketplace' }),
  route({
    method: 'post',
    path: '/api/v2/materials',
    procedure: 'materials.create',
    status: 201,
    body: 'rest',
    query: ['company_id'],
    summary: 'Create a listing',
  }),
  route({ method: 'get', path: '/api/v2/materials/:id', procedure: 'materials.get', params: { id: 'id' }, summary: 'One listing' }),
  route({
    method: 'put',
    path: '/api/v2/materials/:id',
    procedure: 'materials.update',
    params: { id: 'id' },
    body: 'rest',
    query: ['company_id', 'uuid'],
    summary: 'Edit an own listing',
  }),
  route({ method: 'delete', path: '/api/v2/materials/:id', procedure: 'materials.delete', params: { id: 'id' }, summary: 'Delete an own listing' }),
  route({
    method: 'post',
    path: '/api/v2/materials/:id/status',
    procedure: 'materials.setStatus',
    params: { id: 'id' },
    body: ['action'],
    summary: 'Change a listing status',
  }),

  route({ method: 'get', path: '/api/saved-searches', procedure: 'materials.savedSearches.list', summary: "The user's saved searches" }),
  route({
    method: 'post',
    path: '/api/saved-searches',
    procedure: 'materials.savedSearches.create',
    status: 201,
    body: 'rest',
    summary: 'Save a marketplace search (filters as the database page URL parameters; notify: a daily mail of new matches)',
  }),
  route({
    method: 'delete',
    path: '/api/saved-searches/:id',
    procedure: 'materials.savedSearches.delete',
    params: { id: 'id' },
    summary: 'Delete an own saved search',
  }),

  route({ method: 'get', path: '/api/recommended-materials', procedure: 'materials.recommended', summary: 'Listings recommended to the company' }),
  route({
    method: 'get',
    path: '/api/recommendation-displayed',
    procedure: 'materials.recommendationDisplays',
    query: 'rest',
    summary: 'Recommendation displays',
  }),
  route({
    method: 'post',
    path: '/api/recommendation-clicked',
    procedure: 'materials.recommendationClicked',
    status: 201,
    body: 'rest',
    summary: 'Record a click on a recommendation',
  }),

  route({
    method: 'get',
    path: '/admin/materials/stats',
    procedure: 'materials.admin.stats',
    query: ['from', 'to'],
    summary: 'Listings now by category, status and kind; listings created per UTC month of a period (from, to; default 12 months) by category',
  }),
  route({ method: 'get', path: '/admin/materials', procedure: 'materials.admin.list', query: 'rest', summary: 'All listings, paged' }),
  route({ method: 'get', path: '/admin/materials/:id', procedure: 'materials.admin.get', params: { id: 'id' }, summary: 'One listing, any status' }),
  route({
    method: 'get',
    path: '/admin/total-recommendations-clicks',
    procedure: 'materials.admin.totalClicks',
    query: ['from', 'to'],
    summary: 'Clicks on recommendations in total (total_clicks), displays and click-through rate; the same per UTC month of a period (from, to)',
  }),
  route({
    method: 'get',
    path: '/admin/bulk-upload-access-requests',
    procedure: 'materials.admin.bulkAccessRequests',
    query: 'rest',
    summary: 'Bulk upload access requests, paged',
  }),
  route({
    method: 'post',
    path: '/admin/bulk-upload-access-requests/:id/review',
    procedure: 'materials.admin.reviewBulkAccess',
    params: { id: 'id' },
    body: ['decision'],
    summary: 'Grant or refuse bulk upload access',
  }),
];
