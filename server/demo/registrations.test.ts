import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, registration_requests } from '../../drizzle/schema';
import { companySubscription } from '../modules/subscriptions/service';
import { useTestContext } from '../test/suite';
import { seedDemoRegistrations } from './registrations';

const t = useTestContext();

describe('seedDemoRegistrations', () => {
  it('seeds pending and rejected requests and subscriptions in every status, once', async () => {
    expect(await seedDemoRegistrations(t.database.db, { password: 'demo-password' })).toEqual({ seeded: true });
    expect(await seedDemoRegistrations(t.database.db, { password: 'demo-password' })).toEqual({ seeded: false });
    const requests = await t.database.db
      .select({ status: registration_requests.status, variant: registration_requests.variant })
      .from(registration_requests);
    expect(requests.filter((r) => r.status === 'pending').length).toBe(3);
    expect(requests.filter((r) => r.status === 'rejected').length).toBe(1);
    expect(requests.some((r) => r.variant === 'bank_partner' && r.status === 'pending')).toBe(true);
    const approved = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.status, 'approved'));
    const statuses = await Promise.all(approved.map(async (c) => (await companySubscription(t.deps, c.id)).status));
    expect(new Set(statuses)).toEqual(new Set(['active', 'expiring_soon', 'expires_very_soon', 'expired', 'inactive']));
  });
});
