// SPEC §7 materials paths (plus the bulk-upload and status paths SPEC leaves open), each calling the same
// tRPC procedure the client uses. Multipart parsing for the CSV upload happens here, in the adapter.
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { LIMITS } from '../../../shared/constants/limits';
import { del, get, post, postCreated, put } from '../../rest/define';
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
  get('/api/v2/materials/country-codes', 'materials.countryCodes', { summary: 'Countries that have active listings' }),
  get('/api/v2/materials/offerings', 'materials.mine', { query: 'rest', fixed: { kind: 'offering' }, summary: "The own company's offerings" }),
  // Donations are listings of kind 'donation' with their own fields and state (docs/decisions/0090).
  get('/api/v2/materials/donations', 'donations.mine', {
    query: 'rest',
    summary: "The own company's donations with their state, newest first, paged (status filter)",
  }),
  get('/api/v2/materials/offerings-and-donations', 'materials.mine', {
    query: 'rest',
    fixed: { kind: 'all' },
    summary: "The own company's offerings and donations",
  }),
  get('/api/v2/materials/bulk-upload/template', 'materials.bulkTemplate', { respond: csvFile, summary: 'The bulk upload CSV template' }),
  get('/api/v2/materials/bulk-upload/access-request', 'materials.bulkAccessStatus', { summary: "The company's bulk upload access" }),
  postCreated('/api/v2/materials/bulk-upload/access-request', 'materials.requestBulkAccess', { summary: 'Ask for bulk upload access' }),
  postCreated('/api/v2/materials/bulk-upload', 'materials.bulkUpload', { upload: csvUpload, summary: 'Create listings from a CSV file' }),
  get('/api/v2/materials', 'materials.search', { query: 'rest', summary: 'Search the marketplace' }),
  postCreated('/api/v2/materials', 'materials.create', { body: 'rest', query: ['company_id'], summary: 'Create a listing' }),
  get('/api/v2/materials/:id', 'materials.get', { summary: 'One listing' }),
  put('/api/v2/materials/:id', 'materials.update', { body: 'rest', query: ['company_id', 'uuid'], summary: 'Edit an own listing' }),
  del('/api/v2/materials/:id', 'materials.delete', { summary: 'Delete an own listing' }),
  post('/api/v2/materials/:id/status', 'materials.setStatus', { body: ['action'], summary: 'Change a listing status' }),

  get('/api/saved-searches', 'materials.savedSearches.list', { summary: "The user's saved searches" }),
  postCreated('/api/saved-searches', 'materials.savedSearches.create', {
    body: 'rest',
    summary: 'Save a marketplace search (filters as the database page URL parameters; notify: a daily mail of new matches)',
  }),
  del('/api/saved-searches/:id', 'materials.savedSearches.delete', { summary: 'Delete an own saved search' }),

  get('/api/recommended-materials', 'materials.recommended', { summary: 'Listings recommended to the company' }),
  get('/api/recommendation-displayed', 'materials.recommendationDisplays', { query: 'rest', summary: 'Recommendation displays' }),
  postCreated('/api/recommendation-clicked', 'materials.recommendationClicked', {
    body: 'rest',
    summary: 'Record a click on a recommendation',
  }),

  get('/admin/materials/stats', 'materials.admin.stats', {
    query: ['from', 'to'],
    summary: 'Listings now by category, status and kind; listings created per UTC month of a period (from, to; default 12 months) by category',
  }),
  get('/admin/materials', 'materials.admin.list', { query: 'rest', summary: 'All listings, paged' }),
  get('/admin/materials/:id', 'materials.admin.get', { summary: 'One listing, any status' }),
  get('/admin/total-recommendations-clicks', 'materials.admin.totalClicks', {
    query: ['from', 'to'],
    summary: 'Clicks on recommendations in total (total_clicks), displays and click-through rate; the same per UTC month of a period (from, to)',
  }),
  get('/admin/bulk-upload-access-requests', 'materials.admin.bulkAccessRequests', { query: 'rest', summary: 'Bulk upload access requests, paged' }),
  post('/admin/bulk-upload-access-requests/:id/review', 'materials.admin.reviewBulkAccess', {
    body: ['decision'],
    summary: 'Grant or refuse bulk upload access',
  }),
];
