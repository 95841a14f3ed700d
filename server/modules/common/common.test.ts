import { request } from '../../test/rest-client';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/suite';

const t = useTestContext();

const api = () => request(t.app());

const codes = Array.from({ length: 17 }, (_, i) => `SDG${i + 1}`);

describe('common.sdgs', () => {
  it('lists the 17 goals in id order to anyone, with colours', async () => {
    const res = await t.caller().common.sdgs();
    expect(res.items.map((g) => g.code)).toEqual(codes);
    expect(res.items.map((g) => g.id)).toEqual(codes.map((_, i) => i + 1));
    expect(res.items[11]).toEqual({ id: 12, code: 'SDG12', name: 'Responsible Consumption and Production', color: '#BF8B2E' });
    for (const g of res.items) expect(g.color).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it('answers GET /api/common/sdgs with {items}', async () => {
    const res = await request(t.app()).get('/api/common/sdgs');
    expect(res.status).toBe(200);
    expect(res.body.items.map((g: { code: string }) => g.code)).toEqual(codes);
  });
});

describe('GET api/common/geocode (offline gazetteer)', () => {
  it('finds cities by any spelling, within a country, keeping a typed street', async () => {
    const res = await api().get('/api/common/geocode').query({ q: 'Vesterbrogade 1, Kobenhavn', country: 'dk' });
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({
      city: 'Copenhagen',
      address: 'Vesterbrogade 1',
      country: 'DK',
      zip_code: '1620',
      latitude: 55.6761,
      source: 'gazetteer',
    });
    const koln = await api().get('/api/common/geocode').query({ q: 'koln' });
    expect(koln.body.items[0]).toMatchObject({ city: 'Cologne', country: 'DE' });
    const none = await api().get('/api/common/geocode').query({ q: 'Copenhagen', country: 'MY' });
    expect(none.body.items).toEqual([]);
    expect((await api().get('/api/common/geocode').query({ q: 'x' })).status).toBe(400);
  });

  it('through tRPC too, with reverse lookup of a map pin', async () => {
    const caller = t.caller();
    expect((await caller.common.geocode({ q: 'Dubai' })).items[0]).toMatchObject({ zip_code: '00000', country: 'AE' });
    expect((await caller.common.reverseGeocode({ lat: 3.14, lng: 101.69 })).place).toMatchObject({ city: 'Kuala Lumpur' });
    expect((await caller.common.reverseGeocode({ lat: 0, lng: -30 })).place).toBeNull();
  });
});
