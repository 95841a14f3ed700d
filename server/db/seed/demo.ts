// The demo marketplace: believable companies across the signup countries, their people, listings, offers,
// synergies with impact, subscriptions, donations (demo-donations.ts: every state) and logistics (demo-trips.ts: drivers, vehicles, trips in every status). Seeded into an empty database
// only (embedded demo, SEED_DEMO=true), in one transaction; reference data must already be in place.
import { eq, inArray, sql } from 'drizzle-orm';
import {
  chat_messages,
  chat_reads,
  chats,
  companies,
  company_addresses,
  company_material_groups,
  company_subscriptions,
  defra_factors,
  exchanges,
  first_level_subcategories,
  impact_records,
  material_groups,
  material_sdgs,
  materials,
  notifications,
  offers,
  registration_requests,
  reviews,
  second_level_subcategories,
  sub_listings,
  subscription_history,
  subscription_plans,
  third_level_subcategories,
  users,
} from '../../../drizzle/schema';
import type {
  CompanyRole,
  Frequency,
  Language,
  ListingCategory,
  ListingStatus,
  MaterialGroupKind,
  SubscriptionPlanKind,
} from '../../../shared/constants/enums';
import { DEFRA_FACTOR_SET, impactRecordFor } from '../../../shared/lib/impact';
import { quantityUnitFor } from '../../../shared/schemas/materials';
import type { DemoPhoto } from './demo-photos';
import { hashPassword } from '../../lib/password';
import { seedDemoDonations } from './demo-donations';
import { seedDemoTrips } from './demo-trips';
import type { Db, Tx } from '../client';
import { seedDemoAdmin } from './demo-admin';
import { seedDemoImpact } from './demo-impact';
import { seedDemoWorkspace } from './demo-workspace';

/** Same lock space as the reference seed, another key: two instances starting together seed once. */
const DEMO_LOCK_KEY = 727_001_2024;
const DAY_MS = 86_400_000;

type CompanyKey =
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

interface DemoAddress {
  address: string;
  city: string;
  state: string;
  zip_code: string;
  latitude: number;
  longitude: number;
}

