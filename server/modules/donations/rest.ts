// Donation paths (api/donations, admin/donations, the QR code and the public hand-over) and
// SPEC §7's donations dashboard and admin donation tags. GET api/v2/materials/donations is declared with the other
// materials paths (it must come before api/v2/materials/:id) and calls donations.mine.
import type { Response } from 'express';
import { del, get, post, postCreated, put } from '../../rest/define';

function sendImage(res: Response, f: { file_name: string; content_type: string; content: string; encoding: 'utf8' | 'base64' }) {
  res.setHeader('Content-Type', f.content_type);
  res.setHeader('Content-Disposition', `inline; filename="${f.file_name}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.status(200).send(Buffer.from(f.content, f.encoding));
}

export const donationsRest = [
  // Fixed paths before api/donations/:id.
  get('/api/donations/verify/:code', 'donations.verify', {
    summary: 'Public: the donation a QR code names (title, donor, quantity, status); a wrong code says only that',
  }),
  post('/api/donations/verify/:code/hand-over', 'donations.confirmHandOver', {
    body: ['received_by'],
    summary: 'Public, rate limited: the recipient confirms the hand-over of an approved donation, once (409 after)',
  }),
  postCreated('/api/donations', 'donations.create', {
    body: 'rest',
    summary: "A manager's new donation: {title, description, purpose, item_count, quantity_kg, total_value, boxes, donation_tag_id, images?}",
  }),
  get('/api/donations/:id', 'donations.get', { summary: 'One donation (its company and administrators)' }),
  put('/api/donations/:id', 'donations.update', { body: 'rest', summary: 'Edit a pending or denied donation (a denied one goes back to pending)' }),
  get('/api/donations/:id/qr', 'donations.qr', {
    query: ['format'],
    summary: 'The QR code of an approved donation: PNG, or SVG with format=svg',
    respond: { contentType: 'image/png', send: sendImage },
  }),

  get('/api/donations-dashboard/environmental-impact', 'donations.dashboard.environmentalImpact', {
    summary: 'kg donated and CO2e avoided (stored at hand-over), in total and by month: {success, data}',
  }),
  get('/api/donations-dashboard/donation-metrics', 'donations.dashboard.metrics', {
    summary: 'Donations by status and by tag, value handed over per currency: {success, data}',
  }),
  get('/api/donations-dashboard/top-donors', 'donations.dashboard.topDonors', {
    query: ['company_id', 'limit'],
    summary: "Donors by kg handed over; company_id adds that company's place: {success, data}",
  }),
  get('/api/donations-dashboard/donations-feed', 'donations.dashboard.feed', {
    query: ['page', 'size'],
    summary: 'Approved and handed-over donations, latest first, paged: {success, data}',
  }),

  get('/admin/donations', 'donations.admin.list', { query: 'rest', summary: 'Every donation, by status, paged' }),
  post('/admin/donations/:id/approve', 'donations.admin.approve', {
    body: ['approver_name'],
    summary: 'Approve a pending donation (409 otherwise); its managers get a notification and a mail',
  }),
  post('/admin/donations/:id/deny', 'donations.admin.deny', {
    body: ['reason'],
    summary: 'Deny a pending donation with a reason (409 otherwise); its managers get a notification and a mail',
  }),
  get('/api/donation-tags', 'donations.tags', { summary: 'The donation tags, for any signed-in company user' }),
  get('/admin/donation-tags', 'donations.admin.tags', { summary: 'Donation tags with how many donations use each' }),
  postCreated('/admin/donation-tags', 'donations.admin.createTag', { body: 'rest', summary: 'Create a donation tag' }),
  get('/admin/donation-tags/:id', 'donations.admin.tag', { summary: 'One donation tag' }),
  put('/admin/donation-tags/:id', 'donations.admin.updateTag', { body: 'rest', summary: 'Rename or describe a donation tag' }),
  del('/admin/donation-tags/:id', 'donations.admin.deleteTag', { summary: 'Delete a donation tag no donation uses (409 otherwise)' }),
];
