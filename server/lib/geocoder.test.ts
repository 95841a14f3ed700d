import { describe, expect, it } from 'vitest';
import { SIGNUP_COUNTRIES } from '../../shared/constants/enums';
import { GAZETTEER, GazetteerGeocoder, NominatimGeocoder, createGeocoder, fold } from './geocoder';

describe('offline gazetteer', () => {
  it('holds 10-20 real cities for each of the eight signup countries, with plausible coordinates', () => {
    for (const code of SIGNUP_COUNTRIES) {
      const cities = GAZETTEER.filter((c) => c.country === code);
      expect(cities.length).toBeGreaterThanOrEqual(10);
      expect(cities.length).toBeLessThanOrEqual(20);
    }
    for (const c of GAZETTEER) {
      expect(Math.abs(c.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(c.lng)).toBeLessThanOrEqual(180);
      expect(c.zip).not.toBe('');
    }
  });

  it('folds accents and Nordic letters', () => {
    expect(fold('København')).toBe('kobenhavn');
    expect(fold('Timișoara')).toBe('timisoara');
    expect(fold('Næstved')).toBe('naestved');
  });

  it('ranks prefix matches first and caps the list', async () => {
    const g = new GazetteerGeocoder();
    const res = await g.search('Ma');
    expect(res.length).toBeLessThanOrEqual(10);
    expect(res[0]!.city.toLowerCase().startsWith('ma')).toBe(true);
  });

  it('picks the offline gazetteer without GEOCODER_URL, Nominatim with it', () => {
    expect(createGeocoder({})).toBeInstanceOf(GazetteerGeocoder);
    expect(createGeocoder({ GEOCODER_URL: 'http://geo.invalid' })).toBeInstanceOf(NominatimGeocoder);
  });
});
