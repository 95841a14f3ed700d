import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addFix, boundingBox, EMPTY_TRACK, haversineKm, isCountableStep, isInBoundingBox, straightLineEstimate, type LatLng } from './geo';

const copenhagen = { lat: 55.6761, lng: 12.5683 };
const aarhus = { lat: 56.1629, lng: 10.2039 };
const london = { lat: 51.5074, lng: -0.1278 };
const paris = { lat: 48.8566, lng: 2.3522 };

const latLng = fc.record({ lat: fc.double({ min: -89, max: 89, noNaN: true }), lng: fc.double({ min: -179.9, max: 179.9, noNaN: true }) });

describe('haversineKm', () => {
  it('gives known city distances on a 6371 km sphere', () => {
    expect(haversineKm(london, paris)).toBeCloseTo(343.56, 1);
    expect(haversineKm(copenhagen, aarhus)).toBeCloseTo(156.5, 0);
  });

  it('is zero for the same point and half the circumference for antipodes', () => {
    expect(haversineKm(copenhagen, copenhagen)).toBe(0);
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371, 6);
  });

  it('is symmetric and obeys the triangle inequality', () => {
    fc.assert(
      fc.property(latLng, latLng, latLng, (a, b, c) => {
        expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 9);
        expect(haversineKm(a, c)).toBeLessThanOrEqual(haversineKm(a, b) + haversineKm(b, c) + 1e-6);
      }),
    );
  });
});

describe('boundingBox', () => {
  it('contains every point within the radius', () => {
    fc.assert(
      fc.property(
        latLng,
        fc.double({ min: 0.1, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (center, radius, frac, bearing) => {
          // Walk frac x radius from the centre along a bearing: that point is inside the circle.
          const d = (radius * frac * 0.999) / 6371;
          const lat1 = (center.lat * Math.PI) / 180;
          const lng1 = (center.lng * Math.PI) / 180;
          const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
          const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
          let lng = (lng2 * 180) / Math.PI;
          lng = ((((lng + 180) % 360) + 360) % 360) - 180;
          const p: LatLng = { lat: (lat2 * 180) / Math.PI, lng };
          expect(isInBoundingBox(p, boundingBox(center, radius))).toBe(true);
        },
      ),
    );
  });

  it('spans all longitudes near a pole or across the antimeridian', () => {
    expect(boundingBox({ lat: 89.9, lng: 0 }, 50)).toMatchObject({ min_lng: -180, max_lng: 180, max_lat: 90 });
    expect(boundingBox({ lat: 0, lng: 179.9 }, 50)).toMatchObject({ min_lng: -180, max_lng: 180 });
  });

  it('refuses a negative radius', () => {
    expect(() => boundingBox(copenhagen, -1)).toThrow(RangeError);
  });
});

describe('straightLineEstimate', () => {
  it('is haversine x 1.3 at 40 km/h', () => {
    const e = straightLineEstimate(london, paris);
    expect(e.distance_km).toBeCloseTo(haversineKm(london, paris) * 1.3, 9);
    expect(e.duration_min).toBeCloseTo((e.distance_km / 40) * 60, 9);
    expect(e.is_estimate).toBe(true);
  });
});

describe('isCountableStep', () => {
  it('counts steps between 0.001 and 1 km only', () => {
    expect(isCountableStep(0.0005)).toBe(false);
    expect(isCountableStep(0.001)).toBe(true);
    expect(isCountableStep(0.5)).toBe(true);
    expect(isCountableStep(1)).toBe(true);
    expect(isCountableStep(1.2)).toBe(false);
  });
});

describe('addFix (live distance during delivery)', () => {
  // 0.001 degree of latitude is 6371 x pi / 180 / 1000 = 0.111195 km on SPEC's sphere.
  const DEG_KM = (6371 * Math.PI) / 180;
  const start = { lat: 55.6761, lng: 12.5683 };
  const north = (km: number, from = start) => ({ lat: from.lat + km / DEG_KM, lng: from.lng });

  it('starts at the first fix without adding anything', () => {
    expect(addFix(EMPTY_TRACK, start)).toEqual({ km: 0, last: start });
  });

  it('adds steps between 1 m and 1 km, measured on a 6371 km sphere', () => {
    let t = addFix(EMPTY_TRACK, start);
    t = addFix(t, north(0.25));
    expect(t.km).toBeCloseTo(0.25, 9);
    t = addFix(t, north(0.5));
    expect(t.km).toBeCloseTo(0.5, 9);
    // Exactly 0.001 degree north: 111.195 m on the SPEC sphere (a 6378 km sphere would give 111.317 m).
    const a = addFix(EMPTY_TRACK, { lat: 10, lng: 20 });
    expect(addFix(a, { lat: 10.001, lng: 20 }).km * 1000).toBeCloseTo(111.195, 3);
  });

  it('ignores jitter under a metre and jumps over a kilometre, but moves on from them', () => {
    let t = addFix(EMPTY_TRACK, start);
    const jitter = north(0.0005);
    t = addFix(t, jitter);
    expect(t).toEqual({ km: 0, last: jitter });
    const jump = north(1.5, jitter);
    t = addFix(t, jump);
    expect(t.km).toBe(0);
    expect(t.last).toEqual(jump);
    // The next normal step counts from where the jump landed.
    t = addFix(t, north(0.2, jump));
    expect(t.km).toBeCloseTo(0.2, 9);
  });

  it('counts the edges: 0.001 km and 1 km count, just outside does not', () => {
    const from = addFix(EMPTY_TRACK, start);
    expect(addFix(from, north(0.001 + 1e-9)).km).toBeGreaterThan(0);
    expect(addFix(from, north(0.000999)).km).toBe(0);
    expect(addFix(from, north(0.999999)).km).toBeCloseTo(0.999999, 6);
    expect(addFix(from, north(1.000001)).km).toBe(0);
  });

  it('adds up about 2 km walked in 200 m steps', () => {
    let t = addFix(EMPTY_TRACK, start);
    for (let i = 1; i <= 10; i++) t = addFix(t, north(0.2 * i));
    expect(t.km).toBeCloseTo(2, 6);
  });

  it('ignores a fix without finite coordinates', () => {
    const t = addFix(EMPTY_TRACK, start);
    expect(addFix(t, { lat: Number.NaN, lng: 1 })).toBe(t);
  });
});
