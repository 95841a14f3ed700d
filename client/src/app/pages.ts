// Route name → page component. Metadata (path, guard, title) lives in config/paths.ts.
import { createElement, type ComponentType } from 'react';
import type { RouteName } from '@/config/paths';
import { AdminLoginPage } from '@/features/auth/routes/AdminLoginPage';
import { ForgotPasswordPage } from '@/features/auth/routes/ForgotPasswordPage';
import { LoginPage } from '@/features/auth/routes/LoginPage';
import { RegisterPage } from '@/features/auth/routes/RegisterPage';
import { ResetPasswordPage } from '@/features/auth/routes/ResetPasswordPage';
import { AdminPanelPage } from '@/features/admin/routes/AdminPanelPage';
import { AdminOfferingsPage } from '@/features/admin/routes/AdminOfferingsPage';
import { AdminSectionPage } from '@/features/admin/routes/AdminSectionPage';
import { SubscriptionPlansPage } from '@/features/admin/routes/SubscriptionPlansPage';
import { MessagesPage } from '@/features/chat/routes/MessagesPage';
import { LandingPage } from '@/features/common/routes/LandingPage';
import { CompanyPage } from '@/features/companies/routes/CompanyPage';
import { ManagerPanelPage } from '@/features/companies/routes/ManagerPanelPage';
import { PortfolioCompaniesPage } from '@/features/companies/routes/PortfolioCompaniesPage';
import { DonationsDashboardPage } from '@/features/donations/routes/DonationsDashboardPage';
import { DriverDashboardPage } from '@/features/drivers/routes/DriverDashboardPage';
import { DriverLoginPage } from '@/features/drivers/routes/DriverLoginPage';
import { SynergiesPage } from '@/features/exchanges/routes/SynergiesPage';
import { DatabasePage } from '@/features/materials/routes/DatabasePage';
import { MaterialPage } from '@/features/materials/routes/MaterialPage';
import { OfferingsPanel } from '@/features/materials/components/OfferingsPanel';
import { HelpPage } from '@/features/queries/routes/HelpPage';
import { DashboardPage } from '@/features/stats/routes/DashboardPage';
import { PersonalInfoPage } from '@/features/users/routes/PersonalInfoPage';
import { UserPage } from '@/features/users/routes/UserPage';

export type PageProps = { params: Record<string, string> };

/** One page component serving several routes with a different initial tab or section. */
function bind<P extends object>(Component: ComponentType<P>, props: P, name: string): ComponentType<PageProps> {
  const Bound = () => createElement(Component, props);
  Bound.displayName = name;
  return Bound;
}

/** Manager panel tabs whose content another feature owns. */
const managerSlots = { offerings: createElement(OfferingsPanel) };

export const PAGES: Record<RouteName, ComponentType<PageProps>> = {
  home: LandingPage,
  landing: LandingPage,
  login: LoginPage,
  register: RegisterPage,
  registerBankPartner: bind(RegisterPage, { params: {}, variant: 'bank_partner' }, 'RegisterPage'),
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  help: HelpPage,
  database: DatabasePage,
  material: MaterialPage,
  messages: MessagesPage,
  company: CompanyPage,
  user: UserPage,
  personalInfo: PersonalInfoPage,
  managerPanel: bind(ManagerPanelPage, { tab: 'company', slots: managerSlots }, 'ManagerPanelPage'),
  managerOfferings: bind(ManagerPanelPage, { tab: 'offerings', slots: managerSlots }, 'ManagerPanelPage'),
  managerUsers: bind(ManagerPanelPage, { tab: 'users', slots: managerSlots }, 'ManagerPanelPage'),
  managerDonations: bind(ManagerPanelPage, { tab: 'donations', slots: managerSlots }, 'ManagerPanelPage'),
  dashboard: DashboardPage,
  pendingOffers: bind(SynergiesPage, { tab: 'pending' }, 'SynergiesPage'),
  synergies: bind(SynergiesPage, { tab: 'synergies' }, 'SynergiesPage'),
  donationsDashboard: DonationsDashboardPage,
  portfolioCompanies: PortfolioCompaniesPage,
  adminLogin: AdminLoginPage,
  adminPanel: AdminPanelPage,
  adminUsers: bind(AdminSectionPage, { section: 'users' }, 'AdminSectionPage'),
  adminOfferings: AdminOfferingsPage,
  adminCompanies: bind(AdminSectionPage, { section: 'companies' }, 'AdminSectionPage'),
  adminStatistics: bind(AdminSectionPage, { section: 'statistics' }, 'AdminSectionPage'),
  adminQueries: bind(AdminSectionPage, { section: 'queries' }, 'AdminSectionPage'),
  adminCategories: bind(AdminSectionPage, { section: 'categories' }, 'AdminSectionPage'),
  adminDonations: bind(AdminSectionPage, { section: 'donations' }, 'AdminSectionPage'),
  adminSubscriptionPlans: SubscriptionPlansPage,
  driverLogin: DriverLoginPage,
  driver: DriverDashboardPage,
};
