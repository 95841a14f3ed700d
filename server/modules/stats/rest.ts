// Impact paths: SPEC §7 GET api/companies/{id}/stats, the ESG export, certificate and its public verification, and
// the public method with the administrators' mapping paths (docs/decisions/0171). Files are answered with their own type (docs/decisions/0030).
import type { Response } from 'express';
import { create as contentDisposition } from 'content-disposition';
import { route } from '../../rest/define';

function sendFile(res: Response, f: { file_name: string; content_type: string; body: Buffer }) {
  res.setHeader('Content-Type', f.content_type);
  res.setHeader('Content-Disposition', contentDisposition(f.file_name, { type: 'attachment' }));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.status(200).send(f.body);
}

export const statsRest = [
  route({
    method: 'get',
    path: '/api/companies/:id/stats',
    procedure: 'stats.company',
    params: { id: 'id' },
    summary: 'This calendar month and the three before (UTC, oldest first, zero-padded): kgs, hours, completed synergies, money, CO2e, change in %',
  }),
  route({
    method: 'get',
    path: '/api/companies/:id/impact-records',
    procedure: 'stats.records',
    params: { id: 'id' },
    query: ['from', 'to'],
    summary: 'The impact records behind the stats (from, to: inclusive YYYY-MM-DD), each with its factors, and their totals',
  }),
  route({
    method: 'get',
    path: '/api/companies/:id/impact-export',
    procedure: 'stats.export',
    params: { id: 'id' },
    query: ['from', 'to', 'format'],
    summary: 'ESG export (format=csv|pdf): every impact record in the period with totals, columns headed with their GRI 306 / ESRS E5 disclosure',
    respond: {
      contentType: 'text/csv',
      send: (res, f) => sendFile(res, { ...f, body: Buffer.from(f.content, f.encoding) }),
    },
  }),
  route({
    method: 'get',
    path: '/api/exchanges/:id/certificate',
    procedure: 'stats.certificate',
    params: { id: 'id' },
    query: ['language'],
    summary: 'The impact certificate (PDF) of a successful synergy, with a QR code to its public verification page',
    respond: {
      contentType: 'application/pdf',
      send: (res, f) => sendFile(res, { ...f, body: Buffer.from(f.content_base64, 'base64') }),
    },
  }),
  route({
    method: 'get',
    path: '/admin/exchanges/stats',
    procedure: 'stats.admin.exchanges',
    query: ['from', 'to'],
    summary:
      'Offers, synergies started and ended, success rate, kg, hours and CO2e (each synergy once) per UTC month of a period (from, to: inclusive YYYY-MM-DD; default the last 12 months), its totals and all-time figures',
  }),
  route({
    method: 'get',
    path: '/api/impact/method',
    procedure: 'stats.method',
    summary:
      'Public: the factor set, the formula and every impact mapping in force (each group, each subcategory with its own), with the kg CO2e a tonne under it counts',
  }),
  route({
    method: 'put',
    path: '/admin/impact/mappings',
    procedure: 'stats.admin.setMapping',
    body: ['level', 'id', 'defra_material', 'basis', 'counterfactual_route'],
    summary:
      'Set one mapping {level: group|first|second|third, id, defra_material, basis: like_for_like|disposal_only|none, counterfactual_route}; stored impact records keep theirs',
  }),
  route({
    method: 'delete',
    path: '/admin/impact/mappings/:level/:id',
    procedure: 'stats.admin.deleteMapping',
    params: { level: 'level', id: 'id' },
    summary: "Remove a subcategory's own mapping: it inherits from the level above again",
  }),
  route({
    method: 'get',
    path: '/api/verify/impact/:code',
    procedure: 'stats.verify',
    params: { code: 'code' },
    summary: 'Public: confirms the impact record a certificate shows, without money, people or messages',
  }),
];
