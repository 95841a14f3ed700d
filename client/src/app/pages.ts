// Route name → page component. Metadata (path, guard, title) lives in config/paths.ts.
// Only the landing page is in the first download; every other page is its own chunk, fetched when its route
// first renders (the initial JS of /landing stays within scripts/check-bundle.ts's budget).
import { createElement, type ComponentType } from 'react';
import type { RouteName } from '@/config/paths';
import type { MaterialSlots } from '@/features/materials/routes/MaterialPage';
import { LandingPage } from '@/features/common/routes/LandingPage';
import { loadCatalogPart } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy';

/**
 * A page's chunk and the messages of every feature it shows (client/catalog-parts.ts): its own, and those of the
 * components app/ puts in its slots, else their texts show as message ids. Fetched side by side.
 */
function withMessages<T>(features: string | readonly string[], page: Promise<T>): Promise<T> {
  const parts = typeof features === 'string' ? [features] : features;
  return Promise.all([page, ...parts.map((feature) => loadCatalogPart(feature))]).then(([loaded]) => loaded);
}

export type PageProps = { params: Record<string, string> };

// The offers feature's components, shown inside the material and synergies pages through their slots. Those pages
// fetch them with their own chunk (`preload`) and load the `offers` messages, so a page never waits on a second
// download once it has rendered, nor shows an offer's texts as message ids.
const OfferPanel = lazyComponent(() => import('@/features/offers/components/OfferPanel').then((m) => m.OfferPanel));
const PendingOffers = lazyComponent(() => import('@/features/offers/components/PendingOffers').then((m) => m.PendingOffers));

