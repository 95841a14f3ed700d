// The permission matrix: every tRPC procedure of the app router and every REST route of
// the typed registry, called as anonymous, a MEMBER, a MANAGER, an ADMIN, a driver, and another company's MANAGER
// and MEMBER, against own objects and another company's. A refused call answers 401/403; anything else from an
// actor the table does not allow is an unexpected allow. Another company's object answers exactly like a missing
// one (same status, same error code, same message). A procedure or route missing from the table fails the suite.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { and, eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulk_upload_access_requests, newsletter_subscribers, notifications, users, webhook_deliveries } from '../../drizzle/schema';
import type { Role } from '../../shared/constants/enums';
import type { Actor } from '../lib/actor';
import { AppError } from '../lib/errors';
import { REST_ROUTES } from '../rest';
import { callProcedure, type RestRoute } from '../rest/define';
import {
  createAdmin,
  createCompanyWithUsers,
  createDriver,
  createFailedJob,
  createListing,
  createOutboxMail,
  createUser,
  TEST_PASSWORD,
} from '../test/factories';
import { pool } from '../test/pool';
import { useTestContext } from '../test/suite';
import type { Access, ProcedureMeta } from '../trpc/init';
import { PROCEDURES } from '../trpc/router';

const ACTORS = ['anonymous', 'member', 'manager', 'admin', 'driver', 'strangerManager', 'strangerMember', 'strangerDriver'] as const;
type ActorName = (typeof ACTORS)[number];

/** Who each rung lets in. Stated here, not read from the code, so a procedure moved to a lower rung fails. */
const ALLOWED: Record<Access, readonly ActorName[]> = {
  public: ACTORS,
  user: ['member', 'manager', 'admin', 'strangerManager', 'strangerMember'],
  company: ['member', 'manager', 'strangerManager', 'strangerMember'],
  manager: ['manager', 'strangerManager'],
  admin: ['admin'],
  driver: ['driver', 'strangerDriver'],
};

/**
 * Company A (member, manager) owns the objects; C trades with A; B is the stranger; plus an admin, a driver who
 * owns the trip, and a stranger driver (driver A vs driver B).
 */
interface Fixtures {
  A: Awaited<ReturnType<typeof createCompanyWithUsers>>;
  B: Awaited<ReturnType<typeof createCompanyWithUsers>>;
  C: Awaited<ReturnType<typeof createCompanyWithUsers>>;
  pending: Awaited<ReturnType<typeof createCompanyWithUsers>>;
  admin: Awaited<ReturnType<typeof createAdmin>>;
  driver: Awaited<ReturnType<typeof createDriver>>;
  strangerDriver: Awaited<ReturnType<typeof createDriver>>;
  /** A driver without trips, for the administrators' driver calls (delete included). */
  fleetDriver: number;
  vehicle: number;
  /** The driver's trip on A and C's synergy (ASSIGNED). */
  trip: number;
  listingA: number;
  /** An archived listing of A: only A may see it. */
  hiddenA: number;
  /** A listing of A that the allowed phase may delete. */
  victimA: number;
  listingC: number;
  /** C's offer on A's listing (A receives it). */
  offerToA: number;
  /** A's offer on C's listing (A made it). */
  offerByA: number;
  exchange: number;
  chat: number;
  /** One notification of A's MEMBER (notifications belong to a user, not a company). */
  notificationOfMember: number;
  plan: number;
  bulkRequest: number;
  /** An open invitation of A's manager. */
  invitationA: number;
  /** A's pending donation (its managers edit it; strangers get 404). */
  donationA: number;
  /** A's approved donation: its QR code for A and administrators. */
  approvedDonationA: number;
  /** The code of A's approved donation (public check and hand-over). */
  donationCode: string;
  /** Pending donations of A for the administrators' approve and deny. */
  donationToApprove: number;
  donationToDeny: number;
  donationTag: number;
  spareDonationTag: number;
  /** A user of A that A's manager may remove (destructive). */
  victimUser: number;
  /** A user of A whose credentials and account flags the calls change. */
  colleague: number;
  /** Administrators' categories: a group with a leaf, and a group and a leaf to delete. */
  categoryGroup: number;
  categoryLeaf: number;
  victimGroup: number;
  victimLeaf: number;
  /** Help-page queries: one to answer, one to mark answered. */
  query: number;
  otherQuery: number;
  newsletterToken: string;
  /** A job that failed for good, and an outbox mail whose sending failed (the administrators' retries). */
  failedJob: number;
  failedMail: number;
  /** A's open need, and C's (which A may answer with its listing). */
  needA: number;
  needC: number;
  /** A saved search of A's MEMBER (saved searches belong to a user). */
  savedSearchOfMember: number;
  /** A's API key, webhook and one of its deliveries. */
  apiKeyA: number;
  webhookA: number;
  deliveryA: number;
}

/** An id no row has. */
const MISSING = 2_000_000_000;

interface Entry {
  access: Access;
  /** A valid input as company A's people would send it. */
  input?: (f: Fixtures) => Record<string, unknown>;
  /**
   * The input field naming an object of A (or of A and C): strangers must get what a missing id gets. `owner:
   * 'member'` when the object is one user's (A's MANAGER is a stranger to it too); `owner: 'driver'` when it is
   * the driver's (the stranger driver must get what a missing id gets).
   */
  object?: { key: string; owner?: 'member' | 'driver' };
  /** Changes the shared fixtures: called by allowed actors last, after every other check. */
  destructive?: true;
  /**
   * A stranger's call succeeds without effect, exactly as with a missing id (marking someone else's notification
   * read updates nothing): the answers must be equal and the object unchanged.
   */
  noop?: true;
  /** A business refusal inside the rung that these inputs meet by design (not the ladder's 401/403). */
  serviceRefusal?: string;
}

const address = (city: string, latitude: number, longitude: number) => ({ address: `${city} 1`, city, country: 'DK', latitude, longitude });
const tripBody = (f: Fixtures) => ({
  exchange_id: f.exchange,
  driver_id: f.driver.id,
  vehicle_id: f.vehicle,
  contact_person: 'Matrix Contact',
  pickup_address: address('Copenhagen', 55.6761, 12.5683),
  dropoff_address: address('Roskilde', 55.6415, 12.0803),
  event_date: '2030-05-14',
  start_time: '09:30',
  materials: [f.listingA],
});

