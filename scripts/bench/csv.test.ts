// The CSV bench as `npm run bench` runs it: the plug-in shares the command line with scripts/bench/index.ts,
// whose `--rows` is the number of listings to seed. The file the bench uploads must still be a 500-row file the
// app accepts (before, the plug-in read that `--rows` as its rows per file and every upload answered 413).
import { isNotNull } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { third_level_subcategories } from '../../drizzle/schema';
import { LIMITS } from '../../shared/constants/limits';
import { createAdmin, createCompanyWithUsers } from '../../server/test/factories';
import { createTestContext, type TestContext } from '../../server/test/harness';
import { csvFile, csvOptions } from './csv';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('CSV bench options', () => {
  it('keeps 500 rows per file under `npm run bench -- --rows 1000000`, and the app imports that file', async () => {
    const options = csvOptions(['node', 'scripts/bench/index.ts', '--rows', '1000000', '--only', 'csv']);
    expect(options.rows).toBe(500);

    const codes = (
      await t.database.db
        .select({ code: third_level_subcategories.code })
        .from(third_level_subcategories)
        .where(isNotNull(third_level_subcategories.code))
        .limit(5)
    ).map((r) => r.code!);
    const body = csvFile(options.rows, codes, 0);
    expect(Buffer.byteLength(body)).toBeLessThan(LIMITS.csvFormBytes);

    const c = await createCompanyWithUsers(t.database.db);
    const asked = await t.caller(c.managerActor).materials.requestBulkAccess();
    const { adminActor } = await createAdmin(t.database.db);
    await t.caller(adminActor).materials.admin.reviewBulkAccess({ id: asked.id, decision: 'grant' });
    if (c.managerActor.kind !== 'user') throw new Error('user actor expected');
    const token = t.deps.tokens.signUser({ sub: String(c.managerActor.user_id), role: 'MANAGER', company_id: c.company.id, tv: 0 }, 3600);
    const res = await request(t.app())
      .post('/api/v2/materials/bulk-upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('file', Buffer.from(body), 'listings.csv');
    expect(res.status).toBe(201);
    expect(res.body.imported).toBe(500);
  });

  it('takes its own rows per file from --csv-rows', () => {
    expect(csvOptions(['node', 'scripts/bench/csv.ts', '--csv-rows', '20', '--uploads', '3']).rows).toBe(20);
    expect(csvOptions(['node', 'scripts/bench/csv.ts']).rows).toBe(500);
  });
});