interface DemoCompany {
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

const DEMO_COMPANIES: DemoCompany[] = [
  {
    key: 'oresund',
    name: 'Øresund Brewing Group A/S',
    country: 'DK',
    calling_code: '+45',
    contact_phone: '33 12 45 67',
    currency: 'DKK',
    industry: 'Food and beverage',
    company_size: '251-1000',
    main_business: 'Lager and craft beer brewing, soft drinks',
    about_info: 'Copenhagen brewing group with sites in Denmark and Malaysia. We turn every by-product of brewing into someone else’s raw material.',
    website_url: 'https://oresund-brewing.example.com',
    business_registration_number: 'DK-CVR 41 22 87 65',
    is_parent_company: true,
    member_since_days_ago: 420,
    addresses: [
      {
        address: 'Refshalevej 163A',
        city: 'København K',
        state: 'Capital Region of Denmark',
        zip_code: '1432',
        latitude: 55.6925,
        longitude: 12.6105,
      },
      {
        address: 'Gammel Køge Landevej 55',
        city: 'Valby',
        state: 'Capital Region of Denmark',
        zip_code: '2500',
        latitude: 55.657,
        longitude: 12.505,
      },
    ],
    interested: ['wood', 'glass', 'packaging', 'sustainability-and-esg', 'industrial-and-logistics-space'],
    providing: ['food-by-products', 'glass', 'plastics-and-rubber', 'engineering', 'industrial-and-logistics-space'],
    plan: { kind: 'custom', activated_days_ago: 200 },
  },
  // The demo company's neighbours (issue 11): the Copenhagen area within 5, 20 and 40 km of Refshalevej, so every
  // proximity filter of the demo manager shows nearby offers.
  {
    key: 'nordhavn',
    name: 'Nordhavn Print & Packaging ApS',
    country: 'DK',
    calling_code: '+45',
    contact_phone: '39 18 22 70',
    currency: 'DKK',
    industry: 'Printing and packaging',
    company_size: '51-250',
    main_business: 'Offset printing and folding cartons for food brands',
    about_info: 'Print and packaging house in Nordhavn. We print labels and folding cartons for Danish food and drink brands.',
    website_url: 'https://nordhavn-print.example.com',
    business_registration_number: 'DK-CVR 35 61 40 28',
    member_since_days_ago: 240,
    addresses: [
      {
        address: 'Sundkrogsgade 21',
        city: 'København Ø',
        state: 'Capital Region of Denmark',
        zip_code: '2150',
        latitude: 55.7105,
        longitude: 12.5935,
      },
    ],
    interested: ['paper-and-cardboard', 'wood', 'sustainability-and-esg'],
    providing: ['paper-and-cardboard', 'industrial-and-logistics-space', 'engineering'],
    plan: { kind: 'custom', activated_days_ago: 200 },
  },
  {
    key: 'brygge',
    name: 'Islands Brygge Coffee Roasters ApS',
    country: 'DK',
    calling_code: '+45',
    contact_phone: '32 57 11 09',
    currency: 'DKK',
    industry: 'Food and beverage',
    company_size: '11-50',
    main_business: 'Speciality coffee roasting for cafés and offices',
    about_info: 'We roast 300 tonnes of green coffee a year by the harbour in Islands Brygge and look for uses for every sack and husk.',
    website_url: 'https://brygge-coffee.example.com',
    business_registration_number: 'DK-CVR 39 02 55 61',
    member_since_days_ago: 160,
    addresses: [
      { address: 'Njalsgade 19', city: 'København S', state: 'Capital Region of Denmark', zip_code: '2300', latitude: 55.663, longitude: 12.581 },
    ],
    interested: ['food-by-products', 'glass', 'engineering'],
    providing: ['food-by-products', 'textile-by-products', 'engineering'],
    plan: { kind: 'extension', activated_days_ago: 120 },
  },
  {
    key: 'kastrup',
    name: 'Kastrup Flight Catering A/S',
    country: 'DK',
    calling_code: '+45',
    contact_phone: '32 47 60 00',
    currency: 'DKK',
    industry: 'Food and beverage',
    company_size: '251-1000',
    main_business: 'In-flight meals and airport lounge catering',
    about_info: 'Production kitchen beside Copenhagen Airport: 40,000 meals a day for airlines and lounges, and a lot of packaging coming back.',
    website_url: 'https://kastrup-catering.example.com',
    business_registration_number: 'DK-CVR 27 40 18 93',
    member_since_days_ago: 210,
    addresses: [
      { address: 'Amager Landevej 137', city: 'Kastrup', state: 'Capital Region of Denmark', zip_code: '2770', latitude: 55.6285, longitude: 12.633 },
    ],
    interested: ['food-by-products', 'plastics-and-rubber'],
    providing: ['food-by-products', 'plastics-and-rubber', 'oils-and-fuels'],
    plan: { kind: 'custom', activated_days_ago: 200 },
  },
  {
    key: 'glostrup',
    name: 'Vestegnens Metal A/S',
    country: 'DK',
    calling_code: '+45',
    contact_phone: '43 96 12 40',
    currency: 'DKK',
    industry: 'Metal fabrication',
    company_size: '51-250',
    main_business: 'Laser cutting, bending and welding of steel and aluminium',
    about_info: 'Subcontractor in Glostrup for sheet-metal parts: laser cutting, press brakes and welding for machine builders.',
    website_url: 'https://vestegnens-metal.example.com',
    business_registration_number: 'DK-CVR 19 83 77 02',
    member_since_days_ago: 330,
    addresses: [
      { address: 'Ejby Industrivej 40', city: 'Glostrup', state: 'Capital Region of Denmark', zip_code: '2600', latitude: 55.679, longitude: 12.418 },
    ],
    interested: ['metals', 'engineering'],
    providing: ['metals', 'engineering'],
    plan: { kind: 'extension', activated_days_ago: 60 },
  },
  {
    key: 'avedore',
    name: 'Avedøre Holme Logistics ApS',
    country: 'DK',
    calling_code: '+45',
    contact_phone: '36 34 80 80',
    currency: 'DKK',
    industry: 'Logistics',
    company_size: '51-250',
    main_business: 'Third-party warehousing and distribution for Zealand',
    about_info: 'Warehouses on Avedøre Holme with 24,000 pallet places. Seasonal gaps in our racking are space for your stock.',
    website_url: 'https://avedore-logistics.example.com',
    business_registration_number: 'DK-CVR 31 55 20 47',
    member_since_days_ago: 280,
    addresses: [
      { address: 'Stamholmen 157', city: 'Hvidovre', state: 'Capital Region of Denmark', zip_code: '2650', latitude: 55.615, longitude: 12.456 },
    ],
    interested: ['wood', 'packaging'],
    providing: ['industrial-and-logistics-space', 'plastics-and-rubber', 'wood'],
    plan: { kind: 'custom', activated_days_ago: 200 },
  },
  {
    key: 'lyngby',
    name: 'Lyngby Process Engineering ApS',
    country: 'DK',
    calling_code: '+45',
    contact_phone: '45 25 31 00',
    currency: 'DKK',
    industry: 'Professional services',
    company_size: '11-50',
    main_business: 'Energy and process engineering for food and drink plants',
    about_info: 'Engineers from DTU Science Park who find the energy and water a factory loses, and help keep it.',
    website_url: 'https://lyngby-process.example.com',
    business_registration_number: 'DK-CVR 40 18 62 55',
    member_since_days_ago: 140,
    addresses: [
      {
        address: 'Diplomvej 381',
        city: 'Kongens Lyngby',
        state: 'Capital Region of Denmark',
        zip_code: '2800',
        latitude: 55.787,
        longitude: 12.524,
      },
    ],
    interested: ['engineering', 'technology'],
    providing: ['engineering', 'sustainability-and-esg', 'industrial-and-logistics-space'],
    plan: { kind: 'extension', activated_days_ago: 100 },
  },
  {
    key: 'roskilde',
    name: 'Roskilde Bioenergi A/S',
    country: 'DK',
    calling_code: '+45',
    contact_phone: '46 30 42 10',
    currency: 'DKK',
    industry: 'Energy',
    company_size: '11-50',
    main_business: 'Biogas from food waste and manure, compost from garden waste',
    about_info: 'Biogas plant and composting site west of Roskilde. We take organic residues and give back fertiliser and compost.',
    website_url: 'https://roskilde-bioenergi.example.com',
    business_registration_number: 'DK-CVR 36 70 14 82',
    member_since_days_ago: 260,
    addresses: [{ address: 'Energivej 2', city: 'Roskilde', state: 'Region Zealand', zip_code: '4000', latitude: 55.648, longitude: 12.133 }],
    interested: ['food-by-products', 'agriculture-and-forestry'],
    providing: ['agriculture-and-forestry', 'engineering'],
    plan: { kind: 'custom', activated_days_ago: 200 },
  },
  {
    key: 'koge',
    name: 'Køge Havn Tømmer ApS',
    country: 'DK',
    calling_code: '+45',
    contact_phone: '56 63 21 50',
    currency: 'DKK',
    industry: 'Wood and logistics',
    company_size: '11-50',
    main_business: 'Sawmill and timber yard at Køge harbour',
    about_info: 'We saw Nordic spruce and pine into construction timber at Køge harbour and sell every offcut, chip and bark.',
    website_url: 'https://koge-timber.example.com',
    business_registration_number: 'DK-CVR 28 91 43 06',
    member_since_days_ago: 200,
    addresses: [{ address: 'Værftsvej 10', city: 'Køge', state: 'Region Zealand', zip_code: '4600', latitude: 55.4595, longitude: 12.196 }],
    interested: ['wood', 'industrial-and-logistics-space'],
    providing: ['wood', 'industrial-and-logistics-space'],
    plan: { kind: 'extension', activated_days_ago: 90 },
  },
  {
    key: 'hillerod',
    name: 'Hillerød Møbelfabrik A/S',
    country: 'DK',
    calling_code: '+45',
    contact_phone: '48 26 14 00',
    currency: 'DKK',
    industry: 'Furniture manufacturing',
    company_size: '51-250',
    main_business: 'Solid oak tables, chairs and upholstered furniture',
    about_info: 'Furniture makers in Hillerød since 1948. Oak, wool and foam offcuts from our workshop can still become something.',
    website_url: 'https://hillerod-mobler.example.com',
    business_registration_number: 'DK-CVR 10 47 62 33',
    member_since_days_ago: 300,
    addresses: [
      { address: 'Industrivej 22', city: 'Hillerød', state: 'Capital Region of Denmark', zip_code: '3400', latitude: 55.927, longitude: 12.295 },
    ],
    interested: ['wood', 'textile-by-products'],
    providing: ['wood', 'textile-by-products', 'plastics-and-rubber', 'paper-and-cardboard'],
    plan: { kind: 'custom', activated_days_ago: 200 },
  },
  {
    key: 'aarhus',
    name: 'Aarhus Malt & Feed ApS',
    country: 'DK',
    calling_code: '+45',
    contact_phone: '86 12 34 90',
    currency: 'DKK',
    industry: 'Agriculture',
    company_size: '51-250',
    main_business: 'Malting and compound animal feed',
    about_info: 'Malt house and feed mill at the port of Aarhus. We buy wet brewery by-products for cattle and pig feed across Jutland.',
    website_url: 'https://aarhus-malt.example.com',
    business_registration_number: 'DK-CVR 38 77 12 04',
    parent: 'oresund',
    member_since_days_ago: 380,
    addresses: [
      { address: 'Østhavnsvej 33', city: 'Aarhus C', state: 'Central Denmark Region', zip_code: '8000', latitude: 56.1615, longitude: 10.226 },
    ],
    interested: ['food-by-products', 'agriculture-and-forestry'],
    providing: ['agriculture-and-forestry', 'textile-by-products'],
    plan: { kind: 'extension', activated_days_ago: 150 },
  },
  {
    key: 'klang',
    name: 'Klang Valley Beverages Sdn Bhd',
    country: 'MY',
    calling_code: '+60',
    contact_phone: '3-7981 2200',
    currency: 'MYR',
    industry: 'Food and beverage',
    company_size: '251-1000',
    main_business: 'Juice and soft-drink bottling',
    about_info: 'Bottler of juices and soft drinks for the Klang Valley, part of the Øresund Brewing Group since 2021.',
    website_url: 'https://klangvalley-beverages.example.com',
    business_registration_number: '201901012345 (1321456-K)',
    parent: 'oresund',
    member_since_days_ago: 12,
    addresses: [
      {
        address: 'Lot 18, Jalan Kuchai Lama',
        city: 'Kuala Lumpur',
        state: 'Wilayah Persekutuan Kuala Lumpur',
        zip_code: '58200',
        latitude: 3.089,
        longitude: 101.688,
      },
    ],
    interested: ['plastics-and-rubber', 'paper-and-cardboard'],
    providing: ['food-by-products', 'plastics-and-rubber'],
    plan: { kind: 'initial', activated_days_ago: 9 },
  },
  {
    key: 'penang',
    name: 'Penang Precision Electronics Sdn Bhd',
    country: 'MY',
    calling_code: '+60',
    contact_phone: '4-644 8100',
    currency: 'MYR',
    industry: 'Electronics manufacturing',
    company_size: '1000+',
    main_business: 'PCB assembly and box build',
    about_info:
      'Contract electronics manufacturer in the Bayan Lepas free industrial zone. Looking for outlets for cable, copper and packaging residues.',
    website_url: 'https://penang-precision.example.com',
    business_registration_number: '200801034567 (830012-X)',
    member_since_days_ago: 31,
    addresses: [
      {
        address: 'Plot 85, Lintang Bayan Lepas 9, Bayan Lepas Free Industrial Zone Phase 4',
        city: 'Bayan Lepas',
        state: 'Pulau Pinang',
        zip_code: '11900',
        latitude: 5.2995,
        longitude: 100.265,
      },
      {
        address: 'Lot 2030, Jalan Perusahaan Baru, Prai Industrial Estate',
        city: 'Perai',
        state: 'Pulau Pinang',
        zip_code: '13600',
        latitude: 5.364,
        longitude: 100.4,
      },
    ],
    interested: ['technology', 'engineering', 'metals'],
    providing: ['metals', 'electronics-e-waste', 'plastics-and-rubber', 'engineering'],
    plan: { kind: 'initial', activated_days_ago: 30 },
  },
  {
    key: 'thames',
    name: 'Thames Textile Recovery Ltd',
    country: 'GB',
    calling_code: '+44',
    contact_phone: '20 7946 0321',
    currency: 'GBP',
    industry: 'Textiles',
    company_size: '11-50',
    main_business: 'Collection, sorting and resale of textiles',
    about_info: 'We sort 40 tonnes of clothing and workwear a week in Silvertown and find a second life for every fraction.',
    website_url: 'https://thames-textile.example.com',
    business_registration_number: 'GB 12873465',
    member_since_days_ago: 300,
    addresses: [
      {
        address: 'Unit 7, Thameside Industrial Estate, Factory Road',
        city: 'London',
        state: 'Greater London',
        zip_code: 'E16 2HB',
        latitude: 51.4995,
        longitude: 0.056,
      },
    ],
    interested: ['textile-by-products', 'wood'],
    providing: ['textile-by-products'],
    plan: { kind: 'custom', activated_days_ago: 200 },
  },
  {
    key: 'northern',
    name: 'Northern Timber & Pallets Ltd',
    country: 'GB',
    calling_code: '+44',
    contact_phone: '161 496 0732',
    currency: 'GBP',
    industry: 'Wood and logistics',
    company_size: '51-250',
    main_business: 'Pallet repair, timber machining',
    about_info: 'Trafford Park pallet yard and sawmill: we repair, re-grade and recycle pallets and sell kiln-dried offcuts.',
    website_url: 'https://northern-timber.example.com',
    business_registration_number: 'GB 09817263',
    member_since_days_ago: 190,
    addresses: [
      {
        address: 'Westinghouse Road, Trafford Park',
        city: 'Manchester',
        state: 'Greater Manchester',
        zip_code: 'M17 1PY',
        latitude: 53.4685,
        longitude: -2.319,
      },
    ],
    interested: ['wood', 'packaging'],
    providing: ['wood'],
    plan: { kind: 'extension', activated_days_ago: 160 },
  },
  {
    key: 'spree',
    name: 'Spree Electronics Refurb GmbH',
    country: 'DE',
    calling_code: '+49',
    contact_phone: '30 4321 8800',
    currency: 'EUR',
    industry: 'Electronics',
    company_size: '11-50',
    main_business: 'IT asset refurbishment and data-wiping',
    about_info: 'Certified refurbisher in Berlin-Tegel. We take back laptops, servers and network gear and give them a second life.',
    website_url: 'https://spree-refurb.example.com',
    business_registration_number: 'HRB 214578 B',
    member_since_days_ago: 110,
    addresses: [{ address: 'Am Borsigturm 100', city: 'Berlin', state: 'Berlin', zip_code: '13507', latitude: 52.5862, longitude: 13.2866 }],
    interested: ['electronics-e-waste', 'metals'],
    providing: ['electronics-e-waste'],
    plan: { kind: 'extension', activated_days_ago: 100 },
  },
  {
    key: 'hafen',
    name: 'HafenLogistik Nord GmbH',
    country: 'DE',
    calling_code: '+49',
    contact_phone: '40 3019 5500',
    currency: 'EUR',
    industry: 'Logistics',
    company_size: '251-1000',
    main_business: 'Contract warehousing and road haulage',
    about_info: 'Warehousing and North Sea–Baltic road freight out of Hamburg. Spare space and empty return legs are our by-products.',
    website_url: 'https://hafenlogistik.example.com',
    business_registration_number: 'HRB 158742 Hamburg',
    member_since_days_ago: 250,
    addresses: [
      { address: 'Am Sandtorkai 50', city: 'Hamburg', state: 'Hamburg', zip_code: '20457', latitude: 53.5433, longitude: 9.9895 },
      { address: 'Altenwerder Damm 20', city: 'Hamburg', state: 'Hamburg', zip_code: '21129', latitude: 53.499, longitude: 9.937 },
    ],
    interested: ['electronics-e-waste', 'technology'],
    providing: ['industrial-and-logistics-space', 'plastics-and-rubber'],
    plan: { kind: 'custom', activated_days_ago: 200 },
  },
  {
    key: 'attica',
    name: 'Attica Green Build S.A.',
    country: 'GR',
    calling_code: '+30',
    contact_phone: '21 0614 2250',
    currency: 'EUR',
    industry: 'Construction',
    company_size: '51-250',
    main_business: 'Refurbishment and demolition contractor',
    about_info: 'Athens contractor for selective demolition and refurbishment. We keep concrete, steel and tiles in use instead of in landfill.',
    website_url: 'https://attica-greenbuild.example.com',
    business_registration_number: 'GEMI 128734501000',
    member_since_days_ago: 200,
    addresses: [{ address: 'Leoforos Kifisias 44', city: 'Marousi', state: 'Attica', zip_code: '151 25', latitude: 38.0425, longitude: 23.804 }],
    interested: ['construction-residues', 'textile-by-products', 'wood'],
    providing: ['construction-residues', 'metals'],
    plan: { kind: 'extension', activated_days_ago: 180 },
  },
  {
    key: 'tessitura',
    name: 'Tessitura Lombarda S.r.l.',
    country: 'IT',
    calling_code: '+39',
    contact_phone: '02 8736 4410',
    currency: 'EUR',
    industry: 'Textiles',
    company_size: '51-250',
    main_business: 'Weaving of wool, silk and recycled-cotton fabrics',
    about_info: 'Family weaving mill in Milan since 1962. We spin recycled cotton and wool and sell our deadstock to designers.',
    website_url: 'https://tessitura-lombarda.example.com',
    business_registration_number: 'IT 07218830963',
    member_since_days_ago: 280,
    addresses: [{ address: 'Via Privata Mecenate 76', city: 'Milano', state: 'Lombardia', zip_code: '20138', latitude: 45.4465, longitude: 9.2555 }],
    interested: ['textile-by-products'],
    providing: ['textile-by-products', 'engineering'],
    plan: { kind: 'custom', activated_days_ago: 200 },
  },
  {
    key: 'carpathia',
    name: 'Carpathia Plastics Recycling S.R.L.',
    country: 'RO',
    calling_code: '+40',
    contact_phone: '21 310 4477',
    currency: 'RON',
    industry: 'Recycling',
    company_size: '11-50',
    main_business: 'Sorting, washing and regrinding of rigid plastics',
    about_info: 'Bucharest recycler producing colour-sorted HDPE and PP regrind for injection moulders across Romania.',
    website_url: 'https://carpathia-plastics.example.com',
    business_registration_number: 'J40/12873/2016',
    member_since_days_ago: 5,
    addresses: [
      { address: 'Bulevardul Timișoara 26', city: 'București', state: 'București', zip_code: '061331', latitude: 44.4235, longitude: 26.0195 },
    ],
    interested: ['plastics-and-rubber', 'packaging'],
    providing: ['plastics-and-rubber'],
    plan: { kind: 'initial', activated_days_ago: 5 },
  },
  {
    key: 'gulf',
    name: 'Gulf Industrial Advisory FZE',
    country: 'AE',
    calling_code: '+971',
    contact_phone: '4 881 2040',
    currency: 'AED',
    industry: 'Professional services',
    company_size: '1-10',
    main_business: 'Environmental management and compliance consulting',
    about_info: 'ISO 14001 lead auditors and waste-law specialists working with manufacturers in the Gulf and in Europe, on site or remotely.',
    website_url: 'https://gulf-advisory.example.com',
    business_registration_number: 'JAFZA FZE 182736',
    member_since_days_ago: 150,
    addresses: [
      {
        address: 'Office 1204, JAFZA One, Jebel Ali Free Zone',
        city: 'Dubai',
        state: 'Dubai',
        zip_code: '00000',
        latitude: 25.0109,
        longitude: 55.084,
      },
    ],
    interested: ['chemicals', 'hazardous-waste'],
    providing: ['sustainability-and-esg', 'legal', 'finance'],
    plan: null,
  },
];

interface DemoUser {
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

/** The three documented demo logins come first; everyone else is a supporting cast member. */
const DEMO_USERS: DemoUser[] = [
  {
    email: 'manager@example.com',
    username: 'manager',
    first_name: 'Mette',
    last_name: 'Jensen',
    official_role: 'Sustainability Manager',
    company: 'oresund',
    role: 'MANAGER',
    donations_dashboard_access: true,
  },
  {
    email: 'member@example.com',
    username: 'member',
    first_name: 'Jonas',
    last_name: 'Holm',
    official_role: 'Logistics Coordinator',
    company: 'oresund',
    role: 'MEMBER',
  },
  {
    email: 'karen.lund@example.org',
    username: 'karen.lund',
    first_name: 'Karen',
    last_name: 'Lund',
    official_role: 'Production Manager',
    company: 'nordhavn',
    role: 'MANAGER',
    language: 'dk',
  },
  {
    email: 'emil.sorensen@example.org',
    username: 'emil.sorensen',
    first_name: 'Emil',
    last_name: 'Sørensen',
    official_role: 'Head Roaster',
    company: 'brygge',
    role: 'MANAGER',
  },
  {
    email: 'henrik.dahl@example.org',
    username: 'henrik.dahl',
    first_name: 'Henrik',
    last_name: 'Dahl',
    official_role: 'Environmental Coordinator',
    company: 'kastrup',
    role: 'MANAGER',
  },
  {
    email: 'morten.friis@example.org',
    username: 'morten.friis',
    first_name: 'Morten',
    last_name: 'Friis',
    official_role: 'Workshop Manager',
    company: 'glostrup',
    role: 'MANAGER',
    language: 'dk',
  },
  {
    email: 'sara.nielsen@example.org',
    username: 'sara.nielsen',
    first_name: 'Sara',
    last_name: 'Nielsen',
    official_role: 'Warehouse Manager',
    company: 'avedore',
    role: 'MANAGER',
  },
  {
    email: 'ida.kristensen@example.org',
    username: 'ida.kristensen',
    first_name: 'Ida',
    last_name: 'Kristensen',
    official_role: 'Partner, Energy Engineer',
    company: 'lyngby',
    role: 'MANAGER',
  },
  {
    email: 'peter.holm@example.org',
    username: 'peter.holm',
    first_name: 'Peter',
    last_name: 'Holm',
    official_role: 'Plant Manager',
    company: 'roskilde',
    role: 'MANAGER',
    language: 'dk',
  },
  {
    email: 'rasmus.bech@example.org',
    username: 'rasmus.bech',
    first_name: 'Rasmus',
    last_name: 'Bech',
    official_role: 'Sawmill Manager',
    company: 'koge',
    role: 'MANAGER',
  },
  {
    email: 'anne.winther@example.org',
    username: 'anne.winther',
    first_name: 'Anne',
    last_name: 'Winther',
    official_role: 'Sustainability Lead',
    company: 'hillerod',
    role: 'MANAGER',
  },
  {
    email: 'anders.kjaer@example.org',
    username: 'anders.kjaer',
    first_name: 'Anders',
    last_name: 'Kjær',
    official_role: 'Operations Manager',
    company: 'aarhus',
    role: 'MANAGER',
    language: 'dk',
  },
  {
    email: 'nurul.aziz@example.org',
    username: 'nurul.aziz',
    first_name: 'Nurul',
    last_name: 'Aziz',
    official_role: 'Plant Manager',
    company: 'klang',
    role: 'MANAGER',
    language: 'my',
  },
  {
    email: 'jason.tan@example.org',
    username: 'jason.tan',
    first_name: 'Jason',
    last_name: 'Tan',
    official_role: 'Procurement Executive',
    company: 'klang',
    role: 'MEMBER',
    language: 'my',
  },
  {
    email: 'kavitha.rajendran@example.org',
    username: 'kavitha.rajendran',
    first_name: 'Kavitha',
    last_name: 'Rajendran',
    official_role: 'EHS Manager',
    company: 'penang',
    role: 'MANAGER',
  },
  {
    email: 'olivia.bennett@example.org',
    username: 'olivia.bennett',
    first_name: 'Olivia',
    last_name: 'Bennett',
    official_role: 'Managing Director',
    company: 'thames',
    role: 'MANAGER',
  },
  {
    email: 'sam.okafor@example.org',
    username: 'sam.okafor',
    first_name: 'Sam',
    last_name: 'Okafor',
    official_role: 'Sorting Supervisor',
    company: 'thames',
    role: 'MEMBER',
  },
  {
    email: 'james.whitaker@example.org',
    username: 'james.whitaker',
    first_name: 'James',
    last_name: 'Whitaker',
    official_role: 'Yard Manager',
    company: 'northern',
    role: 'MANAGER',
  },
  {
    email: 'lena.schulz@example.org',
    username: 'lena.schulz',
    first_name: 'Lena',
    last_name: 'Schulz',
    official_role: 'Geschäftsführerin',
    company: 'spree',
    role: 'MANAGER',
  },
  {
    email: 'felix.brandt@example.org',
    username: 'felix.brandt',
    first_name: 'Felix',
    last_name: 'Brandt',
    official_role: 'Head of Warehousing',
    company: 'hafen',
    role: 'MANAGER',
  },
  {
    email: 'mia.hoffmann@example.org',
    username: 'mia.hoffmann',
    first_name: 'Mia',
    last_name: 'Hoffmann',
    official_role: 'Transport Planner',
    company: 'hafen',
    role: 'MEMBER',
  },
  {
    email: 'nikos.papadopoulos@example.org',
    username: 'nikos.papadopoulos',
    first_name: 'Nikos',
    last_name: 'Papadopoulos',
    official_role: 'Site Engineer',
    company: 'attica',
    role: 'MANAGER',
  },
  {
    email: 'giulia.rossi@example.org',
    username: 'giulia.rossi',
    first_name: 'Giulia',
    last_name: 'Rossi',
    official_role: 'Production Director',
    company: 'tessitura',
    role: 'MANAGER',
  },
  {
    email: 'andrei.popescu@example.org',
    username: 'andrei.popescu',
    first_name: 'Andrei',
    last_name: 'Popescu',
    official_role: 'Founder',
    company: 'carpathia',
    role: 'MANAGER',
  },
  {
    email: 'omar.haddad@example.org',
    username: 'omar.haddad',
    first_name: 'Omar',
    last_name: 'Al Haddad',
    official_role: 'Principal Consultant',
    company: 'gulf',
    role: 'MANAGER',
  },
];

interface DemoListing {
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
  /** The generated photo (demo-photos.ts): what it shows and its main colour. */
  photo: DemoPhoto;
}

const DEMO_LISTINGS: DemoListing[] = [
  {
    key: 'spent-grain',
    company: 'oresund',
    title: "Brewer's spent grain",
    description:
      'Wet spent grain from our lager and IPA brews, collected from a covered silo. About 22% dry matter, high in protein and fibre: proven as cattle feed and in biogas. Available every week all year round.',
    category: 'by-product',
    code: '020704',
    frequency: 'weekly',
    quantity: 12000,
    condition: 'Fresh, wet (22% dry matter)',
    type: 'Organic by-product',
    final_use: 'Animal feed or biogas',
    sdgs: [2, 12, 13],
    photo: { scene: 'heap', tint: '#b08a4a' },
    days_ago: 95,
  },
  {
    key: 'yeast',
    company: 'oresund',
    address: 1,
    title: 'Spent brewer’s yeast slurry',
    description:
      'Surplus yeast slurry after the third re-pitch, chilled in IBC totes at our Valby site. Suitable for feed supplements, yeast extract or anaerobic digestion.',
    category: 'by-product',
    code: '020799',
    frequency: 'weekly',
    quantity: 1500,
    condition: 'Chilled, in 1000 l IBC totes',
    type: 'Organic by-product',
    final_use: 'Feed supplement or anaerobic digestion',
    sdgs: [2, 12],
    photo: { scene: 'ibc', tint: '#d9c08f' },
    days_ago: 60,
  },
  {
    key: 'bottles',
    company: 'oresund',
    address: 1,
    title: 'Surplus brown glass bottles 330 ml',
    description:
      'New, unused 330 ml long-neck bottles left over from a discontinued label: about 18,000 bottles on 9 pallets. Ideal for a craft brewery or a kombucha producer.',
    category: 'surplus',
    code: '150107',
    frequency: 'one-off',
    quantity: 4500,
    condition: 'New, shrink-wrapped on pallets',
    type: 'Packaging',
    final_use: 'Reuse as bottles',
    sdgs: [12],
    photo: { scene: 'bottles', tint: '#6b3a12' },
    days_ago: 14,
  },
  {
    key: 'crates',
    company: 'oresund',
    address: 1,
    title: 'Damaged returnable plastic crates',
    description: 'HDPE beer crates withdrawn from circulation (cracked handles, faded print). Clean and stackable; good feedstock for regrind.',
    category: 'waste',
    code: '150102',
    frequency: 'monthly',
    quantity: 800,
    condition: 'Used, damaged',
    type: 'Plastic packaging',
    final_use: 'Mechanical recycling',
    sdgs: [12],
    photo: { scene: 'crates', tint: '#b3261e' },
    days_ago: 40,
  },
  {
    key: 'cold-store',
    company: 'oresund',
    address: 1,
    title: 'Chilled storage space 150 m²',
    description:
      'Part of our Valby cold store (2–6 °C) is free from October to March: 150 m² with racking for 120 pallets, dock access and 24/7 temperature monitoring.',
    category: 'surplus',
    code: 'S-SPACE-1.2.1',
    frequency: 'every few months',
    quantity: 150,
    condition: 'Available October to March',
    type: 'Cold storage',
    final_use: 'Storage of chilled goods',
    sdgs: [9, 12],
    photo: { scene: 'warehouse', tint: '#8fb8d8' },
    days_ago: 20,
  },
  {
    key: 'water-reuse',
    company: 'oresund',
    title: 'Brewery wastewater reuse know-how',
    description:
      'Our process engineers cut water use to 2.9 hl per hl of beer. We share the design of our CIP water recovery and membrane filtration in on-site sessions.',
    category: 'knowledge',
    code: 'K-ENG-1.1.3',
    frequency: 'monthly',
    quantity: 40,
    condition: 'On site in Copenhagen or remote',
    type: 'Consulting',
    final_use: 'Process improvement',
    sdgs: [6, 9, 12],
    photo: { scene: 'meeting', tint: '#2f7f9f' },
    days_ago: 70,
  },

  // ---- the Copenhagen area: within 5 km of the demo company ----
  {
    key: 'carton-skeletons',
    company: 'nordhavn',
    title: 'Die-cut carton skeletons',
    description:
      'The board left after die-cutting folding cartons: clean virgin-fibre board, printed on one side, baled at about 400 kg. Collected weekly from our dock in Nordhavn.',
    category: 'waste',
    code: '150101',
    frequency: 'weekly',
    quantity: 1800,
    condition: 'Clean, baled',
    type: 'Paperboard',
    final_use: 'Paper recycling',
    sdgs: [12, 15],
    photo: { scene: 'bales', tint: '#c9a878' },
    days_ago: 13,
  },
  {
    key: 'misprints',
    company: 'nordhavn',
    title: 'Misprinted folding cartons',
    description:
      'A run of 60,000 cereal-box blanks with a colour fault, flat on 12 pallets. Sturdy enough to ship small parts or to fold into storage boxes; otherwise good recycled-board feedstock.',
    category: 'surplus',
    code: '150101',
    frequency: 'one-off',
    quantity: 2400,
    condition: 'New, flat on pallets',
    type: 'Packaging',
    final_use: 'Reuse as boxes or recycling',
    sdgs: [12],
    photo: { scene: 'cartons', tint: '#d8b98c' },
    days_ago: 7,
  },
  {
    key: 'print-hall',
    company: 'nordhavn',
    title: 'Spare print hall space 250 m²',
    description:
      'Half of our old litho hall has been empty since we moved a press: heated, 5 m to the ceiling, a dock door and forklift access. For light assembly or storage, by the quarter.',
    category: 'surplus',
    code: 'S-SPACE-2.1.1',
    frequency: 'every few months',
    quantity: 250,
    condition: 'Available from next month',
    type: 'Production space',
    final_use: 'Light assembly or storage',
    sdgs: [9, 11],
    sub_listings: [
      { title: 'North bay 150 m² with dock door', description: 'Level access, 3 × 3.5 m door', quantity: 150 },
      { title: 'South bay 100 m² with small office', description: 'Office of 12 m² and a kitchenette', quantity: 100 },
    ],
    photo: { scene: 'warehouse', tint: '#9fb3c8' },
    days_ago: 18,
  },
  {
    key: 'ink-training',
    company: 'nordhavn',
    title: 'Faster print job changeovers training',
    description:
      'How we cut make-ready waste by 40%: plate and ink changeovers, colour targets agreed with brand owners, and the checklists our press crews use. A day on site with our print manager.',
    category: 'knowledge',
    code: 'K-ENG-1.1.2',
    frequency: 'monthly',
    quantity: 12,
    condition: 'On site in Nordhavn',
    type: 'Training',
    final_use: 'Less print waste',
    sdgs: [9, 12],
    photo: { scene: 'meeting', tint: '#3f6f9f' },
    days_ago: 52,
  },
  {
    key: 'chaff',
    company: 'brygge',
    title: 'Coffee chaff from roasting',
    description:
      'The silver skin that comes off green coffee in the roaster: dry, light and clean, collected by the cyclone in 20 kg paper bags. Good as mulch, compost or mushroom substrate.',
    category: 'by-product',
    code: '020304',
    frequency: 'weekly',
    quantity: 250,
    condition: 'Dry, in paper bags',
    type: 'Organic by-product',
    final_use: 'Mulch, compost or substrate',
    sdgs: [2, 12, 15],
    photo: { scene: 'heap', tint: '#c7a06a' },
    days_ago: 5,
  },
  {
    key: 'grounds',
    company: 'brygge',
    title: 'Spent coffee grounds from our cafés',
    description:
      'Grounds from the espresso machines of our three cafés, collected daily in lidded 60 l bins and stored cool. Used by mushroom growers and for biogas.',
    category: 'by-product',
    code: '020399',
    frequency: 'daily',
    quantity: 90,
    condition: 'Wet, in lidded bins',
    type: 'Organic by-product',
    final_use: 'Mushroom growing or biogas',
    sdgs: [2, 12],
    photo: { scene: 'heap', tint: '#4a3426' },
    days_ago: 2,
  },
  {
    key: 'coffee-sacks',
    company: 'brygge',
    title: 'Green coffee jute sacks',
    description:
      'Empty 60 kg jute sacks from Brazil, Colombia and Ethiopia, shaken out and stacked. Many have colourful prints: loved by upholsterers, gardeners and schools.',
    category: 'waste',
    code: '150109',
    frequency: 'monthly',
    quantity: 180,
    condition: 'Used, shaken out',
    type: 'Textile packaging',
    final_use: 'Reuse or fibre recycling',
    sdgs: [12, 15],
    sub_listings: [
      { title: 'Printed sacks', description: 'Origin prints in two or three colours', quantity: 120 },
      { title: 'Plain sacks', description: 'No print, for gardening and crafts', quantity: 60 },
    ],
    photo: { scene: 'sacks', tint: '#b59566' },
    days_ago: 16,
  },
  {
    key: 'roaster-heat',
    company: 'brygge',
    title: 'Roaster afterburner heat recovery',
    description:
      'We heat our building with the afterburner of a 120 kg roaster. We share the design, the costs and two years of figures on a site visit, and review your plans.',
    category: 'knowledge',
    code: 'K-ENG-1.2.1',
    frequency: 'monthly',
    quantity: 16,
    condition: 'On site in Islands Brygge',
    type: 'Consulting',
    final_use: 'Energy savings',
    sdgs: [7, 9, 13],
    photo: { scene: 'meeting', tint: '#8a5a3c' },
    days_ago: 44,
  },

  // ---- within 20 km ----
  {
    key: 'frying-oil',
    company: 'kastrup',
    title: 'Used frying oil',
    description: 'Rapeseed frying oil from our production kitchen, filtered and collected in 1,000 l IBCs. Suited to HVO and biodiesel producers.',
    category: 'waste',
    code: '200125',
    frequency: 'weekly',
    quantity: 900,
    condition: 'Filtered, in IBCs',
    type: 'Edible oil',
    final_use: 'Biodiesel',
    sdgs: [7, 12, 13],
    photo: { scene: 'ibc', tint: '#c99a2e' },
    days_ago: 9,
  },
  {
    key: 'alu-trays',
    company: 'kastrup',
    title: 'Unused aluminium meal trays',
    description:
      'About 90,000 aluminium hot-meal trays with lids from a discontinued airline menu, still boxed. For caterers, or clean aluminium for recycling.',
    category: 'surplus',
    code: '150104',
    frequency: 'one-off',
    quantity: 1200,
    condition: 'New, boxed',
    type: 'Packaging',
    final_use: 'Reuse by caterers',
    sdgs: [12],
    photo: { scene: 'trays', tint: '#c8ccd0' },
    days_ago: 23,
  },
  {
    key: 'pet-bottles',
    company: 'kastrup',
    title: 'Clear PET bottles from flights',
    description:
      'Empty 0.5 l water bottles returned from flights, caps on, collected in clear bags. Single-stream clear PET for bottle-to-bottle recycling.',
    category: 'waste',
    code: '150102',
    frequency: 'weekly',
    quantity: 700,
    condition: 'Emptied, bagged',
    type: 'Plastic packaging',
    final_use: 'Bottle-to-bottle recycling',
    sdgs: [12, 14],
    photo: { scene: 'bottles', tint: '#cfe6f2' },
    days_ago: 11,
  },
  {
    key: 'steel-skeletons',
    company: 'glostrup',
    title: 'Laser-cut steel sheet skeletons',
    description:
      'The sheet left after laser cutting: clean S235 mild steel, 1 to 10 mm, no coatings. Collected in a skip at our Glostrup workshop; small parts can still be cut from the larger pieces.',
    category: 'by-product',
    code: '120101',
    frequency: 'weekly',
    quantity: 3000,
    condition: 'Clean, uncoated',
    type: 'Metal scrap',
    final_use: 'Steel recycling or small parts',
    sdgs: [9, 12],
    photo: { scene: 'metal', tint: '#6f757c' },
    days_ago: 6,
  },
  {
    key: 'alu-offcuts',
    company: 'glostrup',
    title: 'Aluminium sheet offcuts (5754)',
    description: 'Offcuts of AlMg3 sheet and plate from our laser and shears, sorted by thickness into stillages.',
    category: 'by-product',
    code: '120103',
    frequency: 'monthly',
    quantity: 600,
    condition: 'Clean, sorted',
    type: 'Metal',
    final_use: 'Remelting or small parts',
    sdgs: [9, 12],
    sub_listings: [
      { title: '1–3 mm sheet offcuts', description: 'Pieces from 100 × 100 mm up to 1 × 0.5 m', quantity: 400 },
      { title: '4–8 mm plate offcuts', description: 'Mostly strips 50–300 mm wide', quantity: 200 },
    ],
    photo: { scene: 'metal', tint: '#c4c9ce' },
    days_ago: 29,
  },
  {
    key: 'steel-beams',
    company: 'glostrup',
    title: 'Surplus HEB 200 steel beams',
    description: 'Fourteen new HEB 200 beams in 6 m lengths, left over from a cancelled mezzanine. Mill scale, no holes. Certificates 3.1 available.',
    category: 'surplus',
    code: '170405',
    frequency: 'one-off',
    quantity: 4200,
    condition: 'New, mill scale',
    type: 'Structural steel',
    final_use: 'Reuse in construction',
    sdgs: [9, 11, 12],
    photo: { scene: 'beams', tint: '#5b5e63' },
    days_ago: 34,
  },
  {
    key: 'nesting',
    company: 'glostrup',
    title: 'Laser nesting for less sheet scrap',
    description: 'Our CAM programmer shows how common-line cutting and remnant nesting took our sheet yield from 71% to 83%, using your own parts.',
    category: 'knowledge',
    code: 'K-ENG-2.1.2',
    frequency: 'monthly',
    quantity: 20,
    condition: 'On site in Glostrup or remote',
    type: 'Training',
    final_use: 'Scrap reduction',
    sdgs: [9, 12],
    photo: { scene: 'meeting', tint: '#4f6d7a' },
    days_ago: 61,
  },
  {
    key: 'racking-space',
    company: 'avedore',
    title: 'Pallet racking space 600 m²',
    description:
      'Ambient pallet racking in Hall 3 on Avedøre Holme, free until the Christmas peak: 24/7 access, WMS and handling by our staff included. 15 minutes from central Copenhagen.',
    category: 'surplus',
    code: 'S-SPACE-1.1.1',
    frequency: 'every few months',
    quantity: 600,
    condition: 'Available now',
    type: 'Warehouse space',
    final_use: 'Storage of palletised goods',
    sdgs: [9, 11],
    sub_listings: [
      { title: 'Hall 3, aisles 1–4: 350 m²', description: 'About 420 pallet places on four levels', quantity: 350 },
      { title: 'Hall 3, aisles 5–7: 250 m²', description: 'About 300 pallet places, next to dock 12', quantity: 250 },
    ],
    photo: { scene: 'warehouse', tint: '#e07b39' },
    days_ago: 4,
  },
  {
    key: 'container-yard',
    company: 'avedore',
    title: 'Fenced yard for 20 containers',
    description: 'Paved, fenced and lit yard beside our warehouse with camera surveillance. For containers, trailers or machinery, by the month.',
    category: 'surplus',
    code: 'S-SPACE-1.3.2',
    frequency: 'monthly',
    quantity: 1200,
    condition: 'Paved, fenced, lit',
    type: 'Outdoor space',
    final_use: 'Container or trailer parking',
    sdgs: [9, 11],
    photo: { scene: 'yard', tint: '#2f6f8f' },
    days_ago: 47,
  },
  {
    key: 'ldpe-film',
    company: 'avedore',
    title: 'Mixed LDPE film from unwrapping',
    description: 'Stretch and shrink film from inbound pallets, baled on site. Clear and mostly free of labels; a few coloured sheets.',
    category: 'waste',
    code: '150102',
    frequency: 'weekly',
    quantity: 1100,
    condition: 'Baled, a few labels',
    type: 'Plastic film',
    final_use: 'Film recycling',
    sdgs: [12, 14],
    photo: { scene: 'bales', tint: '#dfe9ee' },
    days_ago: 8,
  },
  {
    key: 'air-leaks',
    company: 'lyngby',
    title: 'Compressed-air leak surveys',
    description:
      'We find and tag the leaks in your compressed-air network with an ultrasonic camera and hand over a costed repair list. Leaks are typically 20–30% of a plant’s compressor power.',
    category: 'knowledge',
    code: 'K-ENG-1.2.2',
    frequency: 'monthly',
    quantity: 24,
    condition: 'On site in Zealand',
    type: 'Consulting',
    final_use: 'Energy savings',
    sdgs: [7, 9, 13],
    photo: { scene: 'meeting', tint: '#2e7d5b' },
    days_ago: 15,
  },
  {
    key: 'cip-water',
    company: 'lyngby',
    title: 'Cleaning-in-place water audits',
    description:
      'A week of measurements on your CIP system and a plan to reuse final rinse water and cut caustic use, for dairies, breweries and juice plants.',
    category: 'knowledge',
    code: 'K-ENG-1.1.3',
    frequency: 'every few months',
    quantity: 32,
    condition: 'On site, measurements included',
    type: 'Consulting',
    final_use: 'Water and chemical savings',
    sdgs: [6, 9, 12],
    photo: { scene: 'lab', tint: '#3b82a0' },
    days_ago: 39,
  },
  {
    key: 'lab-benches',
    company: 'lyngby',
    title: 'Lab benches to rent by the month',
    description:
      'Two wet-lab benches with a fume hood, gas, water and a shared autoclave in DTU Science Park. For testing recycled materials or product trials.',
    category: 'surplus',
    code: 'S-SPACE-2.2.2',
    frequency: 'monthly',
    quantity: 40,
    condition: 'Available now',
    type: 'Laboratory space',
    final_use: 'Testing and product development',
    sdgs: [9],
    photo: { scene: 'lab', tint: '#6a8caf' },
    days_ago: 27,
  },

  // ---- within 40 km ----
  {
    key: 'digestate',
    company: 'roskilde',
    title: 'Liquid digestate fertiliser',
    description:
      'Digestate from our biogas plant: pumpable, about 4% dry matter, rich in nitrogen and potassium. Analysis with every batch; delivered by tanker.',
    category: 'by-product',
    code: '190606',
    frequency: 'weekly',
    quantity: 30000,
    condition: 'Pumpable, analysed',
    type: 'Organic fertiliser',
    final_use: 'Spreading on farmland',
    sdgs: [2, 12, 15],
    photo: { scene: 'ibc', tint: '#4d4030' },
    days_ago: 21,
  },
  {
    key: 'compost',
    company: 'roskilde',
    title: 'Off-spec compost for landscaping',
    description:
      'Garden-waste compost that missed the nutrient spec for retail bags: screened to 0–20 mm, fine for landscaping, noise banks and soil blends.',
    category: 'by-product',
    code: '190503',
    frequency: 'monthly',
    quantity: 20000,
    condition: 'Screened 0–20 mm',
    type: 'Compost',
    final_use: 'Landscaping and soil blends',
    sdgs: [12, 15],
    photo: { scene: 'heap', tint: '#3d2f22' },
    days_ago: 36,
  },
  {
    key: 'biogas-training',
    company: 'roskilde',
    title: 'Biogas plant operator training',
    description:
      'Three days at our plant for new operators: feedstock reception, digester biology, safety and the daily checks. Small groups, in Danish or English.',
    category: 'knowledge',
    code: 'K-HR-1.1.1',
    frequency: 'every few months',
    quantity: 24,
    condition: 'On site in Roskilde',
    type: 'Training',
    final_use: 'Skilled operators',
    sdgs: [4, 7, 8],
    photo: { scene: 'meeting', tint: '#5d7a3a' },
    days_ago: 58,
  },
  {
    key: 'spruce-offcuts',
    company: 'koge',
    title: 'Spruce and pine sawmill offcuts',
    description:
      'Fresh, untreated offcuts from cutting construction timber to length, 30–120 cm. For firewood, pallet blocks, chips or garden projects.',
    category: 'by-product',
    code: '030105',
    frequency: 'weekly',
    quantity: 8000,
    condition: 'Fresh, untreated',
    type: 'Wood residue',
    final_use: 'Firewood, blocks or chips',
    sdgs: [7, 12, 15],
    sub_listings: [
      { title: 'Short offcuts 30–60 cm', description: 'In crates of about 500 kg', quantity: 5000 },
      { title: 'Long offcuts 60–120 cm', description: 'Strapped bundles', quantity: 3000 },
    ],
    photo: { scene: 'planks', tint: '#d9b37a' },
    days_ago: 12,
  },
  {
    key: 'bark',
    company: 'koge',
    title: 'Shredded pine bark',
    description: 'Bark from our debarker, shredded and stored on a concrete pad. Mulch for parks and gardens, or biomass fuel.',
    category: 'by-product',
    code: '030101',
    frequency: 'monthly',
    quantity: 12000,
    condition: 'Shredded',
    type: 'Bark',
    final_use: 'Mulch or biomass',
    sdgs: [7, 15],
    photo: { scene: 'heap', tint: '#7a4a2c' },
    days_ago: 31,
  },
  {
    key: 'timber-yard',
    company: 'koge',
    title: 'Covered timber yard 800 m²',
    description:
      'A roofed storage yard with open sides by the quay at Køge harbour: dry storage for timber, stone or machinery, with our telehandler on request.',
    category: 'surplus',
    code: 'S-SPACE-1.3.1',
    frequency: 'every few months',
    quantity: 800,
    condition: 'Roofed, open sides',
    type: 'Outdoor space',
    final_use: 'Dry storage',
    sdgs: [9, 11],
    photo: { scene: 'yard', tint: '#8a6a3a' },
    days_ago: 66,
  },
  {
    key: 'veneer',
    company: 'hillerod',
    title: 'Oak veneer offcuts',
    description: 'Strips of 0.6 mm oak veneer up to 2 m long, left from pressing table tops. Lovely for marquetry, lampshades and model making.',
    category: 'by-product',
    code: '030105',
    frequency: 'monthly',
    quantity: 400,
    condition: 'Dry, flat-packed',
    type: 'Veneer',
    final_use: 'Marquetry and crafts',
    sdgs: [12, 15],
    photo: { scene: 'planks', tint: '#e2c28c' },
    days_ago: 19,
  },
  {
    key: 'wool-remnants',
    company: 'hillerod',
    title: 'Upholstery wool fabric remnants',
    description: 'New pieces of wool upholstery fabric, 0.2 to 1.5 m, in greys, blues and ochre from our chair production. Sold by the box.',
    category: 'by-product',
    code: '040222',
    frequency: 'monthly',
    quantity: 250,
    condition: 'New, boxed by colour',
    type: 'Textile',
    final_use: 'Upholstery, bags or felt',
    sdgs: [12],
    photo: { scene: 'rolls', tint: '#6b7f99' },
    days_ago: 10,
  },
  {
    key: 'foam',
    company: 'hillerod',
    title: 'PU foam cushion cut-offs',
    description: 'Clean polyurethane foam from cutting seat cushions, bagged. Good for rebonded foam, pet beds or packaging.',
    category: 'waste',
    code: '070213',
    frequency: 'monthly',
    quantity: 500,
    condition: 'Clean, bagged',
    type: 'Plastic foam',
    final_use: 'Rebonded foam',
    sdgs: [12],
    photo: { scene: 'sacks', tint: '#e9d27a' },
    days_ago: 26,
  },
  {
    key: 'furniture-cartons',
    company: 'hillerod',
    title: 'Heavy-duty furniture cartons',
    description:
      'Double-wall cartons for tables and sideboards from a design change, flat on pallets. Great moving boxes or shipping cartons for bulky goods.',
    category: 'surplus',
    code: '150101',
    frequency: 'one-off',
    quantity: 900,
    condition: 'New, flat',
    type: 'Packaging',
    final_use: 'Reuse for shipping',
    sdgs: [12],
    photo: { scene: 'cartons', tint: '#b8905c' },
    days_ago: 41,
  },

  {
    key: 'rootlets',
    company: 'aarhus',
    title: 'Malt rootlets (malt sprouts)',
    description:
      'Dry rootlets separated after kilning; 24–28% protein. Loose in bulk or in 25 kg bags. Popular in compound feed and as a fermentation nutrient.',
    category: 'by-product',
    code: '020304',
    frequency: 'weekly',
    quantity: 3000,
    condition: 'Dry, loose bulk',
    type: 'Organic by-product',
    final_use: 'Animal feed',
    sdgs: [2, 12],
    photo: { scene: 'heap', tint: '#d8c08a' },
    days_ago: 88,
  },
  {
    key: 'husks',
    company: 'aarhus',
    title: 'Barley husks and screenings',
    description: 'Husks, broken kernels and dust from barley cleaning. Suitable for pellet fuel, mushroom substrate or feed.',
    category: 'by-product',
    code: '020399',
    frequency: 'monthly',
    quantity: 8000,
    condition: 'Dry',
    type: 'Organic by-product',
    final_use: 'Fuel pellets or substrate',
    sdgs: [7, 12],
    photo: { scene: 'heap', tint: '#e0c98e' },
    days_ago: 30,
  },
  {
    key: 'jute',
    company: 'aarhus',
    title: 'Used jute sacks',
    description: 'Jute sacks from imported speciality malts, emptied and baled. Some print. Good for horticulture, crafts or fibre recycling.',
    category: 'waste',
    code: '150109',
    frequency: 'every few months',
    quantity: 600,
    condition: 'Used, baled',
    type: 'Textile packaging',
    final_use: 'Reuse or fibre recycling',
    sdgs: [12, 15],
    photo: { scene: 'sacks', tint: '#a88a5c' },
    days_ago: 25,
  },

  {
    key: 'preforms',
    company: 'klang',
    title: 'Off-spec PET bottle preforms',
    description: 'Clear PET preforms rejected for neck-finish tolerances. Clean, food-grade resin, boxed in octabins.',
    category: 'surplus',
    code: '070213',
    frequency: 'monthly',
    quantity: 2500,
    condition: 'Clean, unused',
    type: 'Plastic',
    final_use: 'Recycling into flakes or strapping',
    sdgs: [9, 12],
    photo: { scene: 'bottles', tint: '#d6ecf5' },
    days_ago: 8,
  },
  {
    key: 'fruit-pulp',
    company: 'klang',
    title: 'Fruit pulp from juice pressing',
    description:
      'Mango and pineapple pulp and peel from our juice line, collected daily in chilled bins. Suited to composting, black soldier fly farming or pectin extraction.',
    category: 'by-product',
    code: '020304',
    frequency: 'weekly',
    quantity: 6000,
    condition: 'Fresh, chilled',
    type: 'Organic by-product',
    final_use: 'Insect farming, compost or extraction',
    sdgs: [2, 12, 13],
    photo: { scene: 'heap', tint: '#f0a030' },
    days_ago: 6,
  },
  {
    key: 'shrink-film',
    company: 'klang',
    title: 'Shrink film offcuts',
    description: 'Clean LDPE shrink film from pallet wrapping and multipack lines, baled.',
    category: 'waste',
    code: '150102',
    frequency: 'monthly',
    quantity: 900,
    condition: 'Clean, baled',
    type: 'Plastic film',
    final_use: 'Film recycling',
    sdgs: [12, 14],
    photo: { scene: 'bales', tint: '#e4eef2' },
    days_ago: 5,
  },

  {
    key: 'copper-cable',
    company: 'penang',
    title: 'Copper cable offcuts',
    description: 'PVC-insulated copper wire and cable ends from harness assembly, sorted by gauge in gaylords.',
    category: 'waste',
    code: '170411',
    frequency: 'monthly',
    quantity: 1200,
    condition: 'Clean, sorted',
    type: 'Metal scrap',
    final_use: 'Granulation and copper recovery',
    sdgs: [9, 12],
    photo: { scene: 'cables', tint: '#b5651d' },
    days_ago: 28,
  },
  {
    key: 'smd',
    company: 'penang',
    address: 1,
    title: 'Surplus SMD reels and PCB stock',
    description: 'End-of-project passive components on sealed reels and unpopulated FR-4 boards. Inventory list on request.',
    category: 'surplus',
    code: '160216',
    frequency: 'one-off',
    quantity: 350,
    condition: 'New, sealed',
    type: 'Electronic components',
    final_use: 'Reuse in production',
    sdgs: [9, 12],
    photo: { scene: 'electronics', tint: '#2f6b3a' },
    days_ago: 18,
  },
  {
    key: 'trays',
    company: 'penang',
    title: 'Used anti-static trays',
    description: 'Conductive polystyrene component trays, dusty but intact. Reusable for handling, or recyclable.',
    category: 'waste',
    code: '150102',
    frequency: 'monthly',
    quantity: 400,
    condition: 'Used, intact',
    type: 'Plastic packaging',
    final_use: 'Reuse or recycling',
    sdgs: [12],
    photo: { scene: 'trays', tint: '#333a40' },
    days_ago: 16,
  },
  {
    key: 'lean',
    company: 'penang',
    title: 'Lean manufacturing workshops',
    description: 'Our continuous-improvement team runs scrap-reduction kaizen workshops for SMEs, in English or Bahasa Malaysia.',
    category: 'knowledge',
    code: 'K-ENG-1.1.2',
    frequency: 'monthly',
    quantity: 24,
    condition: 'On site in Penang or remote',
    type: 'Training',
    final_use: 'Scrap reduction',
    sdgs: [8, 9, 12],
    photo: { scene: 'meeting', tint: '#7a5fa0' },
    days_ago: 22,
  },

  {
    key: 'cotton-offcuts',
    company: 'thames',
    title: 'Offcut cotton fabric',
    description:
      'Pre-consumer 100% cotton offcuts from workwear production, sorted by colour (navy, black, white). Ideal for mechanical recycling into yarn or for wiping rags.',
    category: 'by-product',
    code: '040222',
    frequency: 'weekly',
    quantity: 700,
    condition: 'Clean, colour-sorted',
    type: 'Textile',
    final_use: 'Recycled yarn or wipers',
    sdgs: [12],
    photo: { scene: 'bales', tint: '#2a3a5e' },
    days_ago: 75,
  },
  {
    key: 'clothing',
    company: 'thames',
    title: 'Sorted post-consumer clothing',
    description: 'Grade B wearable clothing sorted for export or resale: knitwear, denim and outerwear in 45 kg bales.',
    category: 'waste',
    code: '200110',
    frequency: 'monthly',
    quantity: 2000,
    condition: 'Used, wearable',
    type: 'Textile',
    final_use: 'Reuse',
    sdgs: [1, 12],
    photo: { scene: 'bales', tint: '#8a6f8f' },
    days_ago: 45,
  },
  {
    key: 'denim',
    company: 'thames',
    title: 'Denim scraps for insulation',
    description: 'Non-wearable denim, buttons and zips removed. Shredded on request for insulation batts or composite boards.',
    category: 'by-product',
    code: '040222',
    frequency: 'monthly',
    quantity: 1500,
    condition: 'Used, trims removed',
    type: 'Textile',
    final_use: 'Insulation or composites',
    sdgs: [11, 12],
    photo: { scene: 'bales', tint: '#3d5a80' },
    days_ago: 12,
  },

  {
    key: 'pallets',
    company: 'northern',
    title: 'Used wooden pallets',
    description:
      'Mixed used pallets collected from retail distribution centres. We sort them into the grades below; broken ones are chipped for board or biomass.',
    category: 'waste',
    code: '150103',
    frequency: 'weekly',
    quantity: 3000,
    condition: 'Used, graded',
    type: 'Wooden packaging',
    final_use: 'Reuse, repair or chipping',
    sdgs: [12, 15],
    sub_listings: [
      { title: 'EUR pallets 1200 × 800, grade A', description: 'EPAL-marked, ready to use', quantity: 1200 },
      { title: 'Industrial pallets 1200 × 1000', description: 'Four-way entry, minor repairs', quantity: 1000 },
      { title: 'Broken pallets for chipping', description: 'Nails in, loaded loose', quantity: 800 },
    ],
    photo: { scene: 'pallets', tint: '#c8a070' },
    days_ago: 55,
  },
  {
    key: 'sawdust',
    company: 'northern',
    title: 'Hardwood sawdust and shavings',
    description:
      'Clean, untreated oak and ash sawdust from our machining line, extracted into a bulk bag station. Good for animal bedding, smoking chips or pellets.',
    category: 'by-product',
    code: '030105',
    frequency: 'weekly',
    quantity: 5000,
    condition: 'Dry, untreated',
    type: 'Wood residue',
    final_use: 'Bedding, pellets or smoking',
    sdgs: [7, 12, 15],
    photo: { scene: 'heap', tint: '#e6cf9e' },
    days_ago: 33,
  },
  {
    key: 'oak',
    company: 'northern',
    title: 'Kiln-dried oak offcuts',
    description: 'Oak offcuts 150–600 mm long, 25–50 mm thick. Perfect for joinery, furniture makers and schools.',
    category: 'by-product',
    code: '030105',
    frequency: 'monthly',
    quantity: 1200,
    condition: 'Kiln-dried',
    type: 'Timber',
    final_use: 'Joinery and furniture',
    sdgs: [12, 15],
    photo: { scene: 'planks', tint: '#c9a066' },
    days_ago: 10,
  },

  {
    key: 'laptops',
    company: 'spree',
    title: 'Refurbishable laptops (2019–2021)',
    description: 'About 400 business laptops from a corporate lease return, data wiped to NIST 800-88. Tested, grades B/C, no chargers.',
    category: 'surplus',
    code: '160214',
    frequency: 'one-off',
    quantity: 800,
    condition: 'Used, tested',
    type: 'IT equipment',
    final_use: 'Reuse after refurbishment',
    sdgs: [4, 9, 12],
    photo: { scene: 'electronics', tint: '#3a3f46' },
    days_ago: 21,
  },
  {
    key: 'racks',
    company: 'spree',
    title: 'Server racks and rails',
    description: '42U server racks with doors and rails from a data-centre decommission. Steel, some scratches.',
    category: 'surplus',
    code: '160214',
    frequency: 'one-off',
    quantity: 1500,
    condition: 'Used, good',
    type: 'IT equipment',
    final_use: 'Reuse',
    sdgs: [9, 12],
    status: 'deactivated',
    photo: { scene: 'beams', tint: '#24272b' },
    days_ago: 90,
  },
  {
    key: 'batteries',
    company: 'spree',
    title: 'Tested lithium-ion battery packs',
    description:
      'Laptop battery packs above 70% state of health, removed during refurbishment. Suited to second-life storage builds. ADR transport arranged.',
    category: 'waste',
    code: '160605',
    frequency: 'every few months',
    quantity: 300,
    condition: 'Tested, >70% health',
    type: 'Batteries',
    final_use: 'Second-life energy storage',
    sdgs: [7, 12],
    photo: { scene: 'electronics', tint: '#1f4e79' },
    days_ago: 50,
  },

  {
    key: 'warehouse',
    company: 'hafen',
    address: 1,
    title: 'Excess warehouse space 400 m²',
    description:
      'Ambient warehouse space in Altenwerder, 10 minutes from the container terminals: 400 m² in two bays for the next three months, WMS and handling staff included.',
    category: 'surplus',
    code: 'S-SPACE-1.1.2',
    frequency: 'one-off',
    quantity: 400,
    condition: 'Available now',
    type: 'Warehouse space',
    final_use: 'Storage',
    sdgs: [9, 11],
    sub_listings: [
      { title: 'Bay A: 200 m² pallet racking', description: '260 pallet places, 3 levels', quantity: 200 },
      { title: 'Bay B: 200 m² floor storage', description: 'Block stacking, 2 dock doors', quantity: 200 },
    ],
    photo: { scene: 'warehouse', tint: '#f2b134' },
    days_ago: 9,
  },
  {
    key: 'return-legs',
    company: 'hafen',
    title: 'Empty return legs Hamburg–Copenhagen',
    description:
      'Our trailers return empty from Copenhagen on Tuesdays and Fridays: 13.6 m of trailer floor, about 33 m² or 33 EUR pallets a trip, at a fraction of the usual rate.',
    category: 'surplus',
    code: 'S-SPACE-3.1.1',
    frequency: 'weekly',
    quantity: 33,
    condition: 'Tuesdays and Fridays',
    type: 'Transport capacity',
    final_use: 'Shared transport',
    sdgs: [9, 11, 13],
    photo: { scene: 'truck', tint: '#1d5f8a' },
    days_ago: 35,
  },
  {
    key: 'stretch-wrap',
    company: 'hafen',
    address: 1,
    title: 'Used stretch wrap film',
    description: 'Clear LLDPE stretch wrap from inbound pallets, collected in a baler. Free of labels and tape.',
    category: 'waste',
    code: '150102',
    frequency: 'monthly',
    quantity: 1500,
    condition: 'Clean, baled',
    type: 'Plastic film',
    final_use: 'Film recycling',
    sdgs: [12, 14],
    photo: { scene: 'bales', tint: '#eef3f5' },
    days_ago: 27,
  },

  {
    key: 'concrete',
    company: 'attica',
    title: 'Crushed concrete aggregate 0/31.5',
    description:
      'Recycled concrete aggregate from selective demolition in Athens, crushed and screened on site, free of gypsum and wood. Suited to sub-base and backfill.',
    category: 'by-product',
    code: '170101',
    frequency: 'monthly',
    quantity: 40000,
    condition: 'Crushed and screened',
    type: 'Aggregate',
    final_use: 'Road sub-base and backfill',
    sdgs: [9, 11, 12],
    photo: { scene: 'heap', tint: '#9a9a96' },
    days_ago: 42,
  },
  {
    key: 'tiles',
    company: 'attica',
    title: 'Surplus ceramic floor tiles',
    description: 'About 600 m² of new 60 × 60 porcelain tiles, light grey, left over from a hotel refurbishment.',
    category: 'surplus',
    code: '170103',
    frequency: 'one-off',
    quantity: 3500,
    condition: 'New, boxed',
    type: 'Building material',
    final_use: 'Reuse in construction',
    sdgs: [11, 12],
    status: 'archived',
    photo: { scene: 'cartons', tint: '#b9bcbf' },
    days_ago: 120,
  },
  {
    key: 'rebar',
    company: 'attica',
    title: 'Reclaimed steel rebar',
    description: 'Reinforcing bar cut from demolition, cleaned of concrete, in 1–6 m lengths.',
    category: 'waste',
    code: '170405',
    frequency: 'every few months',
    quantity: 6000,
    condition: 'Used, cleaned',
    type: 'Metal scrap',
    final_use: 'Steel recycling',
    sdgs: [9, 12, 13],
    photo: { scene: 'beams', tint: '#8a4b2a' },
    days_ago: 15,
  },

  {
    key: 'yarn',
    company: 'tessitura',
    title: 'Wool yarn ends and cones',
    description: 'Merino and lambswool yarn ends on cones, mixed colours. Loved by knitters, schools and recycled-yarn spinners.',
    category: 'by-product',
    code: '040222',
    frequency: 'monthly',
    quantity: 900,
    condition: 'New, on cones',
    type: 'Textile',
    final_use: 'Knitting or recycling',
    sdgs: [12],
    photo: { scene: 'rolls', tint: '#a34a6a' },
    days_ago: 24,
  },
  {
    key: 'silk',
    company: 'tessitura',
    title: 'Deadstock silk fabric rolls',
    description: 'Jacquard silk deadstock from past seasons, 40 rolls of 30–60 m. Swatches on request.',
    category: 'surplus',
    code: '040222',
    frequency: 'one-off',
    quantity: 400,
    condition: 'New, rolled',
    type: 'Textile',
    final_use: 'Garments and upholstery',
    sdgs: [8, 12],
    photo: { scene: 'rolls', tint: '#c23b5a' },
    days_ago: 11,
  },
  {
    key: 'textile-consulting',
    company: 'tessitura',
    title: 'Recycled-fibre spinning consulting',
    description:
      'Our spinning engineers help you qualify recycled cotton and wool fibres for weaving: blend ratios, testing and trials on our looms.',
    category: 'knowledge',
    code: 'K-ENG-2.1.1',
    frequency: 'monthly',
    quantity: 30,
    condition: 'On site in Milan',
    type: 'Consulting',
    final_use: 'Recycled textile products',
    sdgs: [9, 12],
    photo: { scene: 'meeting', tint: '#8c2f4f' },
    days_ago: 48,
  },

  {
    key: 'hdpe',
    company: 'carpathia',
    title: 'HDPE regrind, sorted by colour',
    description: 'Washed HDPE regrind from bottles and crates, 8–10 mm, sorted into natural, white and mixed colours. Big bags of 1 t.',
    category: 'by-product',
    code: '191204',
    frequency: 'monthly',
    quantity: 10000,
    condition: 'Washed, ground',
    type: 'Plastic',
    final_use: 'Injection moulding',
    sdgs: [9, 12],
    photo: { scene: 'sacks', tint: '#f4f4f0' },
    days_ago: 4,
  },
  {
    key: 'pp-caps',
    company: 'carpathia',
    title: 'PP caps and closures',
    description: 'Polypropylene caps separated in our bottle washing line, dried. Ready for regrinding or compounding.',
    category: 'waste',
    code: '191204',
    frequency: 'monthly',
    quantity: 4000,
    condition: 'Washed, dried',
    type: 'Plastic',
    final_use: 'Recycling',
    sdgs: [12, 14],
    photo: { scene: 'heap', tint: '#3a8fd0' },
    days_ago: 3,
  },

  {
    key: 'iso14001',
    company: 'gulf',
    title: 'ISO 14001 audit coaching',
    description:
      'A lead auditor prepares your team for ISO 14001 certification: gap analysis, internal audit and a mock certification audit, on site or remote.',
    category: 'knowledge',
    code: 'K-ESG-2.1.1',
    frequency: 'monthly',
    quantity: 40,
    condition: 'Remote or on site',
    type: 'Consulting',
    final_use: 'Certification',
    sdgs: [12, 13, 17],
    photo: { scene: 'meeting', tint: '#1f6f5f' },
    days_ago: 65,
  },
  {
    key: 'permits',
    company: 'gulf',
    title: 'Waste permit and EWC coding advice',
    description:
      'We classify your waste streams with the European List of Waste, check by-product and end-of-waste status and prepare permit applications.',
    category: 'knowledge',
    code: 'K-LEG-1.1.1',
    frequency: 'monthly',
    quantity: 16,
    condition: 'Remote',
    type: 'Legal advice',
    final_use: 'Compliance',
    sdgs: [12, 16],
    photo: { scene: 'meeting', tint: '#5a4a8a' },
    days_ago: 38,
  },
  {
    key: 'csrd',
    company: 'gulf',
    title: 'CSRD sustainability reporting support',
    description: 'Double materiality assessment, ESRS data points and a first CSRD-ready report for mid-sized manufacturers.',
    category: 'knowledge',
    code: 'K-FIN-2.1.1',
    frequency: 'every few months',
    quantity: 60,
    condition: 'Remote',
    type: 'Consulting',
    final_use: 'Reporting',
    sdgs: [12, 13, 17],
    photo: { scene: 'meeting', tint: '#2e5e8e' },
    days_ago: 19,
  },
];

/** What each demo listing's generated photo shows (demo-listings.ts draws and stores them at start-up). */
export const DEMO_LISTING_PHOTOS: readonly { company: string; title: string; photo: DemoPhoto }[] = DEMO_LISTINGS.map((l) => ({
  company: must(
    DEMO_COMPANIES.find((c) => c.key === l.company),
    l.company,
  ).name,
  title: l.title,
  photo: l.photo,
}));

interface DemoExchange {
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

const DEMO_EXCHANGES: DemoExchange[] = [
  {
    listing: 'spent-grain',
    requester: 'aarhus',
    quantity: 12000,
    started_days_ago: 88,
    completed_days_ago: 75,
    successful: true,
    message: 'We can take the full weekly volume for our cattle feed line, collection with our own tipper.',
    earnings_minor: 600_000,
    savings_minor: 450_000,
    chat: [
      { from: 'requester', body: 'Can we collect on Mondays at 7:00?' },
      { from: 'provider', body: 'Mondays work. The silo is emptied by 6:30.' },
      { from: 'requester', body: 'First load is in, moisture as promised. Thank you!' },
    ],
    reviews: [
      { by: 'requester', rating: 5, feedback: 'Consistent quality and always ready on time.' },
      { by: 'provider', rating: 5, feedback: 'Reliable collection every week, no waste left behind.' },
    ],
  },
  {
    listing: 'pallets',
    requester: 'thames',
    quantity: 3000,
    started_days_ago: 50,
    completed_days_ago: 40,
    successful: true,
    message: 'We need EUR pallets for our outbound bales, about 250 a week.',
    earnings_minor: 150_000,
    savings_minor: 90_000,
    chat: [
      { from: 'requester', body: 'Could you deliver to Silvertown with the grade A pallets?' },
      { from: 'provider', body: 'Yes, on our Thursday London run.' },
    ],
    reviews: [
      { by: 'requester', rating: 5, feedback: 'Good pallets, fair price, delivered as agreed.' },
      { by: 'provider', rating: 4, feedback: 'Smooth exchange, a regular customer now.' },
    ],
  },
  {
    listing: 'cotton-offcuts',
    requester: 'tessitura',
    quantity: 700,
    started_days_ago: 30,
    completed_days_ago: 20,
    successful: true,
    message: 'Your navy offcuts would be perfect for our recycled cotton yarn trial.',
    earnings_minor: 42_000,
    savings_minor: 35_000,
    chat: [
      { from: 'requester', body: 'Please keep the colours separated, we spin navy on its own.' },
      { from: 'provider', body: 'Will do, three bales of navy ready on Friday.' },
    ],
    reviews: [{ by: 'requester', rating: 4, feedback: 'Clean fibre, well sorted. One bale had some polyester mixed in.' }],
  },
  {
    listing: 'iso14001',
    requester: 'oresund',
    quantity: 40,
    started_days_ago: 45,
    completed_days_ago: 10,
    successful: true,
    message: 'We are preparing ISO 14001 certification of our Valby site and would like coaching for our EHS team.',
    earnings_minor: 1_800_000,
    savings_minor: 0,
    chat: [
      { from: 'provider', body: 'The gap analysis is done, see you on site next week for the internal audit.' },
      { from: 'requester', body: 'Great, the team is ready.' },
    ],
    reviews: [
      { by: 'requester', rating: 5, feedback: 'Practical, well prepared and patient with our team.' },
      { by: 'provider', rating: 5, feedback: 'A motivated team, a pleasure to coach.' },
    ],
  },
  {
    listing: 'batteries',
    requester: 'hafen',
    quantity: 300,
    started_days_ago: 48,
    completed_days_ago: 30,
    successful: false,
    message: 'We want to test second-life packs for our electric forklifts.',
    chat: [
      { from: 'requester', body: 'Our forklift supplier cannot certify the packs, so we have to step back.' },
      { from: 'provider', body: 'Understood, thanks for letting us know.' },
    ],
  },
  {
    listing: 'yeast',
    requester: 'aarhus',
    quantity: 1500,
    started_days_ago: 3,
    completed_days_ago: null,
    message: 'We would like to add your yeast slurry to our feed supplement trial.',
    chat: [
      { from: 'provider', body: 'The totes will be ready at our Valby site on the pickup date.' },
      { from: 'requester', body: 'Perfect, the platform driver will collect them.' },
    ],
  },
];

/**
 * Offers that did not become synergies: pending ones (the pending-offers page is not empty, received and
 * made), one the demo company declined and one it withdrew.
 */
const DEMO_OFFERS: {
  listing: string;
  requester: CompanyKey;
  quantity: number;
  message: string;
  days_ago: number;
  status: 'pending' | 'rejected' | 'withdrawn';
  reason?: string;
}[] = [
  {
    listing: 'bottles',
    requester: 'hafen',
    quantity: 4500,
    message: 'A customer of ours, a craft brewery in Hamburg, wants all of them. We can collect on a return leg.',
    days_ago: 2,
    status: 'pending',
  },
  {
    listing: 'warehouse',
    requester: 'oresund',
    quantity: 200,
    message: 'We need one bay for a month of buffer storage for canned soft drinks before summer.',
    days_ago: 1,
    status: 'pending',
  },
  {
    listing: 'hdpe',
    requester: 'klang',
    quantity: 2000,
    message: 'Could you send a 25 kg sample of the natural grade first?',
    days_ago: 1,
    status: 'pending',
  },
  {
    listing: 'crates',
    requester: 'carpathia',
    quantity: 800,
    message: 'We regrind HDPE crates into pallet blocks and can take all 800 kg every month.',
    days_ago: 6,
    status: 'rejected',
    reason: 'The crates go back to our supplier under a take-back contract.',
  },
  {
    listing: 'permits',
    requester: 'oresund',
    quantity: 8,
    message: 'Could you check the EWC codes of our brewery waste streams before our permit renewal?',
    days_ago: 9,
    status: 'withdrawn',
  },
];

const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

interface Leaf {
  third_level_subcategory_id: number;
  second_level_subcategory_id: number;
  first_level_subcategory_id: number;
  material_group_id: number;
  code: string;
  kind: MaterialGroupKind;
  defra_material: string | null;
  group_name: string;
}

async function loadLeaves(tx: Tx, codes: string[]): Promise<Map<string, Leaf>> {
  const rows = await tx
    .select({
      third_level_subcategory_id: third_level_subcategories.id,
      second_level_subcategory_id: second_level_subcategories.id,
      first_level_subcategory_id: first_level_subcategories.id,
      material_group_id: material_groups.id,
      code: third_level_subcategories.code,
      kind: material_groups.kind,
      defra_material: material_groups.defra_material,
      group_name: material_groups.name,
    })
    .from(third_level_subcategories)
    .innerJoin(second_level_subcategories, eq(second_level_subcategories.id, third_level_subcategories.second_level_subcategory_id))
    .innerJoin(first_level_subcategories, eq(first_level_subcategories.id, second_level_subcategories.first_level_subcategory_id))
    .innerJoin(material_groups, eq(material_groups.id, first_level_subcategories.material_group_id))
    .where(inArray(third_level_subcategories.code, codes));
  const leaves = new Map<string, Leaf>();
  for (const r of rows) if (r.code && !leaves.has(r.code)) leaves.set(r.code, { ...r, code: r.code });
  const missing = codes.filter((c) => !leaves.has(c));
  if (missing.length) throw new Error(`Demo seed needs reference data first; missing subcategories ${missing.join(', ')}`);
  return leaves;
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo seed: ${what} not found`);
  return value;
}

/**
 * Seeds the demo marketplace when the companies table is empty; otherwise does nothing.
 * The password is hashed once and shared by every demo account (argon2 costs ~50-100 ms a hash).
 */
export async function seedDemo(db: Db, opts: { password: string }): Promise<{ seeded: boolean }> {
  const [any] = await db.select({ id: companies.id }).from(companies).limit(1);
  if (any) return { seeded: false };
  const passwordHash = await hashPassword(opts.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(DEMO_LOCK_KEY))})`);
    const [again] = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (again) return { seeded: false };
    await seedInto(tx, passwordHash, new Date());
    return { seeded: true };
  });
}

