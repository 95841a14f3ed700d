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

  it('resolves any click inside a signup country to that country’s nearest gazetteer city, and nothing outside them', async () => {
    const g = new GazetteerGeocoder();
    // Viborg, 40 km from the nearest gazetteer town: still Denmark, still a place.
    expect(await g.reverse(56.45, 9.4)).toMatchObject({ country: 'DK' });
    // Skåne (Sweden) is closer to Copenhagen than most Danish towns, but not a signup country.
    expect(await g.reverse(55.9, 13.6)).toBeNull();
    // The Bavarian Forest by the Czech border is German and picks a German city, not Prague's neighbours.
    expect(await g.reverse(48.95, 13.4)).toMatchObject({ country: 'DE' });
    // The Scottish Highlands, far from every gazetteer city, and Sabah on Borneo.
    expect(await g.reverse(57.5, -5.0)).toMatchObject({ country: 'GB' });
    expect(await g.reverse(5.4, 117.5)).toMatchObject({ country: 'MY', city: 'Kota Kinabalu' });
    // Just off Copenhagen's harbour (outside the 1:50m coast): the city within 25 km.
    expect(await g.reverse(55.69, 12.64)).toMatchObject({ city: 'Copenhagen' });
    // The open sea, Paris, Singapore.
    expect(await g.reverse(0, -30)).toBeNull();
    expect(await g.reverse(48.8566, 2.3522)).toBeNull();
    expect(await g.reverse(1.29, 103.85)).toBeNull();
  });

  it('picks the offline gazetteer without GEOCODER_URL, Nominatim with it', () => {
    expect(createGeocoder({})).toBeInstanceOf(GazetteerGeocoder);
    expect(createGeocoder({ GEOCODER_URL: 'http://geo.invalid' })).toBeInstanceOf(NominatimGeocoder);
  });
});