const needBody = (f: Fixtures) => ({
  title: 'Matrix need',
  description: 'Wanted for the matrix',
  material_group_id: f.categoryGroup,
  quantity: 10,
  unit: 'kg' as const,
  max_distance_km: 40,
});
const listingBody = {
  title: 'Spent grain',
  description: 'Wet spent grain',
  category: 'by-product',
  frequency: 'weekly',
  quantity: 100,
  condition: 'Fresh',
  type: 'Organic',
  final_use: 'Feed',
};
const donationBody = {
  title: 'Matrix chairs',
  description: 'Stackable chairs',
  purpose: 'A community hall',
  item_count: 10,
  quantity_kg: 40,
};
const registrationBody = (tag: string) => ({
  company_name: `Matrix ${tag}`,
  email: `matrix-${tag}@matrix-company.example`,
  password: 'a-long-enough-password',
  first_name: 'Ma',
  last_name: 'Trix',
});

/** Every procedure of the app router, classified. A new procedure without an entry fails the suite. */
const TABLE: Record<string, Entry> = {
  // audit
  'audit.admin.list': { access: 'admin', input: () => ({}) },
  'audit.admin.actors': { access: 'admin' },
  // auth
  'auth.login': { access: 'public', input: (f) => ({ username: f.C.member.email, password: TEST_PASSWORD }) },
  'auth.me': { access: 'user' },
  'auth.driverLogin': { access: 'public', input: (f) => ({ email: f.driver.email, phone: f.driver.phone }) },
  'auth.resetPassword': {
    access: 'public',
    input: (f) => ({ token: 'not-a-reset-token', username: f.C.member.email, password: 'a-long-enough-password' }),
  },
  'auth.logout': { access: 'user', destructive: true },
  'auth.logoutEverywhere': { access: 'user', destructive: true },
  'auth.changePassword': { access: 'user', input: () => ({ current_password: TEST_PASSWORD, new_password: TEST_PASSWORD }), destructive: true },
  'auth.admin.createResetLink': { access: 'admin', input: (f) => ({ user_id: f.A.member.id }) },
  // chat
  'chat.list': { access: 'company', input: () => ({}) },
  'chat.get': { access: 'user', input: (f) => ({ id: f.chat }), object: { key: 'id' } },
  'chat.attachments': { access: 'user', input: (f) => ({ id: f.chat }), object: { key: 'id' } },
  'chat.send': { access: 'company', input: (f) => ({ id: f.chat, message: 'Matrix hello' }), object: { key: 'id' } },
  'chat.markSeen': { access: 'company', input: (f) => ({ id: f.chat }), object: { key: 'id' } },
  // common
  'common.config': { access: 'public' },
  'common.landingStats': { access: 'public' },
  'common.countries': { access: 'public', input: () => ({}) },
  'common.materialGroups': { access: 'public' },
  'common.sdgs': { access: 'public' },
  'common.typedNames': { access: 'public' },
  'common.firstLevelSubcategories': { access: 'public', input: () => ({}) },
  'common.secondLevelSubcategories': { access: 'public', input: () => ({}) },
  'common.thirdLevelSubcategories': { access: 'public', input: () => ({}) },
  'common.geocode': { access: 'public', input: () => ({ q: 'Copenhagen' }) },
  'common.reverseGeocode': { access: 'public', input: () => ({ lat: 55.67, lng: 12.56 }) },
  'common.admin.materialGroups': { access: 'admin' },
  'common.admin.subcategories': { access: 'admin', input: (f) => ({ level: 1, parent_id: f.categoryGroup }) },
  'common.admin.searchCategories': { access: 'admin', input: () => ({ q: 'wood' }) },
  'common.admin.defraMaterials': { access: 'admin' },
  'common.admin.createMaterialGroup': {
    access: 'admin',
    input: () => ({ name: `Matrix group ${Math.random().toString(36).slice(2, 8)}`, kind: 'material' }),
  },
  'common.admin.updateMaterialGroup': { access: 'admin', input: (f) => ({ id: f.categoryGroup, name: 'Matrix group renamed' }) },
  'common.admin.deleteMaterialGroup': { access: 'admin', input: (f) => ({ id: f.victimGroup }), destructive: true },
  'common.admin.createSubcategory': { access: 'admin', input: (f) => ({ level: 1, name: 'Matrix first level', parent_id: f.categoryGroup }) },
  'common.admin.updateSubcategory': { access: 'admin', input: (f) => ({ level: 3, id: f.categoryLeaf, name: 'Matrix leaf renamed' }) },
  'common.admin.deleteSubcategory': { access: 'admin', input: (f) => ({ level: 3, id: f.victimLeaf }), destructive: true },
  // companies
  'companies.myAddresses': { access: 'company' },
  'companies.list': { access: 'user', input: () => ({}) },
  // Public fields to anyone signed in (private ones only to its own users): no stranger refusal to compare.
  'companies.get': { access: 'user', input: (f) => ({ id: f.A.company.id }) },
  'companies.update': { access: 'manager', input: (f) => ({ id: f.A.company.id, about_info: 'Matrix about' }), object: { key: 'id' } },
  'companies.admin.list': { access: 'admin', input: () => ({}) },
  'companies.admin.get': { access: 'admin', input: (f) => ({ id: f.A.company.id }) },
  'companies.admin.update': { access: 'admin', input: (f) => ({ id: f.A.company.id, member_since: '2024-01-01' }) },
  // driver
  'driver.me': { access: 'driver' },
  'driver.trips': { access: 'driver', input: () => ({}) },
  'driver.trip': { access: 'driver', input: (f) => ({ id: f.trip }), object: { key: 'id', owner: 'driver' } },
  // The trip is ASSIGNED: ARRIVED is a wrong order (409) for its driver, and 404 for the stranger as for a missing id.
  'driver.setStatus': { access: 'driver', input: (f) => ({ id: f.trip, status: 'ARRIVED' }), object: { key: 'id', owner: 'driver' } },
  'driver.startDelivery': { access: 'driver', input: (f) => ({ id: f.trip }), object: { key: 'id', owner: 'driver' } },
  'driver.updateLocation': { access: 'driver', input: () => ({ lat: 55.69, lng: 12.6 }) },
  'driver.route': {
    access: 'driver',
    input: (f) => ({ id: f.trip, leg: 'pickup', from: { lat: 55.69, lng: 12.6 } }),
    object: { key: 'id', owner: 'driver' },
  },
  'driver.documents': { access: 'driver', input: (f) => ({ id: f.trip }), object: { key: 'id', owner: 'driver' } },
  'driver.uploadDocuments': {
    access: 'driver',
    input: (f) => ({
      id: f.trip,
      documents: [{ name: 'cmr.pdf', body: `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64')}` }],
    }),
    object: { key: 'id', owner: 'driver' },
  },
  // donations: the company's users read, its managers write; administrators decide and keep tags; the QR page is public.
  'donations.mine': { access: 'company', input: () => ({}) },
  'donations.create': { access: 'manager', input: () => donationBody },
  'donations.update': { access: 'manager', input: (f) => ({ ...donationBody, id: f.donationA }), object: { key: 'id' } },
  'donations.tags': { access: 'company' },
  'donations.get': { access: 'user', input: (f) => ({ id: f.donationA }), object: { key: 'id' } },
  'donations.qr': { access: 'user', input: (f) => ({ id: f.approvedDonationA, format: 'svg' }), object: { key: 'id' } },
  'donations.verify': { access: 'public', input: (f) => ({ code: f.donationCode }) },
  'donations.confirmHandOver': { access: 'public', input: (f) => ({ code: f.donationCode }), destructive: true },
  // The dashboard is for company users with donations_dashboard_access (A's and B's managers have it): the service
  // refuses the others with 403 donation.dashboardAccess.
  'donations.dashboard.environmentalImpact': { access: 'company', serviceRefusal: 'FORBIDDEN' },
  'donations.dashboard.metrics': { access: 'company', serviceRefusal: 'FORBIDDEN' },
  'donations.dashboard.topDonors': { access: 'company', input: (f) => ({ company_id: f.A.company.id }), serviceRefusal: 'FORBIDDEN' },
  'donations.dashboard.feed': { access: 'company', input: () => ({}), serviceRefusal: 'FORBIDDEN' },
  'donations.admin.list': { access: 'admin', input: () => ({}) },
  'donations.admin.approve': { access: 'admin', input: (f) => ({ id: f.donationToApprove, approver_name: 'Matrix' }), destructive: true },
  'donations.admin.deny': { access: 'admin', input: (f) => ({ id: f.donationToDeny, reason: 'Matrix' }), destructive: true },
  'donations.admin.tags': { access: 'admin' },
  'donations.admin.tag': { access: 'admin', input: (f) => ({ id: f.donationTag }) },
  'donations.admin.createTag': { access: 'admin', input: () => ({ name: `Matrix tag ${Math.random().toString(36).slice(2, 8)}` }) },
  'donations.admin.updateTag': { access: 'admin', input: (f) => ({ id: f.donationTag, name: 'Matrix tag renamed' }) },
  'donations.admin.deleteTag': { access: 'admin', input: (f) => ({ id: f.spareDonationTag }), destructive: true },
  // drivers (administrators; a synergy's trips for its companies)
  'drivers.exchangeTrips': { access: 'company', input: (f) => ({ exchange_id: f.exchange }), object: { key: 'exchange_id' } },
  'drivers.admin.drivers': { access: 'admin', input: () => ({}) },
  'drivers.admin.driver': { access: 'admin', input: (f) => ({ id: f.fleetDriver }) },
  'drivers.admin.createDriver': {
    access: 'admin',
    input: () => ({ name: 'Matrix Driver', email: `matrix-${Math.random().toString(36).slice(2, 8)}@fleet.example`, phone: '+45 30 40 50 60' }),
  },
  'drivers.admin.updateDriver': { access: 'admin', input: (f) => ({ id: f.fleetDriver, name: 'Matrix Driver 2' }) },
  'drivers.admin.deleteDriver': { access: 'admin', input: (f) => ({ id: f.fleetDriver }), destructive: true },
  'drivers.admin.vehicles': { access: 'admin', input: () => ({}) },
  'drivers.admin.vehicle': { access: 'admin', input: (f) => ({ id: f.vehicle }) },
  'drivers.admin.createVehicle': {
    access: 'admin',
    input: () => ({ vehicle_number: `MX ${Math.random().toString(36).slice(2, 8)}`, make: 'Volvo', model: 'FL' }),
  },
  'drivers.admin.updateVehicle': { access: 'admin', input: (f) => ({ id: f.vehicle, model: 'FL Electric' }) },
  'drivers.admin.deleteVehicle': { access: 'admin', input: (f) => ({ id: f.vehicle }), destructive: true },
  'drivers.admin.trips': { access: 'admin', input: () => ({ from: '2030-05-01', to: '2030-05-31' }) },
  'drivers.admin.trip': { access: 'admin', input: (f) => ({ id: f.trip }) },
  'drivers.admin.createTrip': { access: 'admin', input: (f) => tripBody(f) },
  'drivers.admin.updateTrip': { access: 'admin', input: (f) => ({ id: f.trip, notes: 'Matrix note' }) },
  'drivers.admin.tripRoute': { access: 'admin', input: (f) => ({ id: f.trip }) },
  'drivers.admin.schedulable': { access: 'admin', input: () => ({}) },
  'drivers.admin.livePositions': { access: 'admin' },
  // exchanges
  'exchanges.list': { access: 'company', input: () => ({}) },
  'exchanges.stats': { access: 'company' },
  'exchanges.get': { access: 'user', input: (f) => ({ id: f.exchange }), object: { key: 'id' } },
  'exchanges.end': {
    access: 'company',
    input: (f) => ({ id: f.exchange, level_of_completion: 'COMPLETED', successful: true }),
    object: { key: 'id' },
    destructive: true,
  },
  'exchanges.rate': { access: 'company', input: (f) => ({ id: f.exchange, rating: 5, review: 'Good' }), object: { key: 'id' }, destructive: true },
  'exchanges.companyReviews': { access: 'user', input: (f) => ({ id: f.A.company.id }) },
  'exchanges.companySdgExchanges': { access: 'user', input: (f) => ({ id: f.A.company.id }) },
  // materials
  'materials.search': { access: 'company', input: () => ({}) },
  'materials.get': { access: 'company', input: (f) => ({ id: f.hiddenA }), object: { key: 'id' } },
  'materials.countryCodes': { access: 'user' },
  'materials.mine': { access: 'company', input: () => ({}) },
  'materials.create': { access: 'company', input: () => listingBody },
  'materials.update': { access: 'company', input: (f) => ({ ...listingBody, id: f.hiddenA }), object: { key: 'id' } },
  'materials.setStatus': { access: 'company', input: (f) => ({ id: f.hiddenA, action: 'reactivate' }), object: { key: 'id' }, destructive: true },
  'materials.delete': { access: 'company', input: (f) => ({ id: f.victimA }), object: { key: 'id' }, destructive: true },
  'materials.recommended': { access: 'company' },
  'materials.recommendationDisplays': { access: 'company' },
  'materials.recommendationClicked': { access: 'company', input: (f) => ({ material_id: f.hiddenA }), object: { key: 'material_id' } },
  'materials.bulkTemplate': { access: 'company' },
  'materials.bulkAccessStatus': { access: 'company' },
  'materials.requestBulkAccess': { access: 'company' },
  'materials.bulkUpload': {
    access: 'company',
    serviceRefusal: 'BULK_ACCESS_REQUIRED',
    input: () => ({ file_name: 'listings.csv', body_base64: Buffer.from('title\n').toString('base64') }),
  },
  'materials.admin.list': { access: 'admin', input: () => ({}) },
  'materials.admin.get': { access: 'admin', input: (f) => ({ id: f.listingA }) },
  'materials.admin.stats': { access: 'admin' },
  'materials.admin.totalClicks': { access: 'admin' },
  'materials.admin.bulkAccessRequests': { access: 'admin', input: () => ({}) },
  'materials.admin.reviewBulkAccess': { access: 'admin', input: (f) => ({ id: f.bulkRequest, decision: 'grant' }) },
  // newsletter, queries, registration
  'newsletter.subscribe': { access: 'public', input: () => ({ email: 'matrix@news.example', language: 'en' }) },
  'newsletter.unsubscribeInfo': { access: 'public', input: (f) => ({ token: f.newsletterToken }) },
  'newsletter.unsubscribe': { access: 'public', input: (f) => ({ token: f.newsletterToken }), destructive: true },
  'newsletter.admin.runs': { access: 'admin', input: () => ({}) },
  'queries.create': { access: 'public', input: () => ({ name: 'Matrix', email: 'matrix@query.example', message: 'A question' }) },
  'queries.admin.list': { access: 'admin', input: () => ({}) },
  'queries.admin.get': { access: 'admin', input: (f) => ({ id: f.query }) },
  'queries.admin.setRead': { access: 'admin', input: (f) => ({ id: f.query, read: true }) },
  'queries.admin.answer': { access: 'admin', input: (f) => ({ id: f.query, message: 'Matrix answer' }), destructive: true },
  'queries.admin.markAnswered': { access: 'admin', input: (f) => ({ id: f.otherQuery }), destructive: true },
  'registration.register': { access: 'public', input: () => registrationBody(Math.random().toString(36).slice(2, 8)) },
  'registration.registerBankPartner': { access: 'public', input: () => registrationBody(Math.random().toString(36).slice(2, 8)) },
  'registration.admin.list': { access: 'admin', input: () => ({}) },
  'registration.admin.get': { access: 'admin', input: (f) => ({ id: f.pending.company.id }) },
  'registration.admin.review': {
    access: 'admin',
    input: (f) => ({ id: f.pending.company.id, decision: 'reject', reason: 'Matrix' }),
    destructive: true,
  },
  'registration.admin.stats': { access: 'admin', input: () => ({}) },
  // notifications
  'notifications.counters': { access: 'company' },
  'notifications.list': { access: 'company', input: () => ({}) },
  'notifications.unseen': { access: 'company' },
  'notifications.markRead': {
    access: 'company',
    input: (f) => ({ notifications: [f.notificationOfMember] }),
    object: { key: 'notifications', owner: 'member' },
    noop: true,
  },
  'notifications.remove': {
    access: 'company',
    input: (f) => ({ id: f.notificationOfMember }),
    object: { key: 'id', owner: 'member' },
    destructive: true,
  },
  'notifications.admin.outbox': { access: 'admin', input: () => ({}) },
  'notifications.admin.outboxMail': { access: 'admin', input: (f) => ({ id: f.failedMail }) },
  'notifications.admin.resendMail': { access: 'admin', input: (f) => ({ id: f.failedMail }), destructive: true },
  // jobs
  'jobs.admin.list': { access: 'admin', input: () => ({}) },
  'jobs.admin.retry': { access: 'admin', input: (f) => ({ id: f.failedJob }), destructive: true },
  // offers
  'offers.list': { access: 'company', input: () => ({ direction: 'received' }) },
  'offers.pending': { access: 'company', input: () => ({}) },
  'offers.get': { access: 'company', input: (f) => ({ id: f.offerToA }), object: { key: 'id' } },
  // An archived listing answers every company 409 "no longer active" (what integrators asked for): it says the
  // listing exists, and nothing of its content.
  'offers.create': { access: 'company', input: (f) => ({ material_id: f.hiddenA, quantity: 1, message: 'Matrix' }) },
  'offers.update': { access: 'company', input: (f) => ({ id: f.offerByA, quantity: 2 }), object: { key: 'id' } },
  'offers.withdraw': { access: 'company', input: (f) => ({ id: f.offerByA }), object: { key: 'id' }, destructive: true },
  // A's own offer: not A's turn to counter (the listing's company answers first), so the service refuses with 403.
  'offers.counter': {
    access: 'company',
    input: (f) => ({ id: f.offerByA, unit_price: 9, message: 'Matrix' }),
    object: { key: 'id' },
    serviceRefusal: 'FORBIDDEN',
  },
  'offers.review': {
    access: 'company',
    input: (f) => ({ id: f.offerToA, decision: 'reject', reason: 'Matrix' }),
    object: { key: 'id' },
    destructive: true,
  },
  // stats (impact)
  'stats.company': { access: 'user', input: (f) => ({ id: f.A.company.id }), object: { key: 'id' } },
  'stats.records': { access: 'user', input: (f) => ({ id: f.A.company.id }), object: { key: 'id' } },
  'stats.export': { access: 'user', input: (f) => ({ id: f.A.company.id, format: 'csv' }), object: { key: 'id' } },
  'stats.certificate': { access: 'user', input: (f) => ({ id: f.exchange }), object: { key: 'id' } },
  'stats.verify': { access: 'public', input: () => ({ code: '00000000-0000-4000-8000-000000000000' }) },
  // A is not a parent company: its people are refused the portfolio by the service (403 stats.notParentCompany).
  'stats.portfolio': { access: 'company', serviceRefusal: 'FORBIDDEN' },
  'stats.admin.platform': { access: 'admin' },
  'stats.admin.exchanges': { access: 'admin', input: () => ({}) },
  'stats.method': { access: 'public' },
  'stats.admin.mappings': { access: 'admin', input: () => ({ level: 'group' }) },
  'stats.admin.searchMappings': { access: 'admin', input: () => ({ q: 'wood' }) },
  'stats.admin.mappingChoices': { access: 'admin' },
  'stats.admin.setMapping': {
    access: 'admin',
    input: (f) => ({ level: 'third', id: f.categoryLeaf, defra_material: 'Wood', basis: 'disposal_only', counterfactual_route: 'Landfill' }),
  },
  'stats.admin.deleteMapping': { access: 'admin', input: (f) => ({ level: 'third', id: f.categoryLeaf }) },
  // subscriptions
  'subscriptions.mine': { access: 'company' },
  'subscriptions.admin.plans': { access: 'admin' },
  'subscriptions.admin.activePlans': { access: 'admin' },
  'subscriptions.admin.plan': { access: 'admin', input: (f) => ({ id: f.plan }) },
  'subscriptions.admin.createPlan': { access: 'admin', input: () => ({ name: 'Matrix plan', start_date: '2030-01-01', end_date: '2031-01-01' }) },
  'subscriptions.admin.updatePlan': { access: 'admin', input: (f) => ({ id: f.plan, name: 'Matrix plan 2' }) },
  'subscriptions.admin.deletePlan': { access: 'admin', input: (f) => ({ id: f.plan }), destructive: true },
  'subscriptions.admin.companyStatus': { access: 'admin', input: (f) => ({ company_id: f.A.company.id }) },
  'subscriptions.admin.assign': { access: 'admin', input: (f) => ({ company_id: f.A.company.id, subscription_plan_id: f.plan }) },
  'subscriptions.admin.extend': { access: 'admin', input: (f) => ({ company_id: f.A.company.id, days: 1 }) },
  'subscriptions.admin.history': { access: 'admin', input: (f) => ({ company_id: f.A.company.id }) },
  // users
  'users.setLanguage': { access: 'user', input: () => ({ language: 'en' }) },
  'users.emailPreferences': { access: 'user' },
  'users.setEmailPreferences': { access: 'user', input: () => ({ email_notifications_activity: true }) },
  // A person's public page: anyone signed in reads the public fields, so strangers are not refused.
  'users.get': { access: 'user', input: (f) => ({ id: f.A.member.id }) },
  'users.update': { access: 'company', input: (f) => ({ id: f.A.member.id, official_role: 'Matrix role' }), object: { key: 'id' } },
  'users.list': { access: 'manager', input: () => ({}) },
  'users.create': {
    access: 'manager',
    input: () => ({ email: `matrix-${Math.random().toString(36).slice(2, 8)}@acme.example`, role: 'MEMBER' }),
  },
  // invitations
  'invitations.create': {
    access: 'manager',
    input: (f) => ({ company_id: f.A.company.id, email: `matrix-${Math.random().toString(36).slice(2, 8)}@acme.example`, role: 'MEMBER' }),
    object: { key: 'company_id' },
  },
  'invitations.list': { access: 'manager', input: (f) => ({ company_id: f.A.company.id }), object: { key: 'company_id' } },
  'invitations.revoke': {
    access: 'manager',
    input: (f) => ({ company_id: f.A.company.id, id: f.invitationA }),
    object: { key: 'company_id' },
    destructive: true,
  },
  'invitations.get': { access: 'public', input: () => ({ token: 'not-an-invitation-token' }) },
  'invitations.accept': {
    access: 'public',
    input: () => ({ token: 'not-an-invitation-token', first_name: 'Matrix', last_name: 'Invitee', password: 'a-long-enough-password' }),
  },
  'users.remove': { access: 'manager', input: (f) => ({ id: f.victimUser }), object: { key: 'id' }, destructive: true },
  'users.setCredentials': {
    access: 'manager',
    input: (f) => ({ id: f.colleague, user: { password: TEST_PASSWORD }, requestMadeByUser: { password: TEST_PASSWORD } }),
    object: { key: 'id' },
  },
  // needs: company users alike; an open need is readable by every company (so strangers are not refused a read)
  'needs.mine': { access: 'company', input: () => ({}) },
  'needs.search': { access: 'company', input: () => ({ proximity: 'any' }) },
  'needs.get': { access: 'company', input: (f) => ({ id: f.needA }) },
  'needs.create': { access: 'company', input: (f) => needBody(f) },
  'needs.update': { access: 'company', input: (f) => ({ ...needBody(f), id: f.needA, title: 'Matrix need 2' }), object: { key: 'id' } },
  'needs.delete': { access: 'company', input: (f) => ({ id: f.needA }), object: { key: 'id' }, destructive: true },
  // A answers C's need with its own listing: a stranger naming A's listing gets what a missing listing gets.
  'needs.answer': { access: 'company', input: (f) => ({ id: f.needC, material_id: f.listingA }), object: { key: 'material_id' }, destructive: true },
  'materials.savedSearches.list': { access: 'company' },
  'materials.savedSearches.create': { access: 'company', input: () => ({ name: 'Matrix search', filters: { proximity: '20' }, notify: false }) },
  'materials.savedSearches.delete': {
    access: 'company',
    input: (f) => ({ id: f.savedSearchOfMember }),
    object: { key: 'id', owner: 'member' },
    destructive: true,
  },
  // integrations: the company's managers
  'integrations.apiKeys.list': { access: 'manager', input: (f) => ({ company_id: f.A.company.id }), object: { key: 'company_id' } },
  'integrations.apiKeys.create': {
    access: 'manager',
    input: (f) => ({ company_id: f.A.company.id, name: 'Matrix key', scopes: ['read'] }),
    object: { key: 'company_id' },
  },
  'integrations.apiKeys.revoke': {
    access: 'manager',
    input: (f) => ({ company_id: f.A.company.id, key_id: f.apiKeyA }),
    object: { key: 'company_id' },
    destructive: true,
  },
  'integrations.webhooks.list': { access: 'manager', input: (f) => ({ company_id: f.A.company.id }), object: { key: 'company_id' } },
  'integrations.webhooks.create': {
    access: 'manager',
    input: (f) => ({ company_id: f.A.company.id, url: 'https://matrix.example.com/hook', events: ['offer.received'] }),
    object: { key: 'company_id' },
  },
  'integrations.webhooks.deliveries': {
    access: 'manager',
    input: (f) => ({ company_id: f.A.company.id, webhook_id: f.webhookA }),
    object: { key: 'company_id' },
  },
  'integrations.webhooks.retry': {
    access: 'manager',
    input: (f) => ({ company_id: f.A.company.id, webhook_id: f.webhookA, delivery_id: f.deliveryA }),
    object: { key: 'company_id' },
    destructive: true,
  },
  'integrations.webhooks.delete': {
    access: 'manager',
    input: (f) => ({ company_id: f.A.company.id, webhook_id: f.webhookA }),
    object: { key: 'company_id' },
    destructive: true,
  },
  'users.admin.list': { access: 'admin', input: () => ({}) },
  'users.admin.update': { access: 'admin', input: (f) => ({ id: f.colleague, donations_dashboard_access: true }) },
};

