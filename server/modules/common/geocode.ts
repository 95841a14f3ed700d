// The address dropdown and map pin of the registration form. A remote geocoder that fails falls back to
// the offline gazetteer, so the form keeps working.
import type { z } from 'zod';
import type { geocodeInput, reverseGeocodeInput } from '../../../shared/schemas/geocode';
import type { Deps } from '../../deps';
import { GazetteerGeocoder } from '../../lib/geocoder';

const offline = new GazetteerGeocoder();

export async function geocode(deps: Deps, input: z.output<typeof geocodeInput>) {
  try {
    return { items: await deps.geocoder.search(input.q, input.country) };
  } catch (err) {
    deps.logger.warn({ err }, 'geocoder failed; using the offline gazetteer');
    return { items: await offline.search(input.q, input.country) };
  }
}

export async function reverseGeocode(deps: Deps, input: z.output<typeof reverseGeocodeInput>) {
  try {
    return { place: await deps.geocoder.reverse(input.lat, input.lng) };
  } catch (err) {
    deps.logger.warn({ err }, 'reverse geocoder failed; using the offline gazetteer');
    return { place: await offline.reverse(input.lat, input.lng) };
  }
}
