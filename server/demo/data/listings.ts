// Every demo listing in insertion order (the order fixes their ids), and what each one's generated photo shows.
import type { DemoPhoto } from '../photos';
import type { DemoListing } from '../types';
import { must } from '../common';
import { DEMO_COMPANIES } from './companies';
import { ABROAD_LISTINGS } from './listings-abroad';
import { COPENHAGEN_LISTINGS } from './listings-copenhagen';
import { DENMARK_LISTINGS } from './listings-denmark';

export const DEMO_LISTINGS: DemoListing[] = [...COPENHAGEN_LISTINGS, ...DENMARK_LISTINGS, ...ABROAD_LISTINGS];

/** What each demo listing's generated photo shows (listing-photos.ts draws and stores them at start-up). */
export const DEMO_LISTING_PHOTOS: readonly { company: string; title: string; photo: DemoPhoto }[] = DEMO_LISTINGS.map((l) => ({
  company: must(
    DEMO_COMPANIES.find((c) => c.key === l.company),
    l.company,
  ).name,
  title: l.title,
  photo: l.photo,
}));
