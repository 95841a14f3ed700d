// Impact paths: SPEC §7 GET api/companies/{id}/stats, the ESG export, certificate and its public verification, and
// the public method with the administrators' mapping paths (docs/decisions/0171). Files are answered with their own type (docs/decisions/0030).
import type { Response } from 'express';
import { create as contentDisposition } from 'content-disposition';
import { del, get, put } from '../../rest/define';

function sendFile(res: Response, f: { file_name: string; content_type: string; body: Buffer }) {
  res.setHeader('Content-Type', f.content_type);
  res.setHeader('Content-Disposition', contentDisposition(f.file_name, { type: 'attachment' }));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.status(200).send(f.body);
}

export const statsRest = [
  get('/api/companies/:id/stats', 'stats.company', {
    summary: 'This calendar month and the three before (UTC, oldest first, zero-padded): kgs, hours, completed synergies, money, CO2e, change in %',
  }),
  get('/api/companies/:id/impact-records', 'stats.records', {
    query: ['from', 'to'],
    summary: 'The impact records behind the stats (from, to: inclusive YYYY-MM-DD), each with its factors, and their totals',
  }),
  get('/api/companies/:id/impact-export', 'stats.export', {
    query: ['from', 'to', 'format'],
    summary: 'ESG export (format=csv|pdf): every impact record in the period with totals, columns headed with their GRI 306 / ESRS E5 disclosure',
    respond: {
      contentType: 'text/csv',
      send: (res, f) => sendFile(res, { ...f, body: Buffer.from(f.content, f.encoding) }),
    },
  }),
  get('/api/exchanges/:id/certificate', 'stats.certificate', {
    query: ['language'],
    summary: 'The impact certificate (PDF) of a successful synergy, with a QR code to its public verification page',
    respond: {
      contentType: 'application/pdf',
      send: (res, f) => sendFile(res, { ...f, body: Buffer.from(f.content_base64, 'base64') }),
    },
  }),
  get('/admin/exchanges/stats', 'stats.admin.exchanges', {
    query: ['from', 'to'],
    summary:
      'Offers, synergies started and ended, success rate, kg, hours and CO2e (each synergy once) per UTC month of a period (from, to: inclusive YYYY-MM-DD; default the last 12 months), its totals and all-time figures',
  }),
  get('/api/impact/method', 'stats.method', {
    summary:
      'Public: the factor set, the formula and every impact mapping in force (each group, each subcategory with its own), with the kg CO2e a tonne under it counts',
  }),
  put('/admin/impact/mappings', 'stats.admin.setMapping', {
    body: ['level', 'id', 'defra_material', 'basis', 'counterfactual_route'],
    summary:
      'Set one mapping {level: group|first|second|third, id, defra_material, basis: like_for_like|disposal_only|none, counterfactual_route}; stored impact records keep theirs',
  }),
  del('/admin/impact/mappings/:level/:id', 'stats.admin.deleteMapping', {
    summary: "Remove a subcategory's own mapping: it inherits from the level above again",
  }),
  get('/api/verify/impact/:code', 'stats.verify', {
    summary: 'Public: confirms the impact record a certificate shows, without money, people or messages',
  }),
];