/** What one call answered, in the terms both transports share. */
interface Outcome {
  status: number;
  code: string;
  message: string;
}
const refused = (o: Outcome) => o.status === 401 || o.status === 403;
const serviceRefused = (e: Entry, o: Outcome) => !!e.serviceRefusal && o.code.split('/')[0] === e.serviceRefusal;
const show = (o: Outcome) => `${o.status} ${o.code}`;

const t = useTestContext();
let f: Fixtures;
let server: http.Server;
let base: string;
const actors = {} as Record<ActorName, Actor>;
const tokens = {} as Record<ActorName, string | null>;

/** Every allow the table does not expect, every stranger answer that differs from a missing id's, on both transports. */
const unexpected: string[] = [];
const figures = { trpcCalls: 0, restCalls: 0, refused: 0, allowed: 0, allowedOk: 0, strangerComparisons: 0 };

async function callTrpc(actor: ActorName, path: string, input: unknown): Promise<Outcome> {
  figures.trpcCalls += 1;
  try {
    const result = await callProcedure(t.caller(actors[actor]), path as never, input);
    return { status: 200, code: 'OK', message: JSON.stringify(result ?? null) };
  } catch (err) {
    if (!(err instanceof TRPCError)) throw err;
    const app = err.cause instanceof AppError ? err.cause.code : err.code;
    return { status: getHTTPStatusCodeFromError(err), code: app, message: err.message };
  }
}

