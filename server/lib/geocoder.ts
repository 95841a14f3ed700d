// Geocoding for the registration address dropdown and the map (PRODUCT.md "Logistics"): a
// Nominatim-compatible service when GEOCODER_URL is set, otherwise an offline gazetteer of cities in the
// eight signup countries, so registration works with no internet.
import { SIGNUP_COUNTRIES, type SignupCountry } from '../../shared/constants/enums';
import { haversineKm } from '../../shared/lib/geo';
import { signupCountryAt } from './world';

/** One pick in the dropdown: the fields the registration form fills in, named as the form names them. */
export interface Place {
  display_name: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zip_code: string;
  latitude: number;
  longitude: number;
  source: 'gazetteer' | 'nominatim';
}

export interface Geocoder {
  search(q: string, country?: string): Promise<Place[]>;
  reverse(lat: number, lng: number): Promise<Place | null>;
}

export const GEOCODE_LIMIT = 10;
/** How far off a coast a map click still counts as the nearest city (the country outlines are Natural Earth 1:10m). */
export const REVERSE_COAST_KM = 25;

interface City {
  name: string;
  /** Other spellings people type (English and local names). */
  aka?: string[];
  state: string;
  country: SignupCountry;
  lat: number;
  lng: number;
  /** A typical central postcode; '00000' where the country has none (SPEC §5). */
  zip: string;
}

const c = (country: SignupCountry, name: string, state: string, lat: number, lng: number, zip: string, aka?: string[]): City => ({
  name,
  state,
  country,
  lat,
  lng,
  zip,
  aka,
});

