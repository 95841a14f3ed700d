// The route table (SPEC §2): path, access rule, layout and page title, in one place.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * public      anyone (landing, help)
 * guest       signed-out only (login, register, forgot, reset)
 * user        company user (MEMBER/MANAGER); admins are sent to /admin/panel
 * manager     company MANAGER; others stay where they were
 * admin       ADMIN; others stay where they were
 * adminGuest  /admin/login; an administrator goes to /admin/panel
 * driver      needs a driver token, else /driver/login
 * driverGuest /driver/login; with a driver token goes to /driver
 */
export type Access = 'public' | 'guest' | 'user' | 'manager' | 'admin' | 'adminGuest' | 'driver' | 'driverGuest';
export type Layout = 'public' | 'app' | 'admin' | 'driver';
/** Extra conditions on a company-user route (SPEC §2: dashboard access flag, parent company). */
export type Requirement = 'donationsDashboardAccess' | 'parentCompany';

export interface RouteDef {
  name: string;
  path: string;
  access: Access;
  layout: Layout;
  title: MessageDescriptor;
  requires?: Requirement;
}

const r = <N extends string>(def: RouteDef & { name: N }) => def;

export const ROUTES = [
  r({ name: 'home', path: '/', access: 'public', layout: 'public', title: msg`Local synergies have global impact` }),
  r({ name: 'landing', path: '/landing', access: 'public', layout: 'public', title: msg`Local synergies have global impact` }),
  r({ name: 'login', path: '/login', access: 'guest', layout: 'public', title: msg`Log in` }),
  r({ name: 'registerBankPartner', path: '/register/bank-partner', access: 'guest', layout: 'public', title: msg`Register with a bank partner` }),
  r({ name: 'register', path: '/register', access: 'guest', layout: 'public', title: msg`Register your company` }),
  r({ name: 'forgotPassword', path: '/forgot-password', access: 'guest', layout: 'public', title: msg`Forgot password` }),
  r({ name: 'resetPassword', path: '/reset-password/:resetToken', access: 'guest', layout: 'public', title: msg`Reset password` }),
  r({ name: 'invitation', path: '/invitation/:token', access: 'guest', layout: 'public', title: msg`Join your company` }),
  r({ name: 'help', path: '/help', access: 'public', layout: 'public', title: msg`Help` }),
  r({ name: 'verifyImpact', path: '/verify/impact/:code', access: 'public', layout: 'public', title: msg`Impact certificate check` }),
  r({ name: 'verifyDonation', path: '/donations/verify/:code', access: 'public', layout: 'public', title: msg`Donation check` }),
  r({
    name: 'newsletterUnsubscribe',
    path: '/newsletter/unsubscribe/:token',
    access: 'public',
    layout: 'public',
    title: msg`Unsubscribe from the newsletter`,
  }),

  r({ name: 'database', path: '/database', access: 'user', layout: 'app', title: msg`Materials database` }),
  r({ name: 'myNeeds', path: '/needs', access: 'user', layout: 'app', title: msg`My needs` }),
  r({ name: 'needsNear', path: '/needs/near', access: 'user', layout: 'app', title: msg`Needs near you` }),
  r({ name: 'material', path: '/material/:materialId', access: 'user', layout: 'app', title: msg`Material` }),
  r({ name: 'messages', path: '/messages', access: 'user', layout: 'app', title: msg`Messages` }),
  r({ name: 'company', path: '/companies/:id', access: 'user', layout: 'app', title: msg`Company` }),
  r({ name: 'user', path: '/users/:id', access: 'user', layout: 'app', title: msg`User profile` }),
  r({ name: 'personalInfo', path: '/account/personal-info', access: 'user', layout: 'app', title: msg`Personal info` }),
  r({ name: 'managerPanel', path: '/account/manager-panel', access: 'manager', layout: 'app', title: msg`Manager panel` }),
  r({ name: 'managerOfferings', path: '/account/manager-panel/offerings', access: 'manager', layout: 'app', title: msg`Manager panel: offerings` }),
  r({
    name: 'managerUsers',
    path: '/account/manager-panel/user-management',
    access: 'manager',
    layout: 'app',
    title: msg`Manager panel: user management`,
  }),
  r({ name: 'managerDonations', path: '/account/manager-panel/donations', access: 'manager', layout: 'app', title: msg`Manager panel: donations` }),
  r({
    name: 'managerIntegrations',
    path: '/account/manager-panel/integrations',
    access: 'manager',
    layout: 'app',
    title: msg`Manager panel: integrations`,
  }),
  r({
    name: 'donationPrint',
    path: '/account/manager-panel/donations/:id/print',
    access: 'manager',
    layout: 'app',
    title: msg`Donation QR code`,
  }),
  r({ name: 'dashboard', path: '/dashboard', access: 'user', layout: 'app', title: msg`Dashboard` }),
  r({ name: 'pendingOffers', path: '/pending-offers', access: 'user', layout: 'app', title: msg`Pending offers` }),
  r({ name: 'synergies', path: '/synergies', access: 'user', layout: 'app', title: msg`Synergies` }),
  r({
    name: 'donationsDashboard',
    path: '/donations-dashboard',
    access: 'user',
    layout: 'app',
    title: msg`Donations dashboard`,
    requires: 'donationsDashboardAccess',
  }),
  r({
    name: 'portfolioCompanies',
    path: '/portfolio-companies',
    access: 'user',
    layout: 'app',
    title: msg`Portfolio companies`,
    requires: 'parentCompany',
  }),

  r({ name: 'adminLogin', path: '/admin/login', access: 'adminGuest', layout: 'public', title: msg`Administrator login` }),
  r({ name: 'adminPanel', path: '/admin/panel', access: 'admin', layout: 'admin', title: msg`Admin panel` }),
  r({ name: 'adminUsers', path: '/admin/users', access: 'admin', layout: 'admin', title: msg`User management` }),
  r({ name: 'adminOfferings', path: '/admin/offerings', access: 'admin', layout: 'admin', title: msg`Offerings` }),
  r({ name: 'adminCompanies', path: '/admin/companies', access: 'admin', layout: 'admin', title: msg`Companies` }),
  r({ name: 'adminStatistics', path: '/admin/statistics', access: 'admin', layout: 'admin', title: msg`Statistics` }),
  r({ name: 'adminQueries', path: '/admin/queries', access: 'admin', layout: 'admin', title: msg`Queries` }),
  r({ name: 'adminCategories', path: '/admin/categories', access: 'admin', layout: 'admin', title: msg`Categories` }),
  r({ name: 'adminImpactMappings', path: '/admin/categories/impact', access: 'admin', layout: 'admin', title: msg`Impact mappings` }),
  r({ name: 'adminAuditLog', path: '/admin/audit-log', access: 'admin', layout: 'admin', title: msg`Audit log` }),
  r({ name: 'adminNewsletter', path: '/admin/newsletter', access: 'admin', layout: 'admin', title: msg`Newsletter` }),
  r({ name: 'adminOutbox', path: '/admin/outbox', access: 'admin', layout: 'admin', title: msg`Mail outbox` }),
  r({ name: 'adminJobs', path: '/admin/jobs', access: 'admin', layout: 'admin', title: msg`Background jobs` }),
  r({ name: 'adminDonations', path: '/admin/donations', access: 'admin', layout: 'admin', title: msg`Donations` }),
  r({ name: 'adminSubscriptionPlans', path: '/admin/subscription-plans', access: 'admin', layout: 'admin', title: msg`Subscription plans` }),
  r({ name: 'adminTrips', path: '/admin/trips', access: 'admin', layout: 'admin', title: msg`Trips` }),
  // Before /admin/trips/:tripId, which would otherwise take "new" for an id.
  r({ name: 'adminScheduleTrip', path: '/admin/trips/new', access: 'admin', layout: 'admin', title: msg`Schedule a pickup` }),
  r({ name: 'adminTrip', path: '/admin/trips/:tripId', access: 'admin', layout: 'admin', title: msg`Trip` }),
  r({ name: 'adminDrivers', path: '/admin/drivers', access: 'admin', layout: 'admin', title: msg`Drivers` }),
  r({ name: 'adminVehicles', path: '/admin/vehicles', access: 'admin', layout: 'admin', title: msg`Vehicles` }),

  r({ name: 'driverLogin', path: '/driver/login', access: 'driverGuest', layout: 'driver', title: msg`Driver login` }),
  r({ name: 'driver', path: '/driver', access: 'driver', layout: 'driver', title: msg`Driver dashboard` }),
] as const;

