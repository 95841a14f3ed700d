// Synergies (each from an accepted offer, with its chat and reviews) and the offers that did not become one.
import type { DemoExchange, DemoOffer } from '../types';

export const DEMO_EXCHANGES: DemoExchange[] = [
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
export const DEMO_OFFERS: DemoOffer[] = [
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
    sub_listing: 'Bay A: 200 m² pallet racking',
    message: 'We need one bay for a month of buffer storage for canned soft drinks before summer.',
    days_ago: 1,
    status: 'pending',
    unit_price_minor: 400,
    // The demo company's offer came back with a counter: its manager sees the thread and whose turn it is.
    counter: { quantity: 200, unit_price_minor: 550, message: 'Bay A is racked and heated: 5.50 per m² for the month.', days_ago: 0 },
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
