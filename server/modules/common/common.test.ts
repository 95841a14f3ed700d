import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

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
