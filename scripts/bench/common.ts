// Shared bits of the materials benchmark scripts.
export const BENCH_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function benchUrl(db: string): string {
  const u = new URL(BENCH_ADMIN_URL);
  u.pathname = `/${db}`;
  return u.toString();
}

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/** City centres; `i` is the company-id residue that clusters around each (company i is its viewer). */
export const CITIES = [
  { name: 'Copenhagen', lat: 55.6761, lng: 12.5683, country: 'DK' },
  { name: 'Aarhus', lat: 56.1629, lng: 10.2039, country: 'DK' },
  { name: 'Berlin', lat: 52.52, lng: 13.405, country: 'DE' },
  { name: 'Hamburg', lat: 53.5511, lng: 9.9937, country: 'DE' },
  { name: 'London', lat: 51.5072, lng: -0.1276, country: 'GB' },
  { name: 'Manchester', lat: 53.4808, lng: -2.2426, country: 'GB' },
  { name: 'Milan', lat: 45.4642, lng: 9.19, country: 'IT' },
  { name: 'Rome', lat: 41.9028, lng: 12.4964, country: 'IT' },
  { name: 'Bucharest', lat: 44.4268, lng: 26.1025, country: 'RO' },
  { name: 'Athens', lat: 37.9838, lng: 23.7275, country: 'GR' },
  { name: 'Dubai', lat: 25.2048, lng: 55.2708, country: 'AE' },
  { name: 'Kuala Lumpur', lat: 3.139, lng: 101.6869, country: 'MY' },
].map((c, i) => ({ ...c, i }));
