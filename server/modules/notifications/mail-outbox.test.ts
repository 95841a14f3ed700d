import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCompanyWithUsers } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let auth: { Authorization: string };

beforeAll(async () => {
  t = await createTestContext();
  const { admin } = await createAdmin(t.database.db);
  auth = { Authorization: `Bearer ${t.deps.tokens.signUser({ sub: String(admin.id), role: 'ADMIN', company_id: null, tv: 0 }, 3600)}` };
});
afterAll(() => t.close());

const api = () => request(t.app());

describe('GET admin/mail-outbox', () => {
  it('pages the outbox, newest first, for administrators', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    await api().post(`/admin/users/${member.id}/reset-link`).set(auth);
    const res = await api().get('/admin/mail-outbox').query({ page: 0, size: 2 }).set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currentPage: 0, total: expect.any(Number), totalPages: expect.any(Number) });
    expect(res.body.items.length).toBeLessThanOrEqual(2);
    expect(res.body.items[0]).toMatchObject({ to_address: member.email, status: 'queued', subject: 'Reset your password' });
    expect((await api().get('/admin/mail-outbox')).status).toBe(401);
  });
});
