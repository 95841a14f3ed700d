// Demo data for Manager panel → Integrations: the demo company's ERP has one API key (read and write, last used an
// hour ago) and one webhook whose deliveries show a first-try success, a success on the third try and a delivery
// that failed for good, so the deliveries list and its "Send again" button show at once. No job is queued. The
// webhook's address is under `.localhost` (loopback, never looked up in DNS): events of the demo go nowhere else.
import { desc, eq } from 'drizzle-orm';
import { api_keys, companies, materials, offers, webhook_deliveries, webhook_endpoints } from '../../drizzle/schema';
import { apiKeyPrefix, hashApiKey, newApiKeySecret, newMessageId, newWebhookSecret } from '../modules/integrations/signing';
import type { Tx } from '../db/client';

const HOUR_MS = 3_600_000;

interface OfferRef {
  id: number;
  listingId: number;
  title: string;
  from: { id: number; name: string };
}

export async function seedDemoIntegrations(tx: Tx, o: { companyId: number; managerId: number; now: Date }): Promise<void> {
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, o.companyId));
  // The offers other companies made on the demo company's listings: what its webhook was told about.
  const received: OfferRef[] = (
    await tx
      .select({ id: offers.id, listingId: offers.material_id, title: materials.title, fromId: companies.id, fromName: companies.name })
      .from(offers)
      .innerJoin(materials, eq(materials.id, offers.material_id))
      .innerJoin(companies, eq(companies.id, offers.company_id))
      .where(eq(materials.company_id, o.companyId))
      .orderBy(desc(offers.id))
      .limit(2)
  ).map((r) => ({ id: r.id, listingId: r.listingId, title: r.title, from: { id: r.fromId, name: r.fromName } }));
  const ago = (hours: number) => new Date(o.now.getTime() - hours * HOUR_MS);
  const secret = newApiKeySecret();
  await tx.insert(api_keys).values({
    company_id: o.companyId,
    created_by: o.managerId,
    name: 'ERP sync',
    prefix: apiKeyPrefix(secret),
    secret_hash: hashApiKey(secret),
    scopes: ['read', 'write'],
    created_at: ago(24 * 20),
    last_used_at: ago(1),
  });
  const [endpoint] = await tx
    .insert(webhook_endpoints)
    .values({
      company_id: o.companyId,
      created_by: o.managerId,
      url: 'https://erp.oresund-brewery.localhost/hooks/marketplace',
      events: ['offer.received', 'offer.accepted', 'offer.rejected', 'synergy.completed'],
      secret: newWebhookSecret(),
      created_at: ago(24 * 20),
    })
    .returning({ id: webhook_endpoints.id });
  const listing = { id: o.companyId, name: company?.name ?? '' };
  const delivery = (
    type: string,
    offer: OfferRef,
    hoursAgo: number,
    outcome: { status: 'succeeded' | 'failed'; attempts: number; code: number | null; error?: string },
  ) => ({
    endpoint_id: endpoint!.id,
    msg_id: newMessageId(),
    event_type: type,
    body: JSON.stringify({
      type,
      timestamp: ago(hoursAgo).toISOString(),
      data: { offer_id: offer.id, listing_id: offer.listingId, title: offer.title, offering_company: offer.from, listing_company: listing },
    }),
    status: outcome.status,
    attempts: outcome.attempts,
    last_status_code: outcome.code,
    last_error: outcome.error ?? null,
    last_attempt_at: ago(hoursAgo - 0.1),
    created_at: ago(hoursAgo),
  });
  const [first, second = first!] = received;
  if (!first) return;
  await tx
    .insert(webhook_deliveries)
    .values([
      delivery('offer.received', first, 24 * 6, { status: 'failed', attempts: 8, code: 503, error: 'HTTP 503: Service Unavailable' }),
      delivery('offer.received', second, 30, { status: 'succeeded', attempts: 3, code: 200 }),
      delivery('offer.received', first, 2, { status: 'succeeded', attempts: 1, code: 200 }),
    ]);
}