/** ~12 real cities per signup country: regional name, centre coordinates, a central postcode. */
export const GAZETTEER: readonly City[] = [
  c('GR', 'Athens', 'Attica', 37.9838, 23.7275, '105 57', ['Athina', 'Αθήνα']),
  c('GR', 'Thessaloniki', 'Central Macedonia', 40.6401, 22.9444, '546 24', ['Θεσσαλονίκη']),
  c('GR', 'Patras', 'Western Greece', 38.2466, 21.7346, '262 21', ['Patra']),
  c('GR', 'Heraklion', 'Crete', 35.3387, 25.1442, '712 02', ['Iraklio']),
  c('GR', 'Larissa', 'Thessaly', 39.639, 22.4191, '412 22'),
  c('GR', 'Volos', 'Thessaly', 39.3622, 22.942, '382 21'),
  c('GR', 'Ioannina', 'Epirus', 39.665, 20.8537, '453 32'),
  c('GR', 'Chania', 'Crete', 35.5138, 24.018, '731 32'),
  c('GR', 'Piraeus', 'Attica', 37.9429, 23.647, '185 31', ['Pireas']),
  c('GR', 'Kavala', 'Eastern Macedonia and Thrace', 40.9376, 24.4129, '654 03'),
  c('GR', 'Rhodes', 'South Aegean', 36.4341, 28.2176, '851 00', ['Rodos']),
  c('GR', 'Kalamata', 'Peloponnese', 37.0389, 22.1142, '241 00'),

  c('DE', 'Berlin', 'Berlin', 52.52, 13.405, '10117'),
  c('DE', 'Hamburg', 'Hamburg', 53.5511, 9.9937, '20095'),
  c('DE', 'Munich', 'Bavaria', 48.1351, 11.582, '80331', ['München', 'Muenchen']),
  c('DE', 'Cologne', 'North Rhine-Westphalia', 50.9375, 6.9603, '50667', ['Köln', 'Koeln']),
  c('DE', 'Frankfurt am Main', 'Hesse', 50.1109, 8.6821, '60311', ['Frankfurt']),
  c('DE', 'Stuttgart', 'Baden-Württemberg', 48.7758, 9.1829, '70173'),
  c('DE', 'Düsseldorf', 'North Rhine-Westphalia', 51.2277, 6.7735, '40213', ['Duesseldorf']),
  c('DE', 'Leipzig', 'Saxony', 51.3397, 12.3731, '04109'),
  c('DE', 'Dortmund', 'North Rhine-Westphalia', 51.5136, 7.4653, '44135'),
  c('DE', 'Bremen', 'Bremen', 53.0793, 8.8017, '28195'),
  c('DE', 'Dresden', 'Saxony', 51.0504, 13.7373, '01067'),
  c('DE', 'Hanover', 'Lower Saxony', 52.3759, 9.732, '30159', ['Hannover']),
  c('DE', 'Nuremberg', 'Bavaria', 49.4521, 11.0767, '90403', ['Nürnberg', 'Nuernberg']),

  c('DK', 'Copenhagen', 'Capital Region of Denmark', 55.6761, 12.5683, '1620', ['København', 'Kobenhavn']),
  c('DK', 'Aarhus', 'Central Denmark Region', 56.1629, 10.2039, '8000', ['Århus']),
  c('DK', 'Odense', 'Region of Southern Denmark', 55.4038, 10.4024, '5000'),
  c('DK', 'Aalborg', 'North Denmark Region', 57.0488, 9.9217, '9000', ['Ålborg']),
  c('DK', 'Esbjerg', 'Region of Southern Denmark', 55.4765, 8.4594, '6700'),
  c('DK', 'Randers', 'Central Denmark Region', 56.4607, 10.0364, '8900'),
  c('DK', 'Kolding', 'Region of Southern Denmark', 55.4904, 9.4722, '6000'),
  c('DK', 'Horsens', 'Central Denmark Region', 55.8607, 9.8503, '8700'),
  c('DK', 'Vejle', 'Region of Southern Denmark', 55.7113, 9.5357, '7100'),
  c('DK', 'Roskilde', 'Region Zealand', 55.6415, 12.0803, '4000'),
  c('DK', 'Herning', 'Central Denmark Region', 56.1393, 8.9738, '7400'),
  c('DK', 'Helsingør', 'Capital Region of Denmark', 56.0361, 12.6136, '3000', ['Elsinore', 'Helsingor']),
  c('DK', 'Næstved', 'Region Zealand', 55.2299, 11.7609, '4700', ['Naestved']),

  c('AE', 'Dubai', 'Dubai', 25.2048, 55.2708, '00000'),
  c('AE', 'Abu Dhabi', 'Abu Dhabi', 24.4539, 54.3773, '00000'),
  c('AE', 'Sharjah', 'Sharjah', 25.3463, 55.4209, '00000'),
  c('AE', 'Al Ain', 'Abu Dhabi', 24.2075, 55.7447, '00000'),
  c('AE', 'Ajman', 'Ajman', 25.4052, 55.5136, '00000'),
  c('AE', 'Ras Al Khaimah', 'Ras Al Khaimah', 25.8007, 55.9762, '00000'),
  c('AE', 'Fujairah', 'Fujairah', 25.1288, 56.3265, '00000'),
  c('AE', 'Umm Al Quwain', 'Umm Al Quwain', 25.5647, 55.5552, '00000'),
  c('AE', 'Khor Fakkan', 'Sharjah', 25.3313, 56.3419, '00000'),
  c('AE', 'Jebel Ali', 'Dubai', 25.0118, 55.1136, '00000'),
  c('AE', 'Ruwais', 'Abu Dhabi', 24.1103, 52.7306, '00000'),
  c('AE', 'Dibba Al-Fujairah', 'Fujairah', 25.5925, 56.2611, '00000', ['Dibba']),

  c('GB', 'London', 'England', 51.5074, -0.1278, 'EC1A 1BB'),
  c('GB', 'Birmingham', 'England', 52.4862, -1.8904, 'B1 1AA'),
  c('GB', 'Manchester', 'England', 53.4808, -2.2426, 'M1 1AE'),
  c('GB', 'Leeds', 'England', 53.8008, -1.5491, 'LS1 1UR'),
  c('GB', 'Glasgow', 'Scotland', 55.8642, -4.2518, 'G1 1XQ'),
  c('GB', 'Edinburgh', 'Scotland', 55.9533, -3.1883, 'EH1 1YZ'),
  c('GB', 'Liverpool', 'England', 53.4084, -2.9916, 'L1 8JQ'),
  c('GB', 'Bristol', 'England', 51.4545, -2.5879, 'BS1 4DJ'),
  c('GB', 'Cardiff', 'Wales', 51.4816, -3.1791, 'CF10 1EP'),
  c('GB', 'Belfast', 'Northern Ireland', 54.5973, -5.9301, 'BT1 5GS'),
  c('GB', 'Newcastle upon Tyne', 'England', 54.9783, -1.6178, 'NE1 7RU', ['Newcastle']),
  c('GB', 'Sheffield', 'England', 53.3811, -1.4701, 'S1 2HE'),
  c('GB', 'Aberdeen', 'Scotland', 57.1497, -2.0943, 'AB10 1AB'),

  c('IT', 'Rome', 'Lazio', 41.9028, 12.4964, '00184', ['Roma']),
  c('IT', 'Milan', 'Lombardy', 45.4642, 9.19, '20121', ['Milano']),
  c('IT', 'Naples', 'Campania', 40.8518, 14.2681, '80133', ['Napoli']),
  c('IT', 'Turin', 'Piedmont', 45.0703, 7.6869, '10121', ['Torino']),
  c('IT', 'Palermo', 'Sicily', 38.1157, 13.3615, '90133'),
  c('IT', 'Genoa', 'Liguria', 44.4056, 8.9463, '16121', ['Genova']),
  c('IT', 'Bologna', 'Emilia-Romagna', 44.4949, 11.3426, '40121'),
  c('IT', 'Florence', 'Tuscany', 43.7696, 11.2558, '50122', ['Firenze']),
  c('IT', 'Bari', 'Apulia', 41.1171, 16.8719, '70121'),
  c('IT', 'Venice', 'Veneto', 45.4408, 12.3155, '30121', ['Venezia']),
  c('IT', 'Verona', 'Veneto', 45.4384, 10.9916, '37121'),
  c('IT', 'Catania', 'Sicily', 37.5079, 15.083, '95121'),
  c('IT', 'Trieste', 'Friuli-Venezia Giulia', 45.6495, 13.7768, '34121'),

  c('RO', 'Bucharest', 'Bucharest', 44.4268, 26.1025, '030167', ['București', 'Bucuresti']),
  c('RO', 'Cluj-Napoca', 'Cluj', 46.7712, 23.6236, '400001', ['Cluj']),
  c('RO', 'Timișoara', 'Timiș', 45.7489, 21.2087, '300001', ['Timisoara']),
  c('RO', 'Iași', 'Iași', 47.1585, 27.6014, '700001', ['Iasi']),
  c('RO', 'Constanța', 'Constanța', 44.1598, 28.6348, '900001', ['Constanta']),
  c('RO', 'Craiova', 'Dolj', 44.3302, 23.7949, '200001'),
  c('RO', 'Brașov', 'Brașov', 45.6427, 25.5887, '500001', ['Brasov']),
  c('RO', 'Galați', 'Galați', 45.4353, 28.008, '800001', ['Galati']),
  c('RO', 'Ploiești', 'Prahova', 44.9365, 26.0129, '100001', ['Ploiesti']),
  c('RO', 'Oradea', 'Bihor', 47.0465, 21.9189, '410001'),
  c('RO', 'Sibiu', 'Sibiu', 45.7983, 24.1256, '550001'),
  c('RO', 'Arad', 'Arad', 46.1866, 21.3123, '310001'),

  c('MY', 'Kuala Lumpur', 'Federal Territory of Kuala Lumpur', 3.139, 101.6869, '50000', ['KL']),
  c('MY', 'George Town', 'Penang', 5.4141, 100.3288, '10000', ['Georgetown', 'Penang']),
  c('MY', 'Johor Bahru', 'Johor', 1.4927, 103.7414, '80000', ['JB']),
  c('MY', 'Ipoh', 'Perak', 4.5975, 101.0901, '30000'),
  c('MY', 'Shah Alam', 'Selangor', 3.0738, 101.5183, '40000'),
  c('MY', 'Petaling Jaya', 'Selangor', 3.1073, 101.6067, '46000', ['PJ']),
  c('MY', 'Kota Kinabalu', 'Sabah', 5.9804, 116.0735, '88000'),
  c('MY', 'Kuching', 'Sarawak', 1.5535, 110.3593, '93000'),
  c('MY', 'Malacca City', 'Malacca', 2.1896, 102.2501, '75000', ['Melaka', 'Malacca']),
  c('MY', 'Kuantan', 'Pahang', 3.8077, 103.326, '25000'),
  c('MY', 'Alor Setar', 'Kedah', 6.1248, 100.3678, '05000', ['Alor Star']),
  c('MY', 'Kota Bharu', 'Kelantan', 6.1254, 102.2381, '15000'),
  c('MY', 'Seremban', 'Negeri Sembilan', 2.7259, 101.9424, '70000'),
  c('MY', 'Putrajaya', 'Federal Territory of Putrajaya', 2.9264, 101.6964, '62000'),
];