const AdminLoginPage = lazyComponent(() =>
  withMessages(
    'auth',
    import('@/features/auth/routes/AdminLoginPage').then((m) => m.AdminLoginPage),
  ),
);
const ForgotPasswordPage = lazyComponent(() =>
  withMessages(
    'auth',
    import('@/features/auth/routes/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
  ),
);
const LoginPage = lazyComponent(() =>
  withMessages(
    'auth',
    import('@/features/auth/routes/LoginPage').then((m) => m.LoginPage),
  ),
);
const RegisterPage = lazyComponent(() =>
  withMessages(
    'auth',
    import('@/features/auth/routes/RegisterPage').then((m) => m.RegisterPage),
  ),
);
const ResetPasswordPage = lazyComponent(() =>
  withMessages(
    'auth',
    import('@/features/auth/routes/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  ),
);
const InvitationPage = lazyComponent(() =>
  withMessages(
    'auth',
    import('@/features/auth/routes/InvitationPage').then((m) => m.InvitationPage),
  ),
);
const AdminPanelPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AdminPanelPage').then((m) => m.AdminPanelPage),
  ),
);
const AdminOfferingsPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AdminOfferingsPage').then((m) => m.AdminOfferingsPage),
  ),
);
const AdminUsersPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AdminUsersPage').then((m) => m.AdminUsersPage),
  ),
);
const AdminCompaniesPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AdminCompaniesPage').then((m) => m.AdminCompaniesPage),
  ),
);
const StatisticsPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/StatisticsPage').then((m) => m.StatisticsPage),
  ),
);
const CategoriesPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/CategoriesPage').then((m) => m.CategoriesPage),
  ),
);
const ImpactMappingsPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/ImpactMappingsPage').then((m) => m.ImpactMappingsPage),
  ),
);
const AuditLogPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AuditLogPage').then((m) => m.AuditLogPage),
  ),
);
const AdminOutboxPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AdminOutboxPage').then((m) => m.AdminOutboxPage),
  ),
);
const AdminJobsPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AdminJobsPage').then((m) => m.AdminJobsPage),
  ),
);
const AdminQueriesPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AdminQueriesPage').then((m) => m.AdminQueriesPage),
  ),
);
const AdminNewsletterPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AdminNewsletterPage').then((m) => m.AdminNewsletterPage),
  ),
);
const SubscriptionPlansPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/SubscriptionPlansPage').then((m) => m.SubscriptionPlansPage),
  ),
);
const AdminDonationsPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AdminDonationsPage').then((m) => m.AdminDonationsPage),
  ),
);
const AdminDriversPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AdminDriversPage').then((m) => m.AdminDriversPage),
  ),
);
const AdminVehiclesPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AdminVehiclesPage').then((m) => m.AdminVehiclesPage),
  ),
);
const AdminTripsPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AdminTripsPage').then((m) => m.AdminTripsPage),
  ),
);
const AdminTripPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/AdminTripPage').then((m) => m.AdminTripPage),
  ),
);
const ScheduleTripPage = lazyComponent(() =>
  withMessages(
    'admin',
    import('@/features/admin/routes/ScheduleTripPage').then((m) => m.ScheduleTripPage),
  ),
);
const UnsubscribePage = lazyComponent(() =>
  withMessages(
    'newsletter',
    import('@/features/newsletter/routes/UnsubscribePage').then((m) => m.UnsubscribePage),
  ),
);
const MessagesPage = lazyComponent(() =>
  withMessages(
    'chat',
    import('@/features/chat/routes/MessagesPage').then((m) => m.MessagesPage),
  ),
);
const CompanyPage = lazyComponent(() =>
  withMessages(
    'companies',
    import('@/features/companies/routes/CompanyPage').then((m) => m.CompanyPage),
  ),
);
const ManagerPanelPage = lazyComponent(() =>
  withMessages(
    'companies',
    import('@/features/companies/routes/ManagerPanelPage').then((m) => m.ManagerPanelPage),
  ),
);
const PortfolioCompaniesPage = lazyComponent(() =>
  withMessages(
    'stats',
    import('@/features/stats/routes/PortfolioCompaniesPage').then((m) => m.PortfolioCompaniesPage),
  ),
);
const VerifyImpactPage = lazyComponent(() =>
  withMessages(
    'stats',
    import('@/features/stats/routes/VerifyImpactPage').then((m) => m.VerifyImpactPage),
  ),
);
const DonationsDashboardPage = lazyComponent(() =>
  withMessages(
    'donations',
    import('@/features/donations/routes/DonationsDashboardPage').then((m) => m.DonationsDashboardPage),
  ),
);
const DonationsPanel = lazyComponent(() =>
  withMessages(
    'donations',
    import('@/features/donations/components/DonationsPanel').then((m) => m.DonationsPanel),
  ),
);
const DonationPrintPage = lazyComponent(() =>
  withMessages(
    'donations',
    import('@/features/donations/routes/DonationPrintPage').then((m) => m.DonationPrintPage),
  ),
);
const VerifyDonationPage = lazyComponent(() =>
  withMessages(
    'donations',
    import('@/features/donations/routes/VerifyDonationPage').then((m) => m.VerifyDonationPage),
  ),
);
const DriverDashboardPage = lazyComponent(() =>
  withMessages(
    'drivers',
    import('@/features/drivers/routes/DriverDashboardPage').then((m) => m.DriverDashboardPage),
  ),
);
const DriverLoginPage = lazyComponent(() =>
  withMessages(
    'drivers',
    import('@/features/drivers/routes/DriverLoginPage').then((m) => m.DriverLoginPage),
  ),
);
const SynergiesPage = lazyComponent(() =>
  withMessages(
    ['exchanges', 'offers'],
    Promise.all([import('@/features/exchanges/routes/SynergiesPage'), PendingOffers.preload()]).then(([m]) => m.SynergiesPage),
  ),
);
const DatabasePage = lazyComponent(() =>
  withMessages(
    'materials',
    import('@/features/materials/routes/DatabasePage').then((m) => m.DatabasePage),
  ),
);
const MyNeedsPage = lazyComponent(() =>
  withMessages(
    'needs',
    import('@/features/needs/routes/MyNeedsPage').then((m) => m.MyNeedsPage),
  ),
);
const NeedsNearPage = lazyComponent(() =>
  withMessages(
    'needs',
    import('@/features/needs/routes/NeedsNearPage').then((m) => m.NeedsNearPage),
  ),
);
const MaterialPage = lazyComponent(() =>
  withMessages(
    ['materials', 'offers'],
    Promise.all([import('@/features/materials/routes/MaterialPage'), OfferPanel.preload()]).then(([m]) => m.MaterialPage),
  ),
);
const OfferingsPanel = lazyComponent(() =>
  withMessages(
    'materials',
    import('@/features/materials/components/OfferingsPanel').then((m) => m.OfferingsPanel),
  ),
);
const HelpPage = lazyComponent(() =>
  withMessages(
    'queries',
    import('@/features/queries/routes/HelpPage').then((m) => m.HelpPage),
  ),
);
const DashboardPage = lazyComponent(() =>
  withMessages(
    'stats',
    import('@/features/stats/routes/DashboardPage').then((m) => m.DashboardPage),
  ),
);
const PersonalInfoPage = lazyComponent(() =>
  withMessages(
    'users',
    import('@/features/users/routes/PersonalInfoPage').then((m) => m.PersonalInfoPage),
  ),
);
const UserPage = lazyComponent(() =>
  withMessages(
    'users',
    import('@/features/users/routes/UserPage').then((m) => m.UserPage),
  ),
);
const UserManagement = lazyComponent(() =>
  withMessages(
    'users',
    import('@/features/users/components/UserManagement').then((m) => m.UserManagement),
  ),
);
const IntegrationsPanel = lazyComponent(() =>
  withMessages(
    'integrations',
    import('@/features/integrations/components/IntegrationsPanel').then((m) => m.IntegrationsPanel),
  ),
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
