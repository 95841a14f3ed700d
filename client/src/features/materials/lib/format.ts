// Listing-specific formatting: the days-ago label (SPEC §9, shared in lib/age.ts), quantities with their unit and distances.
export { ageOf, daysAgoLabel, type Age } from '@/lib/age';
export { formatKm, formatQuantity } from '@/components/listing/format';
