// Donation paths (api/donations, admin/donations, the QR code and the public hand-over) and
// SPEC §7's donations dashboard and admin donation tags. GET api/v2/materials/donations is declared with the other
// materials paths (it must come before api/v2/materials/:id) and calls donations.mine.
import type { Response } from 'express';
import { route } from '../../rest/define';

function sendImage(res: Response, f: { file_name: string; content_type: string; content: string; encoding: 'utf8' | 'base64' }) {
  res.setHeader('Content-Type', f.content_type);
  res.setHeader('Content-Disposition', `inline; filename="${f.file_name}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.status(200).send(Buffer.from(f.content, f.encoding));
}

export const donationsRest = [
  // Fixed paths before api/donations/:id.
  route({
    method: 'get',
    path: '/api/donations/verify/:code',
    procedure: 'donations.verify',
    params: { code: 'code' },
    summary: 'Public: the donation a QR code names (title, donor, quantity, status); a wrong code says only that',
  }),
  route({
    method: 'post',
    path: '/api/donations/verify/:code/hand-over',
    procedure: 'donations.confirmHandOver',
    params: { code: 'code' },
    body: ['received_by'],
    summary: 'Public, rate limited: the recipient confirms the hand-over of an approved donation, once (409 after)',
  }),
  route({
    method: 'post',
    path: '/api/donations',
    procedure: 'donations.create',
    status: 201,
    body: 'rest',
    summary: "A manager's new donation: {title, description, purpose, item_count, quantity_kg, total_value, boxes, donation_tag_id, images?}",
  }),
  route({
    method: 'get',
    path: '/api/donations/:id',
    procedure: 'donations.get',
    params: { id: 'id' },
    summary: 'One donation (its company and administrators)',
  }),
  route({
    method: 'put',
    path: '/api/donations/:id',
    procedure: 'donations.update',
    params: { id: 'id' },
    body: 'rest',
    summary: 'Edit a pending or denied donation (a denied one goes back to pending)',
  }),
  route({
    method: 'get',
    path: '/api/donations/:id/qr',
    procedure: 'donations.qr',
    params: { id: 'id' },
    query: ['format'],
    summary: 'The QR code of an approved donation: PNG, or SVG with format=svg',
    respond: { contentType: 'image/png', send: sendImage },
  }),

  route({
    method: 'get',
    path: '/api/donations-dashboard/environmental-impact',
    procedure: 'donations.dashboard.environmentalImpact',
    summary: 'kg donated and CO2e avoided (stored at hand-over), in total and by month: {success, data}',
  }),
  route({
    method: 'get',
    path: '/api/donations-dashboard/donation-metrics',
    procedure: 'donations.dashboard.metrics',
    summary: 'Donations by status and by tag, value handed over per currency: {success, data}',
  }),
  route({
    method: 'get',
    path: '/api/donations-dashboard/top-donors',
    procedure: 'donations.dashboard.topDonors',
    query: ['company_id', 'limit'],
    summary: "Donors by kg handed over; company_id adds that company's place: {success, data}",
  }),
  route({
    method: 'get',
    path: '/api/donations-dashboard/donations-feed',
    procedure: 'donations.dashboard.feed',
    query: ['page', 'size'],
    summary: 'Approved and handed-over donations, latest first, paged: {success, data}',
  }),

  route({ method: 'get', path: '/admin/donations', procedure: 'donations.admin.list', query: 'rest', summary: 'Every donation, by status, paged' }),
  route({
    method: 'post',
    path: '/admin/donations/:id/approve',
    procedure: 'donations.admin.approve',
    params: { id: 'id' },
    body: ['approver_name'],
    summary: 'Approve a pending donation (409 otherwise); its managers get a notification and a mail',
  }),
  route({
    method: 'post',
    path: '/admin/donations/:id/deny',
    procedure: 'donations.admin.deny',
    params: { id: 'id' },
    body: ['reason'],
    summary: 'Deny a pending donation with a reason (409 otherwise); its managers get a notification and a mail',
  }),
  route({ method: 'get', path: '/api/donation-tags', procedure: 'donations.tags', summary: 'The donation tags, for any signed-in company user' }),
  route({
    method: 'get',
    path: '/admin/donation-tags',
    procedure: 'donations.admin.tags',
    summary: 'Donation tags with how many donations use each',
  }),
  route({
    method: 'post',
    path: '/admin/donation-tags',
    procedure: 'donations.admin.createTag',
    status: 201,
    body: 'rest',
    summary: 'Create a donation tag',
  }),
  route({ method: 'get', path: '/admin/donation-tags/:id', procedure: 'donations.admin.tag', params: { id: 'id' }, summary: 'One donation tag' }),
  route({
    method: 'put',
    path: '/admin/donation-tags/:id',
    procedure: 'donations.admin.updateTag',
    params: { id: 'id' },
    body: 'rest',
    summary: 'Rename or describe a donation tag',
  }),
  route({
    method: 'delete',
    path: '/admin/donation-tags/:id',
    procedure: 'donations.admin.deleteTag',
    params: { id: 'id' },
    summary: 'Delete a donation tag no donation uses (409 otherwise)',
  }),
];
