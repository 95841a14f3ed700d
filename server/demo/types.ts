// The shapes of the demo marketplace's data (data/*.ts): companies by key, their people, listings, synergies and
// offers. The seeding code (companies.ts, listings.ts, exchanges.ts) turns them into rows.
import type { CompanyRole, Frequency, Language, ListingCategory, ListingStatus, SubscriptionPlanKind } from '../../shared/constants/enums';
import type { DemoPhoto } from './photos';

export type CompanyKey =
  | 'oresund'
  | 'nordhavn'
  | 'brygge'
  | 'kastrup'
  | 'glostrup'
  | 'avedore'
  | 'lyngby'
  | 'roskilde'
  | 'koge'
  | 'hillerod'
  | 'aarhus'
  | 'klang'
  | 'penang'
  | 'thames'
  | 'northern'
  | 'spree'
  | 'hafen'
  | 'attica'
  | 'tessitura'
  | 'carpathia'
  | 'gulf';

export interface DemoAddress {
  address: string;
  city: string;
  state: string;
  zip_code: string;
  latitude: number;
  longitude: number;
}

export interface DemoCompany {
  key: CompanyKey;
  name: string;
  country: string;
  calling_code: string;
  contact_phone: string;
  currency: string;
  industry: string;
  company_size: string;
  main_business: string;
  about_info: string;
  website_url: string;
  business_registration_number: string;
  is_parent_company?: boolean;
  parent?: CompanyKey;
  member_since_days_ago: number;
  /** The first is the primary address. */
  addresses: DemoAddress[];
  interested: string[];
  providing: string[];
  plan: { kind: SubscriptionPlanKind; activated_days_ago: number } | null;
}

export interface DemoUser {
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  official_role: string;
  company: CompanyKey;
  role: CompanyRole;
  language?: Language;
  donations_dashboard_access?: boolean;
}

export interface DemoListing {
  key: string;
  company: CompanyKey;
  /** Index into the company's addresses. */
  address?: number;
  title: string;
  description: string;
  category: ListingCategory;
  /** Third-level code: an EWC entry ("020704") or one of the product's own ("K-ESG-2.1.1"). */
  code: string;
  frequency: Frequency;
  quantity: number;
  condition: string;
  type: string;
  final_use: string;
  sdgs: number[];
  sub_listings?: { title: string; description: string; quantity: number }[];
  status?: ListingStatus;
  days_ago: number;
  /** The generated photo (photos.ts): what it shows and its main colour. */
  photo: DemoPhoto;
}

export interface DemoExchange {
  listing: string;
  requester: CompanyKey;
  message: string;
  quantity: number;
  /** Null: still in progress. */
  completed_days_ago: number | null;
  started_days_ago: number;
  successful?: boolean;
  earnings_minor?: number;
  savings_minor?: number;
  chat: { from: 'provider' | 'requester'; body: string }[];
  reviews?: { by: 'provider' | 'requester'; rating: number; feedback: string }[];
}

export interface DemoOffer {
  listing: string;
  requester: CompanyKey;
  quantity: number;
  /** The sub-listing (by title) the offer asks for. */
  sub_listing?: string;
  message: string;
  days_ago: number;
  status: 'pending' | 'rejected' | 'withdrawn';
  reason?: string;
  /** Price per unit named by the offer, in minor units of EUR. */
  unit_price_minor?: number;
  /** The listing company's counter: the offer is then `countered`, and it is the offerer's turn. */
  counter?: { quantity: number; unit_price_minor: number; message: string; days_ago: number };
}
