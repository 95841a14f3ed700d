import { describe, expect, it } from 'vitest';
import { haversineKm, type LatLng } from '../../../shared/lib/geo';
import { mulberry32 } from '../../../shared/lib/random';
import { annulusRanges, halfWidthDeg, LAT_CELLS_PER_DEGREE, latCell, ringRadiiKm, type CellRange } from './annulus';

const inRange = (p: LatLng, r: CellRange) => latCell(p.lat) >= r.cellLo && latCell(p.lat) <= r.cellHi && p.lng >= r.lngLo && p.lng <= r.lngHi;
const hits = (p: LatLng, ranges: CellRange[]) => ranges.filter((r) => inRange(p, r)).length;

/** A point at distance km and bearing deg from c (spherical destination formula). */
function destination(c: LatLng, km: number, bearingDeg: number): LatLng {
  const d = km / 6371;
  const b = (bearingDeg * Math.PI) / 180;
  const p1 = (c.lat * Math.PI) / 180;
  const l1 = (c.lng * Math.PI) / 180;
  const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
  const l2 = l1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
  let lng = (l2 * 180) / Math.PI;
  lng = ((((lng + 180) % 360) + 360) % 360) - 180;
  return { lat: (p2 * 180) / Math.PI, lng };
}

describe('halfWidthDeg', () => {
  it('is the longitude offset of the circle at a latitude', () => {
    const c = { lat: 55.6761, lng: 12.5683 };
    const r = 40 / 6371;
    const w = halfWidthDeg(c, r, c.lat + 0.1);
    expect(haversineKm(c, { lat: c.lat + 0.1, lng: c.lng + w })).toBeCloseTo(40, 6);
    expect(halfWidthDeg(c, r, c.lat + 1)).toBe(-1); // 111 km north: out of reach
    expect(halfWidthDeg({ lat: 89.9, lng: 0 }, r, 89.95)).toBe(180); // the whole parallel around the pole
  });
});

describe('annulusRanges', () => {
  const centres: LatLng[] = [
    { lat: 55.6761, lng: 12.5683 }, // Copenhagen
    { lat: 3.139, lng: 101.6869 }, // Kuala Lumpur
    { lat: 0, lng: 0 },
    { lat: -33.86, lng: 151.21 },
    { lat: 64.1, lng: -21.9 },
    { lat: 89.8, lng: 40 }, // the ring goes around the pole
    { lat: -89.99, lng: -100 },
    { lat: 52, lng: 179.9 }, // the ring crosses the antimeridian
    { lat: -20, lng: -179.95 },
    { lat: 55.6761 + 1 / LAT_CELLS_PER_DEGREE, lng: 12.5683 }, // a centre on a row boundary
  ];
  const rings: [number, number][] = [
    [40, 50],
    [40, 80],
    [50, 70],
    [110, 190],
    [670, 1310],
    [1310, Infinity],
    [0, 30],
  ];

  for (const c of centres) {
    for (const [inner, outer] of rings) {
      it(`covers every point of (${inner}, ${outer}] km around ${c.lat},${c.lng} exactly once`, () => {
        for (const rowsPerRange of [1, 7]) {
          const ranges = annulusRanges(c, inner, outer, rowsPerRange);
          const random = mulberry32(Math.round(c.lat * 1000 + c.lng * 7 + inner + (Number.isFinite(outer) ? outer : 1e5) + rowsPerRange));
          const top = Number.isFinite(outer) ? outer : 20015;
          for (let i = 0; i < 3000; i++) {
            // Points on and near both edges, and all over the ring.
            const edge = i % 3;
            const km = edge === 0 ? inner + 1e-6 + random() * 1e-3 : edge === 1 ? top - random() * 1e-3 : inner + random() * (top - inner);
            const p = destination(c, km, random() * 360);
            const d = haversineKm(c, p);
            if (d > inner && d <= top) expect(hits(p, ranges), `${p.lat},${p.lng} at ${d} km`).toBe(1);
            else expect(hits(p, ranges)).toBeLessThanOrEqual(1);
          }
          // Row-aligned points (a latitude on a cell boundary) and the exact antimeridian longitudes.
          for (let i = 0; i < 500; i++) {
            const p = destination(c, inner + random() * (Math.min(top, inner + 200) - inner), random() * 360);
            for (const q of [
              { lat: Math.round(p.lat * LAT_CELLS_PER_DEGREE) / LAT_CELLS_PER_DEGREE, lng: p.lng },
              { ...p, lng: p.lng > 0 ? 180 : -180 },
            ]) {
              const d = haversineKm(c, q);
              if (d > inner && d <= top) expect(hits(q, ranges), `${q.lat},${q.lng} at ${d} km`).toBe(1);
            }
          }
        }
      });
    }
  }

  it('skips the inner disc: a 40-50 km ring reads little of the 40 km disc', () => {
    const c = { lat: 55.6761, lng: 12.5683 };
    const ranges = annulusRanges(c, 40, 50);
    const random = mulberry32(7);
    let insideRead = 0;
    const n = 20000;
    for (let i = 0; i < n; i++) {
      // Uniform over the 40 km disc (area-uniform radius).
      const p = destination(c, 40 * Math.sqrt(random()), random() * 360);
      if (hits(p, ranges)) insideRead++;
    }
    // With rows of 1/32 degree (3.5 km) about 6 % of the disc's area lies in the rim the ring shares rows with.
    expect(insideRead / n).toBeLessThan(0.08);
    // One range per side in each row the inner disc spans, one per row elsewhere.
    expect(ranges.length).toBeLessThan(2 * (latCell(c.lat + 0.5) - latCell(c.lat - 0.5)));
  });

  it('groups rows: fewer ranges, the same cells', () => {
    const c = { lat: 48, lng: 2 };
    const one = annulusRanges(c, 350, 670, 1);
    const grouped = annulusRanges(c, 350, 670, 16);
    expect(grouped.length).toBeLessThan(one.length / 8);
    expect(Math.min(...grouped.map((r) => r.cellLo))).toBe(Math.min(...one.map((r) => r.cellLo)));
    expect(Math.max(...grouped.map((r) => r.cellHi))).toBe(Math.max(...one.map((r) => r.cellHi)));
  });
});

describe('ringRadiiKm', () => {
  it('doubles the width of each ring up to the last radius', () => {
    expect(ringRadiiKm(40, 20, 1300)).toEqual([40, 60, 100, 180, 340, 660, 1300]);
    expect(ringRadiiKm(40, 10, 100)).toEqual([40, 50, 70, 100]);
  });
});
