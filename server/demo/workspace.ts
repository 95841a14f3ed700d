// Demo company workspace (issues 12 and 14): the demo company's people with their about texts, a second member,
// a colleague removed earlier whose chat message stays under "former member", its registration data, and an
// account an administrator disabled, so the manager panel, the public pages and /admin/users show real data.
// Called at the end of the demo seed (index.ts), in its transaction.
import { and, asc, eq, or } from 'drizzle-orm';
import { chat_messages, chats, companies, users } from '../../drizzle/schema';
import type { Tx } from '../db/client';
import { daysFrom, must } from './common';
const OERESUND = 'Øresund Brewing Group A/S';
const SPREE = 'Spree Electronics Refurb GmbH';

const ABOUT: Record<string, string> = {
  'manager@example.com':
    'I run sustainability at Øresund: every by-product of our brewing should become someone else’s raw material. Ask me about spent grain and glass.',
  'member@example.com': 'I plan pickups and deliveries between our breweries and our partners across Zealand and Jutland.',
};

export async function seedDemoWorkspace(tx: Tx, now: Date, passwordHash: string): Promise<void> {
  const ago = (days: number) => daysFrom(now, -days);
  const [oresund] = await tx.select({ id: companies.id, currency: companies.preferred_currency }).from(companies).where(eq(companies.name, OERESUND));
  const demo = must(oresund, OERESUND);

  for (const [email, about_info] of Object.entries(ABOUT)) await tx.update(users).set({ about_info }).where(eq(users.email, email));

  // The registration data only the company's own users and administrators see.
  await tx
    .update(companies)
    .set({ company_license_number: 'DK-FVST 2019-0447', company_license_expiry_date: '2028-06-30', tax_certificate_number: 'DK 41228765' })
    .where(eq(companies.id, demo.id));

  // A second member, and a colleague who left: removed by the manager (docs/decisions/0060), the row kept.
  await tx
    .insert(users)
    .values([
      {
        email: 'freja.lund@example.org',
        username: 'freja.lund',
        business_email: 'freja.lund@example.org',
        first_name: 'Freja',
        last_name: 'Lund',
        official_role: 'Procurement Specialist',
        about_info: 'I buy packaging and glass for our bottling lines, second-hand first.',
        role: 'MEMBER',
        company_id: demo.id,
        preferred_currency: demo.currency,
        language: 'dk',
        password_hash: passwordHash,
        is_demo: true,
        created_at: ago(200),
      },
      {
        email: 'removed-kasper@users.invalid',
        username: 'removed-kasper@users.invalid',
        first_name: 'Kasper',
        last_name: 'Nielsen',
        role: 'MEMBER',
        company_id: demo.id,
        password_hash: passwordHash,
        email_notifications_new_listings: false,
        email_notifications_activity: false,
        is_demo: true,
        created_at: ago(400),
        deleted_at: ago(30),
      },
    ])
    .onConflictDoNothing();
  const [kasper] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'removed-kasper@users.invalid'));

  // Kasper wrote the demo company's oldest message; it stays, under his name, as a former member's.
  if (kasper) {
    const [first] = await tx
      .select({ id: chat_messages.id })
      .from(chat_messages)
      .innerJoin(chats, eq(chats.id, chat_messages.chat_id))
      .where(and(eq(chat_messages.sender_company_id, demo.id), or(eq(chats.company_a_id, demo.id), eq(chats.company_b_id, demo.id))))
      .orderBy(asc(chat_messages.id))
      .limit(1);
    if (first) await tx.update(chat_messages).set({ sender_user_id: kasper.id }).where(eq(chat_messages.id, first.id));
  }

  // An account an administrator disabled: it shows on /admin/users and cannot log in.
  const [spree] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.name, SPREE));
  if (spree) {
    await tx
      .insert(users)
      .values({
        email: 'paul.weber@example.org',
        username: 'paul.weber',
        business_email: 'paul.weber@example.org',
        first_name: 'Paul',
        last_name: 'Weber',
        official_role: 'Seasonal Warehouse Assistant',
        role: 'MEMBER',
        company_id: spree.id,
        password_hash: passwordHash,
        is_demo: true,
        created_at: ago(150),
        disabled_at: ago(6),
      })
      .onConflictDoNothing();
  }
}