/** Lower case without accents, so 'Koln' finds Köln and 'bucuresti' finds București. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[ø]/g, 'o')
    .replace(/[æ]/g, 'ae')
    .replace(/[å]/g, 'a')
    .toLowerCase()
    .trim();
}

function toPlace(city: City, street: string | null): Place {
  const address = street ?? city.name;
  return {
    display_name: [street, city.zip !== '00000' ? `${city.zip} ${city.name}` : city.name, city.state, city.country].filter(Boolean).join(', '),
    address,
    city: city.name,
    state: city.state,
    country: city.country,
    zip_code: city.zip,
    latitude: city.lat,
    longitude: city.lng,
    source: 'gazetteer',
  };
}

/** 0: the name starts with the text; 1: a word of the name starts with it; 2: contains it; null: no match. */
function score(city: City, needle: string): number | null {
  let best: number | null = null;
  for (const name of [city.name, ...(city.aka ?? [])]) {
    const n = fold(name);
    const s = n.startsWith(needle) ? 0 : n.split(/[\s-]+/).some((w) => w.startsWith(needle)) ? 1 : n.includes(needle) ? 2 : null;
    if (s !== null && (best === null || s < best)) best = s;
  }
  return best;
}

/**
 * Offline: matches the text, or one comma-separated part of it, against city names. When the rest of the
 * text is a street ("Vesterbrogade 1, Copenhagen"), the street is kept as the place's address and the city's
 * centre gives the coordinates.
 */
