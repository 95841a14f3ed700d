// Route name → page component. Metadata (path, guard, title) lives in config/paths.ts.
// Only the landing page is in the first download; every other page is its own chunk, fetched when its route
// first renders (the initial JS of /landing stays within scripts/check-bundle.ts's budget).
import { createElement, type ComponentType } from 'react';
import type { RouteName } from '@/config/paths';
import type { MaterialSlots } from '@/features/materials/routes/MaterialPage';
import { LandingPage } from '@/features/common/routes/LandingPage';
import { loadCatalogPart } from '@/lib/i18n';
import { lazyComponent, type LazyComponent } from '@/lib/lazy';

/**
 * A page's chunk and the messages of every feature it shows (client/catalog-parts.ts): its own, and those of the
 * components app/ puts in its slots, else their texts show as message ids. Fetched side by side.
 */
function withMessages<T>(features: string | readonly string[], page: Promise<T>): Promise<T> {
  const parts = typeof features === 'string' ? [features] : features;
  return Promise.all([page, ...parts.map((feature) => loadCatalogPart(feature))]).then(([loaded]) => loaded);
}

/** A page (or a component app/ puts in a page's slot) in its own chunk, fetched with its features' messages. */
function lazyPage<P extends object>(features: string | readonly string[], load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  return lazyComponent(() => withMessages(features, load()));
}

export type PageProps = { params: Record<string, string> };

// The offers feature's components, shown inside the material and synergies pages through their slots. Those pages
// fetch them with their own chunk (`preload`) and load the `offers` messages, so a page never waits on a second
// download once it has rendered, nor shows an offer's texts as message ids.
const OfferPanel = lazyComponent(() => import('@/features/offers/components/OfferPanel').then((m) => m.OfferPanel));
const PendingOffers = lazyComponent(() => import('@/features/offers/components/PendingOffers').then((m) => m.PendingOffers));

