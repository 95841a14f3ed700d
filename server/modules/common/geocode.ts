// The address dropdown and map pin of the registration form. A remote geocoder that fails falls back to
// the offline gazetteer, so the form keeps working.
import type { z } from 'zod';
import type { geocodeInput, reverseGeocodeInput } from '../../../shared/schemas/geocode';
import type { Deps } from '../../deps';
import { GazetteerGeocoder } from '../../lib/geocoder';

const offline = new GazetteerGeocoder();

/** Asks the configured geocoder; when it fails, logs why and answers from the offline gazetteer instead. */
async function withOfflineFallback<T>(deps: Deps, what: string, ask: (geocoder: Deps['geocoder']) => Promise<T>): Promise<T> {
  try {
    return await ask(deps.geocoder);
  } catch (err) {
    deps.logger.warn({ err }, `${what} failed; using the offline gazetteer`);
    return ask(offline);
  }
}

export async function geocode(deps: Deps, input: z.output<typeof geocodeInput>) {
  return { items: await withOfflineFallback(deps, 'geocoder', (g) => g.search(input.q, input.country)) };
}

export async function reverseGeocode(deps: Deps, input: z.output<typeof reverseGeocodeInput>) {
  return { place: await withOfflineFallback(deps, 'reverse geocoder', (g) => g.reverse(input.lat, input.lng)) };
}