async function seedInto(tx: Tx, passwordHash: string, now: Date): Promise<void> {
  const ago = (days: number) => daysFrom(now, -days);

  // Companies, parents first so portfolio companies can point at them.
  const companyId = new Map<CompanyKey, number>();
  for (const c of [...DEMO_COMPANIES].sort((a, b) => Number(Boolean(a.parent)) - Number(Boolean(b.parent)))) {
    const [row] = await tx
      .insert(companies)
      .values({
        name: c.name,
        registered_company_name: c.name,
        business_registration_number: c.business_registration_number,
        company_size: c.company_size,
        industry: c.industry,
        main_business: c.main_business,
        website_url: c.website_url,
        contact_phone: c.contact_phone,
        country_calling_code: c.calling_code,
        about_info: c.about_info,
        expectations: 'Find local partners for our by-products and cut disposal costs.',
        preferred_currency: c.currency,
        status: 'approved',
        is_parent_company: c.is_parent_company ?? false,
        parent_company_id: c.parent ? must(companyId.get(c.parent), `parent ${c.parent}`) : null,
        onboarding_date: isoDate(ago(c.member_since_days_ago - 2)),
        member_since: isoDate(ago(c.member_since_days_ago)),
        created_at: ago(c.member_since_days_ago + 3),
      })
      .returning({ id: companies.id });
    companyId.set(c.key, must(row, c.key).id);
  }
  const cid = (key: CompanyKey) => must(companyId.get(key), `company ${key}`);
  const companyOf = (key: CompanyKey) =>
    must(
      DEMO_COMPANIES.find((c) => c.key === key),
      `company ${key}`,
    );

  const addressRows = await tx
    .insert(company_addresses)
    .values(DEMO_COMPANIES.flatMap((c) => c.addresses.map((a, i) => ({ company_id: cid(c.key), ...a, country: c.country, is_primary: i === 0 }))))
    .returning();
  const addressOf = (key: CompanyKey, index = 0) => {
    const wanted = must(companyOf(key).addresses[index], `address ${index} of ${key}`);
    return must(
      addressRows.find((a) => a.company_id === cid(key) && a.address === wanted.address),
      `address ${index} of ${key}`,
    );
  };

  const groups = await tx.select({ id: material_groups.id, slug: material_groups.slug }).from(material_groups);
  const groupId = new Map(groups.map((g) => [g.slug, g.id]));
  await tx.insert(company_material_groups).values(
    DEMO_COMPANIES.flatMap((c) => [
      ...c.interested.map((slug) => ({
        company_id: cid(c.key),
        material_group_id: must(groupId.get(slug), slug),
        relation: 'interested' as const,
      })),
      ...c.providing.map((slug) => ({ company_id: cid(c.key), material_group_id: must(groupId.get(slug), slug), relation: 'providing' as const })),
    ]),
  );

  // People. onConflictDoNothing: a bootstrap administrator (ADMIN_EMAIL) may already own admin@example.com.
  await tx
    .insert(users)
    .values([
      {
        email: 'admin@example.com',
        username: 'admin',
        first_name: 'Sofie',
        last_name: 'Andersen',
        official_role: 'Platform administrator',
        role: 'ADMIN',
        company_id: null,
        password_hash: passwordHash,
        is_demo: true,
      },
      ...DEMO_USERS.map((u) => ({
        email: u.email,
        username: u.username,
        first_name: u.first_name,
        last_name: u.last_name,
        official_role: u.official_role,
        business_email: u.email,
        role: u.role,
        company_id: cid(u.company),
        preferred_currency: companyOf(u.company).currency,
        language: u.language ?? 'en',
        donations_dashboard_access: u.donations_dashboard_access ?? false,
        password_hash: passwordHash,
        is_demo: true,
        created_at: ago(companyOf(u.company).member_since_days_ago),
      })),
    ])
    .onConflictDoNothing();
  const userRows = await tx
    .select({
      id: users.id,
      email: users.email,
      company_id: users.company_id,
      role: users.role,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(users)
    .where(inArray(users.email, ['admin@example.com', ...DEMO_USERS.map((u) => u.email)]));
  const userByEmail = new Map(userRows.map((u) => [u.email, u]));
  const adminId = must(userByEmail.get('admin@example.com'), 'admin').id;
  const managerOf = (key: CompanyKey) => {
    const email = must(
      DEMO_USERS.find((u) => u.company === key && u.role === 'MANAGER'),
      `manager of ${key}`,
    ).email;
    return must(userByEmail.get(email), email);
  };

  // Each company joined through a registration its manager sent and an administrator accepted, as real ones do
  // (the administrator's company list names that manager).
  await tx.insert(registration_requests).values(
    DEMO_COMPANIES.map((c) => {
      const manager = must(
        DEMO_USERS.find((u) => u.company === c.key && u.role === 'MANAGER'),
        `manager of ${c.key}`,
      );
      return {
        company_id: cid(c.key),
        user_id: managerOf(c.key).id,
        status: 'accepted' as const,
        designation: manager.official_role,
        expectations: 'Find local partners for our by-products and cut disposal costs.',
        reviewed_by_user_id: adminId,
        reviewed_at: ago(c.member_since_days_ago),
        created_at: ago(c.member_since_days_ago + 3),
      };
    }),
  );

  // Listings.
  const leaves = await loadLeaves(tx, [...new Set(DEMO_LISTINGS.map((l) => l.code))]);
  const listingRows = await tx
    .insert(materials)
    .values(
      DEMO_LISTINGS.map((l) => {
        const leaf = must(leaves.get(l.code), l.code);
        const address = addressOf(l.company, l.address ?? 0);
        return {
          kind: 'offering' as const,
          company_id: cid(l.company),
          created_by_user_id: managerOf(l.company).id,
          title: l.title,
          description: l.description,
          category: l.category,
          material_group_id: leaf.material_group_id,
          first_level_subcategory_id: leaf.first_level_subcategory_id,
          second_level_subcategory_id: leaf.second_level_subcategory_id,
          third_level_subcategory_id: leaf.third_level_subcategory_id,
          material_group_code: leaf.code,
          frequency: l.frequency,
          address_id: address.id,
          latitude: address.latitude,
          longitude: address.longitude,
          quantity: l.quantity,
          quantity_unit: quantityUnitFor(l.category, leaf.kind),
          condition: l.condition,
          type: l.type,
          final_use: l.final_use,
          status: l.status ?? 'active',
          created_at: ago(l.days_ago),
          updated_at: ago(l.days_ago),
        };
      }),
    )
    .returning({ id: materials.id, company_id: materials.company_id, title: materials.title });
  // Matched on (company, title), which the data keeps unique, rather than trusting RETURNING order.
  const listingId = new Map(
    DEMO_LISTINGS.map((l) => [
      l.key,
      must(
        listingRows.find((r) => r.company_id === cid(l.company) && r.title === l.title),
        l.key,
      ).id,
    ]),
  );
  const lid = (key: string) => must(listingId.get(key), `listing ${key}`);
  const listingOf = (key: string) =>
    must(
      DEMO_LISTINGS.find((l) => l.key === key),
      `listing ${key}`,
    );

  await tx.insert(material_sdgs).values(DEMO_LISTINGS.flatMap((l) => l.sdgs.map((sdg_id) => ({ material_id: lid(l.key), sdg_id }))));
  await tx.insert(sub_listings).values(DEMO_LISTINGS.flatMap((l) => (l.sub_listings ?? []).map((s) => ({ material_id: lid(l.key), ...s }))));

  // Synergies: each from an accepted offer, with a chat; successful ones get their impact computed once.
  const factors = await tx
    .select({
      table_name: defra_factors.table_name,
      material: defra_factors.material,
      route_or_source: defra_factors.route_or_source,
      kgco2e: defra_factors.kgco2e,
      source: defra_factors.source,
    })
    .from(defra_factors)
    .where(eq(defra_factors.factor_set, DEFRA_FACTOR_SET));
  const exchangeId = new Map<string, number>();
  for (const x of DEMO_EXCHANGES) {
    const listing = listingOf(x.listing);
    const provider = listing.company;
    const requesterUser = managerOf(x.requester);
    const providerUser = managerOf(provider);
    const unit = quantityUnitFor(listing.category, must(leaves.get(listing.code), listing.code).kind);
    const started = ago(x.started_days_ago);
    const [offer] = await tx
      .insert(offers)
      .values({
        material_id: lid(x.listing),
        company_id: cid(x.requester),
        user_id: requesterUser.id,
        message: x.message,
        quantity: x.quantity,
        status: 'accepted',
        reviewed_by_user_id: providerUser.id,
        reviewed_at: started,
        created_at: ago(x.started_days_ago + 1),
      })
      .returning({ id: offers.id });
    const completedAt = x.completed_days_ago === null ? null : ago(x.completed_days_ago);
    const [exchange] = await tx
      .insert(exchanges)
      .values({
        offer_id: must(offer, 'offer').id,
        material_id: lid(x.listing),
        provider_company_id: cid(provider),
        requester_company_id: cid(x.requester),
        request_message: x.message,
        item_requested: listing.title,
        quantity: x.quantity,
        quantity_unit: unit,
        level_of_completion: completedAt ? 'COMPLETED' : 'IN_PROGRESS',
        successful: completedAt ? (x.successful ?? false) : null,
        earnings_minor: x.earnings_minor ?? null,
        savings_minor: x.savings_minor ?? null,
        currency: x.earnings_minor === undefined ? null : companyOf(provider).currency,
        completed_at: completedAt,
        created_at: started,
      })
      .returning({ id: exchanges.id });
    const exId = must(exchange, 'exchange').id;
    exchangeId.set(x.listing, exId);

    const [chat] = await tx
      .insert(chats)
      .values({
        exchange_id: exId,
        company_a_id: cid(provider),
        company_b_id: cid(x.requester),
        last_message_at: ago(x.started_days_ago - x.chat.length),
        created_at: started,
      })
      .returning({ id: chats.id });
    await tx.insert(chat_messages).values(
      x.chat.map((m, i) => ({
        chat_id: must(chat, 'chat').id,
        sender_user_id: (m.from === 'provider' ? providerUser : requesterUser).id,
        sender_company_id: cid(m.from === 'provider' ? provider : x.requester),
        body: m.body,
        created_at: ago(x.started_days_ago - i - 1),
      })),
    );
    // Ended synergies' chats have been read by everyone; in a running one each side has read up to its own last
    // message, so the demo company sees the other side's newest message as unread.
    const chatId = must(chat, 'chat').id;
    const messageRows = await tx
      .select({ id: chat_messages.id, sender_company_id: chat_messages.sender_company_id })
      .from(chat_messages)
      .where(eq(chat_messages.chat_id, chatId))
      .orderBy(chat_messages.id);
    const readers = userRows.filter((u) => u.company_id === cid(provider) || u.company_id === cid(x.requester));
    const reads = readers.flatMap((u) => {
      const own = messageRows.filter((m) => m.sender_company_id === u.company_id).at(-1);
      const upTo = completedAt ? messageRows.at(-1) : own;
      return upTo ? [{ chat_id: chatId, user_id: u.id, last_read_message_id: upTo.id }] : [];
    });
    if (reads.length) await tx.insert(chat_reads).values(reads);

    if (completedAt && x.successful) {
      const leaf = must(leaves.get(listing.code), listing.code);
      const group = { name: leaf.group_name, kind: leaf.kind, defra_material: leaf.defra_material };
      await tx.insert(impact_records).values({
        exchange_id: exId,
        ...impactRecordFor({ quantity: x.quantity, quantity_unit: unit, group, factors }),
        created_at: completedAt,
      });
    }
    for (const r of x.reviews ?? []) {
      const reviewer = r.by === 'provider' ? provider : x.requester;
      const reviewed = r.by === 'provider' ? x.requester : provider;
      await tx.insert(reviews).values({
        exchange_id: exId,
        reviewer_company_id: cid(reviewer),
        reviewed_company_id: cid(reviewed),
        reviewer_user_id: managerOf(reviewer).id,
        rating: r.rating,
        feedback: r.feedback,
        created_at: daysFrom(completedAt ?? now, 1),
      });
    }
  }

  await tx.insert(offers).values(
    DEMO_OFFERS.map((o) => {
      const owner = managerOf(listingOf(o.listing).company);
      return {
        material_id: lid(o.listing),
        company_id: cid(o.requester),
        user_id: managerOf(o.requester).id,
        message: o.message,
        quantity: o.quantity,
        status: o.status,
        review_reason: o.reason ?? null,
        reviewed_by_user_id: o.status === 'rejected' ? owner.id : o.status === 'withdrawn' ? managerOf(o.requester).id : null,
        reviewed_at: o.status === 'pending' ? null : ago(o.days_ago - 1),
        created_at: ago(o.days_ago),
      };
    }),
  );

  await seedSubscriptions(tx, cid, adminId, now);
  await seedDemoDonations(tx, now, adminId);
  const tripSynergy = (listing: string, requester: CompanyKey) => {
    const provider = companyOf(listingOf(listing).company);
    return {
      exchangeId: must(exchangeId.get(listing), `${listing} synergy`),
      listingId: lid(listing),
      pickup: { ...addressOf(provider.key, listingOf(listing).address ?? 0), country: provider.country },
      dropoff: { ...addressOf(requester), country: companyOf(requester).country },
      companyId: cid(provider.key),
      companyName: provider.name,
      contactPerson: [managerOf(provider.key).first_name, managerOf(provider.key).last_name].filter(Boolean).join(' '),
      contactPhone: `${provider.calling_code} ${provider.contact_phone}`,
    };
  };
  await seedDemoTrips(tx, {
    running: tripSynergy('yeast', 'aarhus'),
    completed: { ...tripSynergy('spent-grain', 'aarhus'), completedDaysAgo: 75 },
    adminId,
    now,
  });
  await seedPendingRegistration(tx, passwordHash, now);
  await seedDemoImpact(tx, now);
  await seedDemoWorkspace(tx, now, passwordHash);
  await seedDemoAdmin(tx, { adminId, now });

  // What happened to the demo company lately, as message codes: each reader sees them in their own language.
  const manager = must(userByEmail.get('manager@example.com'), 'manager');
  const wrap = listingOf('stretch-wrap');
  const [wrapGroup] = await tx
    .select({ name: material_groups.name })
    .from(material_groups)
    .where(eq(material_groups.id, must(leaves.get(wrap.code), wrap.code).material_group_id));
  const title = (key: string) => listingOf(key).title;
  await tx.insert(notifications).values([
    {
      user_id: manager.id,
      type: 'offers',
      code: 'notification.offerReceived',
      params: { company: companyOf('hafen').name, title: title('bottles') },
      link: '/pending-offers',
      created_at: ago(2),
    },
    {
      user_id: manager.id,
      type: 'synergies',
      code: 'notification.synergySucceeded',
      params: { company: companyOf('gulf').name, title: title('iso14001') },
      link: `/synergies?exchange=${must(exchangeId.get('iso14001'), 'iso14001 synergy')}`,
      seen: true,
      created_at: ago(10),
    },
    {
      user_id: manager.id,
      type: 'offers',
      code: 'notification.offerReceived',
      params: { company: companyOf('carpathia').name, title: title('crates') },
      link: '/pending-offers',
      seen: true,
      created_at: ago(6),
    },
    {
      user_id: manager.id,
      type: 'new_materials',
      code: 'notification.newListing',
      params: { group: wrapGroup?.name ?? '', title: wrap.title },
      link: `/material/${lid('stretch-wrap')}`,
      created_at: ago(27),
    },
    {
      user_id: manager.id,
      type: 'synergies',
      code: 'notification.synergyRated',
      params: { company: companyOf('aarhus').name, title: title('spent-grain'), rating: 5 },
      link: `/synergies?exchange=${must(exchangeId.get('spent-grain'), 'spent-grain synergy')}`,
      seen: true,
      created_at: ago(74),
    },
  ]);
}

async function seedSubscriptions(tx: Tx, cid: (key: CompanyKey) => number, adminId: number, now: Date): Promise<void> {
  const builtins = await tx
    .select({ id: subscription_plans.id, kind: subscription_plans.kind, duration_days: subscription_plans.duration_days })
    .from(subscription_plans)
    .where(eq(subscription_plans.is_builtin, true));
  // A custom plan has its own dates (SPEC): this year's membership, shared by the companies on it.
  const customStart = daysFrom(now, -200);
  const customEnd = daysFrom(now, 165);
  const [custom] = await tx
    .insert(subscription_plans)
    .values({
      name: 'Annual membership',
      kind: 'custom',
      start_date: isoDate(customStart),
      end_date: isoDate(customEnd),
      description_title: 'Annual membership',
      description: 'Full marketplace access for one year, invoiced annually.',
    })
    .returning({ id: subscription_plans.id });
  for (const c of DEMO_COMPANIES) {
    if (!c.plan) continue;
    const { kind, activated_days_ago } = c.plan;
    const plan =
      kind === 'custom'
        ? { id: must(custom, 'custom plan').id, duration_days: 365 }
        : must(
            builtins.find((p) => p.kind === kind),
            `${kind} plan`,
          );
    const activation = daysFrom(now, -activated_days_ago);
    const end = kind === 'custom' ? customEnd : daysFrom(activation, must(plan.duration_days ?? undefined, 'plan duration'));
    const expired = end.getTime() < now.getTime();
    const [sub] = await tx
      .insert(company_subscriptions)
      .values({
        company_id: cid(c.key),
        subscription_plan_id: plan.id,
        assigned_date: activation,
        activation_date: isoDate(activation),
        end_date: isoDate(end),
        expired_recorded_at: expired ? daysFrom(end, 1) : null,
        created_at: activation,
      })
      .returning({ id: company_subscriptions.id });
    const history: (typeof subscription_history.$inferInsert)[] = [
      {
        company_id: cid(c.key),
        company_subscription_id: must(sub, 'subscription').id,
        subscription_plan_id: plan.id,
        action: 'ACTIVATED',
        start_date: isoDate(activation),
        end_date: isoDate(end),
        actor_user_id: adminId,
        created_at: activation,
      },
    ];
    if (expired) {
      history.push({
        company_id: cid(c.key),
        company_subscription_id: must(sub, 'subscription').id,
        subscription_plan_id: plan.id,
        action: 'EXPIRED',
        start_date: isoDate(activation),
        end_date: isoDate(end),
        created_at: daysFrom(end, 1),
      });
    }
    await tx.insert(subscription_history).values(history);
  }
}

/** One registration awaiting approval, so the administrator's panel has something to decide. */
async function seedPendingRegistration(tx: Tx, passwordHash: string, now: Date): Promise<void> {
  const created = daysFrom(now, -1);
  const [company] = await tx
    .insert(companies)
    .values({
      name: 'Hellas Bio Compost I.K.E.',
      company_size: '1-10',
      industry: 'Agriculture',
      main_business: 'Industrial composting of food and garden waste',
      contact_phone: '231 055 7788',
      country_calling_code: '+30',
      expectations: 'Regular supplies of food by-products and garden waste within 50 km of Thessaloniki.',
      preferred_currency: 'EUR',
      status: 'pending',
      created_at: created,
    })
    .returning({ id: companies.id });
  const companyId = must(company, 'pending company').id;
  await tx.insert(company_addresses).values({
    company_id: companyId,
    address: '26th Oktovriou 90',
    city: 'Thessaloniki',
    state: 'Central Macedonia',
    zip_code: '546 27',
    country: 'GR',
    latitude: 40.6469,
    longitude: 22.9197,
    is_primary: true,
  });
  const groups = await tx
    .select({ id: material_groups.id, slug: material_groups.slug })
    .from(material_groups)
    .where(inArray(material_groups.slug, ['food-by-products', 'agriculture-and-forestry']));
  await tx
    .insert(company_material_groups)
    .values([
      ...groups.map((g) => ({ company_id: companyId, material_group_id: g.id, relation: 'interested' as const })),
      ...groups
        .filter((g) => g.slug === 'agriculture-and-forestry')
        .map((g) => ({ company_id: companyId, material_group_id: g.id, relation: 'providing' as const })),
    ]);
  const [user] = await tx
    .insert(users)
    .values({
      email: 'eleni.georgiou@example.org',
      username: 'eleni.georgiou',
      first_name: 'Eleni',
      last_name: 'Georgiou',
      official_role: 'Founder',
      role: 'MANAGER',
      company_id: companyId,
      preferred_currency: 'EUR',
      password_hash: passwordHash,
      is_demo: true,
      created_at: created,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) return;
  await tx.insert(registration_requests).values({
    company_id: companyId,
    user_id: user.id,
    status: 'pending',
    designation: 'Founder',
    expectations: 'Regular supplies of food by-products and garden waste within 50 km of Thessaloniki.',
    created_at: created,
  });
}