const AdminLoginPage = lazyPage('auth', () => import('@/features/auth/routes/AdminLoginPage').then((m) => m.AdminLoginPage));
const ForgotPasswordPage = lazyPage('auth', () => import('@/features/auth/routes/ForgotPasswordPage').then((m) => m.ForgotPasswordPage));
const LoginPage = lazyPage('auth', () => import('@/features/auth/routes/LoginPage').then((m) => m.LoginPage));
const RegisterPage = lazyPage('auth', () => import('@/features/auth/routes/RegisterPage').then((m) => m.RegisterPage));
const ResetPasswordPage = lazyPage('auth', () => import('@/features/auth/routes/ResetPasswordPage').then((m) => m.ResetPasswordPage));
const InvitationPage = lazyPage('auth', () => import('@/features/auth/routes/InvitationPage').then((m) => m.InvitationPage));
const AdminPanelPage = lazyPage('admin', () => import('@/features/admin/routes/AdminPanelPage').then((m) => m.AdminPanelPage));
const AdminOfferingsPage = lazyPage('admin', () => import('@/features/admin/routes/AdminOfferingsPage').then((m) => m.AdminOfferingsPage));
const AdminUsersPage = lazyPage('admin', () => import('@/features/admin/routes/AdminUsersPage').then((m) => m.AdminUsersPage));
const AdminCompaniesPage = lazyPage('admin', () => import('@/features/admin/routes/AdminCompaniesPage').then((m) => m.AdminCompaniesPage));
const StatisticsPage = lazyPage('admin', () => import('@/features/admin/routes/StatisticsPage').then((m) => m.StatisticsPage));
const CategoriesPage = lazyPage('admin', () => import('@/features/admin/routes/CategoriesPage').then((m) => m.CategoriesPage));
const ImpactMappingsPage = lazyPage('admin', () => import('@/features/admin/routes/ImpactMappingsPage').then((m) => m.ImpactMappingsPage));
const AuditLogPage = lazyPage('admin', () => import('@/features/admin/routes/AuditLogPage').then((m) => m.AuditLogPage));
const AdminOutboxPage = lazyPage('admin', () => import('@/features/admin/routes/AdminOutboxPage').then((m) => m.AdminOutboxPage));
const AdminJobsPage = lazyPage('admin', () => import('@/features/admin/routes/AdminJobsPage').then((m) => m.AdminJobsPage));
const AdminQueriesPage = lazyPage('admin', () => import('@/features/admin/routes/AdminQueriesPage').then((m) => m.AdminQueriesPage));
const AdminNewsletterPage = lazyPage('admin', () => import('@/features/admin/routes/AdminNewsletterPage').then((m) => m.AdminNewsletterPage));
const SubscriptionPlansPage = lazyPage('admin', () => import('@/features/admin/routes/SubscriptionPlansPage').then((m) => m.SubscriptionPlansPage));
const AdminDonationsPage = lazyPage('admin', () => import('@/features/admin/routes/AdminDonationsPage').then((m) => m.AdminDonationsPage));
const AdminDriversPage = lazyPage('admin', () => import('@/features/admin/routes/AdminDriversPage').then((m) => m.AdminDriversPage));
const AdminVehiclesPage = lazyPage('admin', () => import('@/features/admin/routes/AdminVehiclesPage').then((m) => m.AdminVehiclesPage));
const AdminTripsPage = lazyPage('admin', () => import('@/features/admin/routes/AdminTripsPage').then((m) => m.AdminTripsPage));
const AdminTripPage = lazyPage('admin', () => import('@/features/admin/routes/AdminTripPage').then((m) => m.AdminTripPage));
const ScheduleTripPage = lazyPage('admin', () => import('@/features/admin/routes/ScheduleTripPage').then((m) => m.ScheduleTripPage));
const UnsubscribePage = lazyPage('newsletter', () => import('@/features/newsletter/routes/UnsubscribePage').then((m) => m.UnsubscribePage));
const MessagesPage = lazyPage('chat', () => import('@/features/chat/routes/MessagesPage').then((m) => m.MessagesPage));
const CompanyPage = lazyPage('companies', () => import('@/features/companies/routes/CompanyPage').then((m) => m.CompanyPage));
const ManagerPanelPage = lazyPage('companies', () => import('@/features/companies/routes/ManagerPanelPage').then((m) => m.ManagerPanelPage));
const PortfolioCompaniesPage = lazyPage('stats', () =>
  import('@/features/stats/routes/PortfolioCompaniesPage').then((m) => m.PortfolioCompaniesPage),
);
const VerifyImpactPage = lazyPage('stats', () => import('@/features/stats/routes/VerifyImpactPage').then((m) => m.VerifyImpactPage));
const DonationsDashboardPage = lazyPage('donations', () =>
  import('@/features/donations/routes/DonationsDashboardPage').then((m) => m.DonationsDashboardPage),
);
const DonationsPanel = lazyPage('donations', () => import('@/features/donations/components/DonationsPanel').then((m) => m.DonationsPanel));
const DonationPrintPage = lazyPage('donations', () => import('@/features/donations/routes/DonationPrintPage').then((m) => m.DonationPrintPage));
const VerifyDonationPage = lazyPage('donations', () => import('@/features/donations/routes/VerifyDonationPage').then((m) => m.VerifyDonationPage));
const DriverDashboardPage = lazyPage('drivers', () => import('@/features/drivers/routes/DriverDashboardPage').then((m) => m.DriverDashboardPage));
const DriverLoginPage = lazyPage('drivers', () => import('@/features/drivers/routes/DriverLoginPage').then((m) => m.DriverLoginPage));
const SynergiesPage = lazyPage(['exchanges', 'offers'], () =>
  Promise.all([import('@/features/exchanges/routes/SynergiesPage'), PendingOffers.preload()]).then(([m]) => m.SynergiesPage),
);
const DatabasePage = lazyPage('materials', () => import('@/features/materials/routes/DatabasePage').then((m) => m.DatabasePage));
const MyNeedsPage = lazyPage('needs', () => import('@/features/needs/routes/MyNeedsPage').then((m) => m.MyNeedsPage));
const NeedsNearPage = lazyPage('needs', () => import('@/features/needs/routes/NeedsNearPage').then((m) => m.NeedsNearPage));
const MaterialPage = lazyPage(['materials', 'offers'], () =>
  Promise.all([import('@/features/materials/routes/MaterialPage'), OfferPanel.preload()]).then(([m]) => m.MaterialPage),
);
const OfferingsPanel = lazyPage('materials', () => import('@/features/materials/components/OfferingsPanel').then((m) => m.OfferingsPanel));
const HelpPage = lazyPage('queries', () => import('@/features/queries/routes/HelpPage').then((m) => m.HelpPage));
const DashboardPage = lazyPage('stats', () => import('@/features/stats/routes/DashboardPage').then((m) => m.DashboardPage));
const PersonalInfoPage = lazyPage('users', () => import('@/features/users/routes/PersonalInfoPage').then((m) => m.PersonalInfoPage));
const UserPage = lazyPage('users', () => import('@/features/users/routes/UserPage').then((m) => m.UserPage));
const UserManagement = lazyPage('users', () => import('@/features/users/components/UserManagement').then((m) => m.UserManagement));
const IntegrationsPanel = lazyPage('integrations', () =>
  import('@/features/integrations/components/IntegrationsPanel').then((m) => m.IntegrationsPanel),
);