/** The request a REST client sends for this input: path parameters filled in, the rest as query or JSON body. */
async function callRest(actor: ActorName, r: RestRoute, input: Record<string, unknown> | undefined): Promise<Outcome> {
  figures.restCalls += 1;
  const values = { ...input };
  let url = r.path;
  for (const [param, key] of Object.entries(r.params)) {
    url = url.replace(`:${param}`, encodeURIComponent(String(values[key])));
    delete values[key];
  }
  for (const key of Object.keys(r.fixed ?? {})) delete values[key];
  let req = request(base)[r.method](url);
  const token = tokens[actor];
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  if (r.upload) {
    const name = String(values[r.upload.fields.name] ?? 'file.csv');
    req = req.attach('file', Buffer.from(String(values[r.upload.fields.base64] ?? ''), 'base64'), name);
  } else if (r.method === 'get' || r.method === 'delete') req = req.query(values);
  else req = req.send(values);
  const res = await req;
  const error = (res.body as { error?: { code: string; message_code: string; message: string } } | null)?.error;
  return { status: res.status, code: error ? `${error.code}/${error.message_code}` : 'OK', message: error?.message ?? res.text };
}

const inputOf = (path: string) => TABLE[path]?.input?.(f);
const missingInput = (e: Entry, input: Record<string, unknown>) => {
  const key = e.object!.key;
  return { ...input, [key]: Array.isArray(input[key]) ? [MISSING] : MISSING };
};
const strangersOf = (e: Entry): ActorName[] =>
  e.object?.owner === 'driver'
    ? ['strangerDriver']
    : e.object?.owner === 'member'
      ? ['manager', 'strangerManager', 'strangerMember']
      : ['strangerManager', 'strangerMember'];