export type RouteName = (typeof ROUTES)[number]['name'];

export const DEFAULT_TITLE = msg`Synergy Marketplace`;

/** Where each kind of signed-in user starts. */
export const HOME = { user: '/dashboard', admin: '/admin/panel', driver: '/driver', guest: '/' } as const;

/** Path builders for routes with parameters. */
export const to = {
  material: (id: number | string) => `/material/${encodeURIComponent(String(id))}`,
  company: (id: number | string) => `/companies/${encodeURIComponent(String(id))}`,
  user: (id: number | string) => `/users/${encodeURIComponent(String(id))}`,
  /** /messages, or one conversation open: `/messages?chat={chat_id}` (the synergies page and notifications link there). */
  messages: (chatId?: number | string) => (chatId === undefined ? '/messages' : `/messages?chat=${encodeURIComponent(String(chatId))}`),
  /** The conversation of a synergy (the same as `messages(chatId)`). */
  chat: (chatId: number | string) => to.messages(chatId),
  /** The synergies tab with one synergy highlighted (notification links). */
  synergy: (exchangeId: number | string) => `/synergies?exchange=${encodeURIComponent(String(exchangeId))}`,
  /** The pending-offers tab; `made` starts at the offers the company made. */
  pendingOffers: (section?: 'made') => (section ? `/pending-offers?tab=${section}` : '/pending-offers'),
  /** An administrator's trip view, and the scheduling page for a synergy. */
  adminTrip: (id: number | string) => `/admin/trips/${encodeURIComponent(String(id))}`,
  scheduleTrip: (exchangeId?: number | string) =>
    exchangeId === undefined ? '/admin/trips/new' : `/admin/trips/new?exchange=${encodeURIComponent(String(exchangeId))}`,
  /** A donation's print view (details, donor, QR code) and the public page its QR code opens. */
  donationPrint: (id: number | string) => `/account/manager-panel/donations/${encodeURIComponent(String(id))}/print`,
  verifyDonation: (code: string) => `/donations/verify/${encodeURIComponent(code)}`,
  login: (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
};

const compiled = ROUTES.map((route) => {
  const keys: string[] = [];
  const pattern = route.path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { route: route as RouteDef & { name: RouteName }, keys, re: new RegExp(`^${pattern}/?$`) };
});

export interface RouteMatch {
  route: RouteDef & { name: RouteName };
  params: Record<string, string>;
}

export function matchRoute(pathname: string): RouteMatch | null {
  for (const { route, keys, re } of compiled) {
    const m = re.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    keys.forEach((k, i) => {
      params[k] = decodeURIComponent(m[i + 1] ?? '');
    });
    return { route, params };
  }
  return null;
}
