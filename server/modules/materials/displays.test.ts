// Recommendation displays: batched writes and the retention job (docs/decisions/0130).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recommendation_displays } from '../../../drizzle/schema';
import { createCompanyWithUsers, createListing } from '../../test/factories';
import { useTestContext } from '../../test/suite';
import { createDisplayRecorder, DISPLAYS, pruneRecommendationDisplays } from './displays';

const t = useTestContext();

describe('recommendation displays', () => {
  it('writes a batch once it is full or flushed, in one insert, and nothing before', async () => {
    const { company, member } = await createCompanyWithUsers(t.database.db);
    const m = await createListing(t.database.db, company.id);
    const recorder = createDisplayRecorder(t.database.db, t.deps.logger, { flushEveryMs: 60_000, flushAtRows: 8 });
    const rows = () => t.database.db.select().from(recommendation_displays).where(eq(recommendation_displays.company_id, company.id));
    recorder.record(member.id, company.id, [m.id, m.id, m.id, m.id]);
    expect(await rows()).toHaveLength(0);
    recorder.record(member.id, company.id, [m.id, m.id, m.id, m.id]);
    await recorder.flush();
    expect(await rows()).toHaveLength(8);
    await recorder.close();
  });

  it('the retention job deletes displays older than the retention period and keeps the rest', async () => {
    const { company, member } = await createCompanyWithUsers(t.database.db);
    const m = await createListing(t.database.db, company.id);
    const now = new Date();
    const day = 86_400_000;
    await t.database.db.insert(recommendation_displays).values([
      { user_id: member.id, company_id: company.id, material_id: m.id, created_at: new Date(now.getTime() - (DISPLAYS.retentionDays + 1) * day) },
      { user_id: member.id, company_id: company.id, material_id: m.id, created_at: new Date(now.getTime() - (DISPLAYS.retentionDays - 1) * day) },
    ]);
    expect(await pruneRecommendationDisplays(t.database.db, now)).toEqual({ deleted: 1 });
    const left = await t.database.db.select().from(recommendation_displays).where(eq(recommendation_displays.company_id, company.id));
    expect(left).toHaveLength(1);
  });
});