export class GazetteerGeocoder implements Geocoder {
  constructor(private readonly cities: readonly City[] = GAZETTEER) {}

  async search(q: string, country?: string): Promise<Place[]> {
    const wanted = country?.toUpperCase();
    const pool = this.cities.filter((city) => !wanted || city.country === wanted);
    const parts = q
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const candidates: { text: string; street: string | null }[] = [{ text: q.trim(), street: null }];
    if (parts.length > 1) {
      parts.forEach((part, i) => {
        const rest = parts.filter((_, j) => j !== i && !/^\d[\d\s]*$/.test(parts[j]!));
        candidates.push({ text: part, street: rest.length ? rest.join(', ') : null });
      });
    }
    const found = new Map<City, { rank: number; street: string | null }>();
    candidates.forEach(({ text, street }, idx) => {
      const needle = fold(text);
      if (needle.length < 2) return;
      for (const city of pool) {
        const s = score(city, needle);
        if (s === null) continue;
        const rank = s + (idx === 0 ? 0 : 0.5);
        const prev = found.get(city);
        if (!prev || rank < prev.rank) found.set(city, { rank, street });
      }
    });
    return [...found.entries()]
      .sort((a, b) => a[1].rank - b[1].rank || a[0].name.localeCompare(b[0].name))
      .slice(0, GEOCODE_LIMIT)
      .map(([city, m]) => toPlace(city, m.street));
  }

  /**
   * Any point inside a signup country (Natural Earth outlines) resolves to the nearest gazetteer city of that
   * country, however far; a point just off a coast (harbours and small islands) to a city within 25 km; any
   * other point to null: it is outside the countries where companies register.
   */
  async reverse(lat: number, lng: number): Promise<Place | null> {
    const country = signupCountryAt(lat, lng);
    let best: { city: City; km: number } | null = null;
    for (const city of this.cities) {
      if (country && city.country !== country) continue;
      const km = haversineKm({ lat, lng }, { lat: city.lat, lng: city.lng });
      if (!best || km < best.km) best = { city, km };
    }
    if (!best) return null;
    return country || best.km <= REVERSE_COAST_KM ? toPlace(best.city, null) : null;
  }
}

interface NominatimResult {
  display_name: string;
  lat: string;
  lon: string;
  name?: string;
  address?: Record<string, string | undefined>;
}

/** A Nominatim-compatible service (GEOCODER_URL). Never called in tests. */
export class NominatimGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly userAgent = 'synergy-marketplace',
  ) {}

  private async get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(path, this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
    for (const [k, v] of Object.entries({ format: 'jsonv2', addressdetails: '1', ...params })) url.searchParams.set(k, v);
    const res = await fetch(url, { headers: { 'User-Agent': this.userAgent, Accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
    return res.json();
  }

  private toPlace(r: NominatimResult): Place | null {
    const a = r.address ?? {};
    const country = (a.country_code ?? '').toUpperCase();
    const street = [a.road, a.house_number].filter(Boolean).join(' ');
    const city = a.city ?? a.town ?? a.village ?? a.municipality ?? a.county ?? '';
    const lat = Number(r.lat);
    const lng = Number(r.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
    return {
      display_name: r.display_name,
      address: street || r.name || r.display_name.split(',')[0]!,
      city,
      state: a.state ?? a.region ?? a.county ?? '',
      country,
      zip_code: a.postcode ?? '00000',
      latitude: lat,
      longitude: lng,
      source: 'nominatim',
    };
  }

  async search(q: string, country?: string): Promise<Place[]> {
    const codes = (country ? [country] : [...SIGNUP_COUNTRIES]).map((s) => s.toLowerCase()).join(',');
    const rows = (await this.get('search', { q, countrycodes: codes, limit: String(GEOCODE_LIMIT) })) as NominatimResult[];
    return rows.map((r) => this.toPlace(r)).filter((p): p is Place => p !== null);
  }

  async reverse(lat: number, lng: number): Promise<Place | null> {
    const row = (await this.get('reverse', { lat: String(lat), lon: String(lng) })) as NominatimResult & { error?: string };
    return row.error ? null : this.toPlace(row);
  }
}

export function createGeocoder(env: { GEOCODER_URL?: string }): Geocoder {
  return env.GEOCODER_URL ? new NominatimGeocoder(env.GEOCODER_URL) : new GazetteerGeocoder();
}