const restRoutesOf = (path: string) => REST_ROUTES.filter((r) => r.procedure === path);

beforeAll(async () => {
  const db = t.database.db;
  const [A, B, C, pending, admin, driver, strangerDriver, fleetDriver] = await Promise.all([
    createCompanyWithUsers(db),
    createCompanyWithUsers(db),
    createCompanyWithUsers(db),
    createCompanyWithUsers(db, { status: 'pending' }),
    createAdmin(db),
    createDriver(db, { phone: '+45 20 30 40 50' }),
    createDriver(db, { phone: '+45 21 31 41 51' }),
    createDriver(db, { phone: '+45 22 32 42 52' }),
  ]);
  const [listingA, hiddenA, victimA, listingC, tradeA] = await Promise.all([
    createListing(db, A.company.id),
    createListing(db, A.company.id, { status: 'archived' }),
    createListing(db, A.company.id),
    createListing(db, C.company.id),
    createListing(db, A.company.id, { quantity: 5000 }),
  ]);
  const offerToA = await t.caller(C.memberActor).offers.create({ material_id: listingA.id, quantity: 10, message: 'Matrix offer' });
  const offerByA = await t.caller(A.memberActor).offers.create({ material_id: listingC.id, quantity: 10, message: 'Matrix offer' });
  const traded = await t.caller(C.memberActor).offers.create({ material_id: tradeA.id, quantity: 10, message: 'Matrix trade' });
  const { exchange_id } = await t.caller(A.managerActor).offers.review({ id: traded.id, decision: 'accept' });
  const exchange = await t.caller(A.memberActor).exchanges.get({ id: exchange_id! });
  await t.caller(C.memberActor).chat.send({ id: exchange.chat_id!, message: 'Hello A' });
  const [notification] = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.user_id, A.member.id)).limit(1);
  const plan = await t
    .caller(admin.adminActor)
    .subscriptions.admin.createPlan({ name: 'Matrix fixture', start_date: '2030-01-01', end_date: '2031-01-01' });
  await t.caller(C.managerActor).materials.requestBulkAccess();
  const [bulk] = await db
    .select({ id: bulk_upload_access_requests.id })
    .from(bulk_upload_access_requests)
    .where(and(eq(bulk_upload_access_requests.company_id, C.company.id)));
  const vehicle = await t.caller(admin.adminActor).drivers.admin.createVehicle({ vehicle_number: 'MX 1', make: 'Volvo', model: 'FL' });
  const [donationA, approvedDonationA, donationToApprove, donationToDeny] = [
    await t.caller(A.managerActor).donations.create(donationBody),
    await t.caller(A.managerActor).donations.create(donationBody),
    await t.caller(A.managerActor).donations.create(donationBody),
    await t.caller(A.managerActor).donations.create(donationBody),
  ];
  const approvedA = await t.caller(admin.adminActor).donations.admin.approve({ id: approvedDonationA.id, approver_name: 'Matrix fixture' });
  const donationTag = await t.caller(admin.adminActor).donations.admin.createTag({ name: 'Matrix fixture tag', description: null });
  const spareDonationTag = await t.caller(admin.adminActor).donations.admin.createTag({ name: 'Matrix spare tag', description: null });
  await db
    .update(users)
    .set({ donations_dashboard_access: true })
    .where(inArray(users.id, [A.manager.id, B.manager.id]));
  const categories = t.caller(admin.adminActor).common.admin;
  const categoryGroup = await categories.createMaterialGroup({ name: 'Matrix category group', kind: 'material' });
  const victimGroup = await categories.createMaterialGroup({ name: 'Matrix victim group', kind: 'knowledge' });
  const l1 = await categories.createSubcategory({ level: 1, name: 'Matrix l1', parent_id: categoryGroup.id });
  const l2 = await categories.createSubcategory({ level: 2, name: 'Matrix l2', parent_id: l1.id });
  const categoryLeaf = await categories.createSubcategory({ level: 3, name: 'Matrix leaf', parent_id: l2.id });
  const victimLeaf = await categories.createSubcategory({ level: 3, name: 'Matrix victim leaf', parent_id: l2.id });
  const query = await t.caller().queries.create({ name: 'Matrix', email: 'matrix@query.example', message: 'First question' });
  const otherQuery = await t.caller().queries.create({ name: 'Matrix', email: 'matrix@query.example', message: 'Second question' });
  await t.caller().newsletter.subscribe({ email: 'matrix-token@news.example', language: 'en' });
  const [subscriber] = await db
    .select({ token: newsletter_subscribers.unsubscribe_token })
    .from(newsletter_subscribers)
    .where(eq(newsletter_subscribers.email, 'matrix-token@news.example'));
  f = {
    A,
    B,
    C,
    pending,
    admin,
    driver,
    strangerDriver,
    fleetDriver: fleetDriver.id,
    vehicle: vehicle.id,
    trip: 0,
    listingA: listingA.id,
    hiddenA: hiddenA.id,
    victimA: victimA.id,
    listingC: listingC.id,
    offerToA: offerToA.id,
    offerByA: offerByA.id,
    exchange: exchange_id!,
    chat: exchange.chat_id!,
    notificationOfMember: notification!.id,
    plan: plan.id,
    bulkRequest: bulk!.id,
    invitationA: (
      await t.caller(A.managerActor).invitations.create({ company_id: A.company.id, email: 'matrix-invitee@acme.example', role: 'MEMBER' })
    ).id,
    donationA: donationA.id,
    approvedDonationA: approvedDonationA.id,
    donationCode: approvedA.qr_code!,
    donationToApprove: donationToApprove.id,
    donationToDeny: donationToDeny.id,
    donationTag: donationTag.id,
    spareDonationTag: spareDonationTag.id,
    victimUser: (await createUser(db, { company_id: A.company.id })).id,
    colleague: (await createUser(db, { company_id: A.company.id })).id,
    categoryGroup: categoryGroup.id,
    categoryLeaf: categoryLeaf.id,
    victimGroup: victimGroup.id,
    victimLeaf: victimLeaf.id,
    query: query.id,
    otherQuery: otherQuery.id,
    newsletterToken: subscriber!.token,
    failedJob: (await createFailedJob(db)).id,
    failedMail: (await createOutboxMail(db, { status: 'failed' })).id,
    needA: 0,
    needC: 0,
    savedSearchOfMember: 0,
    apiKeyA: 0,
    webhookA: 0,
    deliveryA: 0,
  };
  f.needA = (await t.caller(A.managerActor).needs.create(needBody(f))).id;
  f.needC = (await t.caller(C.managerActor).needs.create(needBody(f))).id;
  f.savedSearchOfMember = (await t.caller(A.memberActor).materials.savedSearches.create({ name: 'Matrix', filters: {}, notify: false })).id;
  const integrations = t.caller(A.managerActor).integrations;
  f.apiKeyA = (await integrations.apiKeys.create({ company_id: A.company.id, name: 'Matrix', scopes: ['read', 'write'] })).id;
  f.webhookA = (await integrations.webhooks.create({ company_id: A.company.id, url: 'https://matrix.example.com/a', events: ['offer.received'] })).id;
  const [delivery] = await db
    .insert(webhook_deliveries)
    .values({ endpoint_id: f.webhookA, msg_id: 'msg_matrix', event_type: 'offer.received', body: '{}', status: 'failed', attempts: 8 })
    .returning({ id: webhook_deliveries.id });
  f.deliveryA = delivery!.id;
  f.trip = (await t.caller(admin.adminActor).drivers.admin.createTrip({ ...tripBody(f), materials: [tradeA.id] })).id;
  Object.assign(actors, {
    anonymous: { kind: 'anonymous' },
    member: A.memberActor,
    manager: A.managerActor,
    admin: admin.adminActor,
    driver: { kind: 'driver', driver_id: driver.id },
    strangerManager: B.managerActor,
    strangerMember: B.memberActor,
    strangerDriver: { kind: 'driver', driver_id: strangerDriver.id },
  } satisfies Record<ActorName, Actor>);
  const userToken = (u: { id: number; role: Role; company_id: number | null }) =>
    t.deps.tokens.signUser({ sub: String(u.id), role: u.role, company_id: u.company_id, tv: 0 }, 3600);
  Object.assign(tokens, {
    anonymous: null,
    member: userToken(A.member),
    manager: userToken(A.manager),
    admin: userToken(admin.admin),
    driver: t.deps.tokens.signDriver({ sub: String(driver.id), tv: driver.token_version }, 3600),
    strangerManager: userToken(B.manager),
    strangerMember: userToken(B.member),
    strangerDriver: t.deps.tokens.signDriver({ sub: String(strangerDriver.id), tv: strangerDriver.token_version }, 3600),
  } satisfies Record<ActorName, string | null>);
  server = http.createServer(t.app());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe('permission matrix', () => {
  const procedures = Object.entries(PROCEDURES).map(([path, p]) => ({ path, access: (p._def.meta as ProcedureMeta | undefined)?.access }));

  it('classifies every procedure and every REST route, and the table agrees with the ladder', () => {
    expect(procedures.filter((p) => !TABLE[p.path]).map((p) => p.path)).toEqual([]);
    expect(Object.keys(TABLE).filter((path) => !PROCEDURES[path])).toEqual([]);
    expect(REST_ROUTES.filter((r) => !TABLE[r.procedure]).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(
      procedures.filter((p) => p.access !== TABLE[p.path]?.access).map((p) => `${p.path}: ${p.access} (table ${TABLE[p.path]?.access})`),
    ).toEqual([]);
  });

  it('refuses every actor a rung does not let in, on tRPC and REST (0 unexpected allows)', async () => {
    const started = Date.now();
    const tasks: (() => Promise<void>)[] = [];
    for (const { path } of procedures) {
      const e = TABLE[path]!;
      for (const actor of ACTORS.filter((a) => !ALLOWED[e.access].includes(a))) {
        const check = (where: string, o: Outcome) => {
          if (refused(o) && (actor !== 'anonymous' || o.status === 401)) figures.refused += 1;
          else unexpected.push(`${where} as ${actor}: ${show(o)}`);
        };
        tasks.push(async () => check(`trpc ${path}`, await callTrpc(actor, path, inputOf(path))));
        for (const r of restRoutesOf(path))
          tasks.push(async () => check(`${r.method.toUpperCase()} ${r.path}`, await callRest(actor, r, inputOf(path))));
      }
    }
    await pool(tasks, 8);
    console.info(`refusals: ${figures.refused} calls refused in ${Date.now() - started} ms`);
    expect(unexpected).toEqual([]);
  });

  it('answers a user token (company users and administrators) on every driver path with 401, on tRPC and REST', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const { path } of procedures.filter((p) => TABLE[p.path]?.access === 'driver')) {
      for (const actor of ['member', 'manager', 'admin', 'strangerManager'] as const) {
        const o = await callTrpc(actor, path, inputOf(path));
        calls += 1;
        if (o.status !== 401) wrong.push(`trpc ${path} as ${actor}: ${show(o)}`);
        for (const r of restRoutesOf(path)) {
          const ro = await callRest(actor, r, inputOf(path));
          calls += 1;
          if (ro.status !== 401) wrong.push(`${r.method.toUpperCase()} ${r.path} as ${actor}: ${show(ro)}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });

  it('answers every admin path with 401 to anonymous and driver tokens and 403 to company users, on tRPC and REST', async () => {
    const wrong: string[] = [];
    const expected: Partial<Record<ActorName, number>> = { anonymous: 401, driver: 401, member: 403, manager: 403, strangerManager: 403 };
    const tasks: (() => Promise<void>)[] = [];
    for (const { path } of procedures.filter((p) => TABLE[p.path]?.access === 'admin')) {
      for (const [actor, status] of Object.entries(expected) as [ActorName, number][]) {
        tasks.push(async () => {
          const o = await callTrpc(actor, path, inputOf(path));
          if (o.status !== status) wrong.push(`trpc ${path} as ${actor}: ${show(o)} (want ${status})`);
        });
        for (const r of restRoutesOf(path))
          tasks.push(async () => {
            const o = await callRest(actor, r, inputOf(path));
            if (o.status !== status) wrong.push(`${r.method.toUpperCase()} ${r.path} as ${actor}: ${show(o)} (want ${status})`);
          });
      }
    }
    await pool(tasks, 8);
    expect(tasks.length).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });

  it("answers another company's object exactly like a missing one, on tRPC and REST", async () => {
    const mismatches: string[] = [];
    const tasks: (() => Promise<void>)[] = [];
    for (const { path } of procedures) {
      const e = TABLE[path]!;
      if (!e.object) continue;
      const input = e.input!(f);
      const missing = missingInput(e, input);
      for (const actor of strangersOf(e)) {
        tasks.push(async () => {
          const [theirs, none] = [await callTrpc(actor, path, input), await callTrpc(actor, path, missing)];
          figures.strangerComparisons += 1;
          if ((theirs.status < 400 && !e.noop) || show(theirs) !== show(none) || theirs.message !== none.message)
            mismatches.push(`trpc ${path} as ${actor}: ${show(theirs)} vs missing ${show(none)}`);
        });
        for (const r of restRoutesOf(path)) {
          tasks.push(async () => {
            const [theirs, none] = [await callRest(actor, r, input), await callRest(actor, r, missing)];
            figures.strangerComparisons += 1;
            if ((theirs.status < 400 && !e.noop) || show(theirs) !== show(none) || theirs.message !== none.message)
              mismatches.push(`${r.method.toUpperCase()} ${r.path} as ${actor}: ${show(theirs)} vs missing ${show(none)}`);
          });
        }
      }
    }
    await pool(tasks, 8);
    expect(mismatches).toEqual([]);
    // The strangers' no-op calls left the member's notification as it was.
    const [row] = await t.database.db.select({ seen: notifications.seen }).from(notifications).where(eq(notifications.id, f.notificationOfMember));
    expect(row).toEqual({ seen: false });
  });

  it('lets in every actor a rung allows (their own objects), destructive calls last', async () => {
    const wronglyRefused: string[] = [];
    const run = async (path: string, actor: ActorName) => {
      const e = TABLE[path]!;
      // A stranger's call on A's object was checked above; here each actor uses what it owns or may see.
      if (e.object && strangersOf(e).includes(actor)) return;
      const o = await callTrpc(actor, path, inputOf(path));
      figures.allowed += 1;
      if (o.status < 300) figures.allowedOk += 1;
      // Member-only restrictions inside a rung (a MEMBER may not write donations) are 403 by design; none apply to these inputs.
      if (refused(o) && !serviceRefused(e, o)) wronglyRefused.push(`trpc ${path} as ${actor}: ${show(o)}`);
      if (e.destructive) return;
      for (const r of restRoutesOf(path)) {
        const ro = await callRest(actor, r, inputOf(path));
        if (refused(ro) && !serviceRefused(e, ro)) wronglyRefused.push(`${r.method.toUpperCase()} ${r.path} as ${actor}: ${show(ro)}`);
      }
    };
    const safe = procedures.filter((p) => !TABLE[p.path]!.destructive);
    await pool(
      safe.flatMap(({ path }) => ALLOWED[TABLE[path]!.access].map((a) => () => run(path, a))),
      8,
    );
    // Destructive ones one at a time, so each finds its object as the table describes it.
    for (const { path } of procedures.filter((p) => TABLE[p.path]!.destructive)) for (const a of ALLOWED[TABLE[path]!.access]) await run(path, a);
    expect(wronglyRefused).toEqual([]);
    // Every procedure x every allowed actor, on PGlite one query at a time: more than the default 30 s on a busy machine.
  }, 180_000);

  afterAll(() => {
    console.info(
      `permission matrix: ${procedures.length} procedures, ${REST_ROUTES.length} REST routes, ${figures.trpcCalls} tRPC + ${figures.restCalls} REST calls; ` +
        `${figures.refused} refused as expected, ${figures.strangerComparisons} stranger-vs-missing comparisons, ${figures.allowed} allowed tRPC calls (${figures.allowedOk} succeeded, the rest met business rules); ${unexpected.length} unexpected allows`,
    );
  });
});