/** One page component serving several routes with a different initial tab or section. */
function bind<P extends object>(Component: ComponentType<P>, props: P, name: string): ComponentType<PageProps> {
  const Bound = () => createElement(Component, props);
  Bound.displayName = name;
  return Bound;
}

/** A page whose route has parameters, with its slots filled (features do not import features: app/ composes them). */
function withSlots<S>(Page: ComponentType<PageProps & { slots: S }>, slots: NoInfer<S>, name: string): ComponentType<PageProps> {
  const Filled = ({ params }: PageProps) => createElement(Page, { params, slots });
  Filled.displayName = name;
  return Filled;
}

/** Material page: the offer entry point on another company's listing. */
const materialSlots: MaterialSlots = { offer: (listing) => createElement(OfferPanel, { listing }) };

/** Synergies page: the pending-offers tab. */
const synergySlots = { pending: createElement(PendingOffers) };

/** Manager panel tabs whose content another feature owns. */
const managerSlots = {
  offerings: createElement(OfferingsPanel),
  donations: createElement(DonationsPanel),
  users: createElement(UserManagement),
  integrations: createElement(IntegrationsPanel),
};

export const PAGES: Record<RouteName, ComponentType<PageProps>> = {
  home: LandingPage,
  landing: LandingPage,
  login: LoginPage,
  register: RegisterPage,
  registerBankPartner: bind(RegisterPage, { params: {}, variant: 'bank_partner' }, 'RegisterPage'),
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  invitation: InvitationPage,
  help: HelpPage,
  verifyImpact: VerifyImpactPage,
  verifyDonation: VerifyDonationPage,
  newsletterUnsubscribe: UnsubscribePage,
  database: DatabasePage,
  myNeeds: MyNeedsPage,
  needsNear: NeedsNearPage,
  material: withSlots(MaterialPage, materialSlots, 'MaterialPage'),
  messages: MessagesPage,
  company: CompanyPage,
  user: UserPage,
  personalInfo: PersonalInfoPage,
  managerPanel: bind(ManagerPanelPage, { tab: 'company', slots: managerSlots }, 'ManagerPanelPage'),
  managerOfferings: bind(ManagerPanelPage, { tab: 'offerings', slots: managerSlots }, 'ManagerPanelPage'),
  managerUsers: bind(ManagerPanelPage, { tab: 'users', slots: managerSlots }, 'ManagerPanelPage'),
  managerDonations: bind(ManagerPanelPage, { tab: 'donations', slots: managerSlots }, 'ManagerPanelPage'),
  managerIntegrations: bind(ManagerPanelPage, { tab: 'integrations', slots: managerSlots }, 'ManagerPanelPage'),
  donationPrint: DonationPrintPage,
  dashboard: DashboardPage,
  pendingOffers: bind(SynergiesPage, { tab: 'pending', slots: synergySlots }, 'SynergiesPage'),
  synergies: bind(SynergiesPage, { tab: 'synergies', slots: synergySlots }, 'SynergiesPage'),
  donationsDashboard: DonationsDashboardPage,
  portfolioCompanies: PortfolioCompaniesPage,
  adminLogin: AdminLoginPage,
  adminPanel: AdminPanelPage,
  adminUsers: AdminUsersPage,
  adminOfferings: AdminOfferingsPage,
  adminCompanies: AdminCompaniesPage,
  adminStatistics: StatisticsPage,
  adminQueries: AdminQueriesPage,
  adminCategories: CategoriesPage,
  adminImpactMappings: ImpactMappingsPage,
  adminAuditLog: AuditLogPage,
  adminNewsletter: AdminNewsletterPage,
  adminOutbox: AdminOutboxPage,
  adminJobs: AdminJobsPage,
  adminDonations: AdminDonationsPage,
  adminSubscriptionPlans: SubscriptionPlansPage,
  adminTrips: AdminTripsPage,
  adminScheduleTrip: ScheduleTripPage,
  adminTrip: AdminTripPage,
  adminDrivers: AdminDriversPage,
  adminVehicles: AdminVehiclesPage,
  driverLogin: DriverLoginPage,
  driver: DriverDashboardPage,
};
