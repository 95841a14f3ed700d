import { eq } from 'drizzle-orm';
import { bearerOf, request } from '../../test/rest-client';
import { describe, expect, it } from 'vitest';
import { materials } from '../../../drizzle/schema';
import { CSV_COLUMNS } from '../../../shared/schemas/materials';
import { demoPhotoPng } from '../../demo/listing-photos';
import type { Actor } from '../../lib/actor';
import { createAdmin, createCompanyWithUsers } from '../../test/factories';
import { useTestContext } from '../../test/suite';
import { CSV_CELL_MAX, findLongCell, readCsv } from './csv';

const SUPPORT = 'help@synergy.example';
const t = useTestContext({ SUPPORT_EMAIL: SUPPORT });
const db = () => t.database.db;

const auth = (actor: Actor) => {
  if (actor.kind !== 'user') throw new Error('user actor expected');
  return bearerOf(t, { id: actor.user_id, role: actor.role, company_id: actor.company_id });
};
const HEADER = CSV_COLUMNS.join(',');
const row = (i: number, o: Partial<Record<(typeof CSV_COLUMNS)[number], string>> = {}) => {
  const v = {
    title: `Pallets ${i}`,
    description: 'Used EUR pallets',
    category: 'surplus',
    material_group_code: '',
    frequency: 'monthly',
    quantity: '10',
    condition: 'Used',
    type: 'Wood',
    final_use: 'Reuse',
    sdg_goals: '12',
    ...o,
  };
  return CSV_COLUMNS.map((c) => (/[",\n]/.test(v[c]) ? `"${v[c].replace(/"/g, '""')}"` : v[c])).join(',');
};
const csv = (rows: string[]) => `${HEADER}\n${rows.join('\n')}\n`;
const upload = (actor: Actor, content: Buffer | string, name = 'listings.csv') =>
  request(t.app())
    .post('/api/v2/materials/bulk-upload')
    .set('Authorization', auth(actor))
    .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content), name);

/** A company whose bulk-upload access an administrator has granted. */
async function grantedCompany() {
  const c = await createCompanyWithUsers(db());
  const req = await t.caller(c.memberActor).materials.requestBulkAccess();
  const { adminActor } = await createAdmin(db());
  await t.caller(adminActor).materials.admin.reviewBulkAccess({ id: req.id, decision: 'grant' });
  return c;
}
const countOf = async (companyId: number) =>
  (await db().select({ id: materials.id }).from(materials).where(eq(materials.company_id, companyId))).length;

describe('bulk-upload access', () => {
  it('goes request → pending → granted by an administrator, over REST', async () => {
    const c = await createCompanyWithUsers(db());
    const { adminActor } = await createAdmin(db());
    const asked = await request(t.app()).post('/api/v2/materials/bulk-upload/access-request').set('Authorization', auth(c.memberActor));
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: 'pending', company_id: c.company.id });
    const again = await request(t.app()).post('/api/v2/materials/bulk-upload/access-request').set('Authorization', auth(c.managerActor));
    expect(again.body.id).toBe(asked.body.id);

    const list = await request(t.app()).get('/admin/bulk-upload-access-requests?status=pending').set('Authorization', auth(adminActor));
    expect(list.body.items.map((i: { id: number }) => i.id)).toContain(asked.body.id);
    expect(list.body.items.find((i: { id: number }) => i.id === asked.body.id).company_name).toBe(c.company.name);

    const review = await request(t.app())
      .post(`/admin/bulk-upload-access-requests/${asked.body.id}/review`)
      .set('Authorization', auth(adminActor))
      .send({ decision: 'grant' });
    expect(review.status).toBe(200);
    expect(review.body.status).toBe('granted');
    const status = await request(t.app()).get('/api/v2/materials/bulk-upload/access-request').set('Authorization', auth(c.memberActor));
    expect(status.body.status).toBe('granted');
    const member = await request(t.app())
      .post(`/admin/bulk-upload-access-requests/${asked.body.id}/review`)
      .set('Authorization', auth(c.managerActor))
      .send({ decision: 'grant' });
    expect(member.status).toBe(403);
  });

  it('refuses an upload without granted access with 403', async () => {
    const c = await createCompanyWithUsers(db());
    await t.caller(c.memberActor).materials.requestBulkAccess();
    const res = await upload(c.memberActor, csv([row(1)]));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('BULK_ACCESS_REQUIRED');
    expect(await countOf(c.company.id)).toBe(0);
  });
});

describe('CSV template and upload', () => {
  it('serves a template with the header and one example row, which itself imports', async () => {
    const c = await grantedCompany();
    const res = await request(t.app()).get('/api/v2/materials/bulk-upload/template').set('Authorization', auth(c.memberActor));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="listings-template.csv"/);
    const lines = res.text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(HEADER);
    const imported = await upload(c.memberActor, res.text);
    expect(imported.status).toBe(201);
    expect(imported.body.imported).toBe(1);
    const created = await t.caller(c.memberActor).materials.get({ id: imported.body.ids[0] });
    expect(created).toMatchObject({ material_group_code: '020704', material_group_name: 'Food by-products', quantity: 1200 });
    expect(created.sdg_goals.map((g) => g.id)).toEqual([2, 12]);
  });

  it('imports 500 rows in one go', async () => {
    const c = await grantedCompany();
    const res = await upload(c.memberActor, csv(Array.from({ length: 500 }, (_, i) => row(i))));
    expect(res.status).toBe(201);
    expect(res.body.imported).toBe(500);
    expect(await countOf(c.company.id)).toBe(500);
  });

  it('gives back the ids in row order, each listing with its own cells, code and SDGs', async () => {
    const c = await grantedCompany();
    const rows = [
      row(1, { title: 'First', material_group_code: '020704', sdg_goals: '2;12', quantity: '7' }),
      row(2, { title: 'Second', sdg_goals: '' }),
      row(3, { title: 'Third', material_group_code: '020704', sdg_goals: '13', quantity: '9' }),
    ];
    const res = await upload(c.memberActor, csv(rows));
    expect(res.status).toBe(201);
    const got = await Promise.all(res.body.ids.map((id: number) => t.caller(c.memberActor).materials.get({ id })));
    expect(got.map((m) => [m.title, m.material_group_code, m.quantity, m.sdg_goals.map((g: { id: number }) => g.id)])).toEqual([
      ['First', '020704', 7, [2, 12]],
      ['Second', null, 10, []],
      ['Third', '020704', 9, [13]],
    ]);
    expect(got[0]).toMatchObject({ material_group_name: 'Food by-products', status: 'active', kind: 'offering' });
  });

  it('stores cells as written: quotes, backslashes, braces, commas, line breaks, NULL and non-Latin text', async () => {
    const c = await grantedCompany();
    const cells = [
      { title: 'He said "hi" \\ {x}', description: 'a,b\nc {"NULL"} \\" end', condition: 'NULL', type: 'Æble ØÅ 木材 😀', final_use: '\\' },
      { title: '{}', description: '""', condition: ',', type: "'single'", final_use: 'a\\\\b' },
    ];
    const res = await upload(c.memberActor, csv(cells.map((v, i) => row(i, v))));
    expect(res.status).toBe(201);
    const got = await Promise.all(res.body.ids.map((id: number) => t.caller(c.memberActor).materials.get({ id })));
    expect(got.map((m) => ({ title: m.title, description: m.description, condition: m.condition, type: m.type, final_use: m.final_use }))).toEqual(
      cells,
    );
  });

  it('refuses 501 rows and imports none', async () => {
    const c = await grantedCompany();
    const res = await upload(c.memberActor, csv(Array.from({ length: 501 }, (_, i) => row(i))));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('CSV_TOO_MANY_ROWS');
    expect(await countOf(c.company.id)).toBe(0);
  });

  it('reports every row error with row, column and message, and imports none of the rows', async () => {
    const c = await grantedCompany();
    const rows = [
      row(1),
      row(2, { title: '' }),
      row(3, { quantity: '-4', frequency: 'hourly' }),
      row(4, { material_group_code: '020706' }),
      row(5),
      row(6, { category: 'scrap', material_group_code: 'XYZ-99' }),
    ];
    const res = await upload(c.memberActor, csv(rows));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('CSV_INVALID_ROWS');
    expect(res.body.error.fields).toEqual({
      'rows.3.title': 'The title cell is empty; every row needs one',
      'rows.4.quantity': 'Quantity cannot be negative',
      'rows.4.frequency': 'Unknown frequency “hourly”. Use one of: daily, weekly, monthly, every few months, one-off',
      'rows.5.material_group_code': 'Unknown material group code “020706”. Closest codes: 020701, 020702, 020703',
      // A row with other errors still has its code checked.
      'rows.7.category': 'Unknown category “scrap”. Use one of: by-product, surplus, waste, knowledge',
      'rows.7.material_group_code': 'Unknown material group code “XYZ-99”. See the list of material group codes',
    });
    expect(await countOf(c.company.id)).toBe(0);
  });

  it('neutralises formula-looking text cells with an apostrophe and says which', async () => {
    const c = await grantedCompany();
    const res = await upload(
      c.memberActor,
      csv([row(1, { title: '=HYPERLINK("http://evil")', description: '@SUM(A1)', final_use: '+1' }), row(2, { condition: '-2' })]),
    );
    expect(res.status).toBe(201);
    const [first, second] = await Promise.all(res.body.ids.map((id: number) => t.caller(c.memberActor).materials.get({ id })));
    expect(first.title).toBe('\'=HYPERLINK("http://evil")');
    expect(first.description).toBe("'@SUM(A1)");
    expect(first.final_use).toBe("'+1");
    expect(second.condition).toBe("'-2");
    expect(res.body.neutralised).toEqual([
      { row: 2, column: 'title' },
      { row: 2, column: 'description' },
      { row: 2, column: 'final_use' },
      { row: 3, column: 'condition' },
    ]);
  });

  it.each([
    ['an empty file', Buffer.alloc(0)],
    ['a file with only a header', Buffer.from(`${HEADER}\n`)],
    ['wrong columns', Buffer.from('name,price\nchair,10\n')],
    ['a missing required column', Buffer.from('title,description\nA,B\n')],
    ['a binary file', demoPhotoPng([1, 2, 3])],
    ['invalid UTF-8', Buffer.from([0x74, 0x69, 0xff, 0xfe, 0x0a])],
  ])('answers the SPEC upload message with the support address for %s', async (_name, content) => {
    const c = await grantedCompany();
    const res = await upload(c.memberActor, content);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'BULK_UPLOAD_FAILED',
      message: `An error occurred while uploading your file. Please try again. If the issue persists, contact our support team at ${SUPPORT} for assistance.`,
    });
    expect(await countOf(c.company.id)).toBe(0);
  });

  it('takes exactly one file', async () => {
    const c = await grantedCompany();
    const none = await request(t.app()).post('/api/v2/materials/bulk-upload').set('Authorization', auth(c.memberActor)).field('x', '1');
    const two = await request(t.app())
      .post('/api/v2/materials/bulk-upload')
      .set('Authorization', auth(c.memberActor))
      .attach('file', Buffer.from(csv([row(1)])), 'a.csv')
      .attach('file2', Buffer.from(csv([row(2)])), 'b.csv');
    for (const res of [none, two]) {
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Upload exactly one CSV file.');
    }
    expect(await countOf(c.company.id)).toBe(0);
  });

  it('imports through the tRPC procedure from base64 too', async () => {
    const c = await grantedCompany();
    const out = await t
      .caller(c.memberActor)
      .materials.bulkUpload({ file_name: 'x.csv', body_base64: Buffer.from(csv([row(1), row(2)])).toString('base64') });
    expect(out.imported).toBe(2);
  });
});

describe('CSV limits', () => {
  it('refuses a cell over 10,000 characters before parsing the file, naming its row and column', async () => {
    const c = await grantedCompany();
    const res = await upload(c.memberActor, csv([row(1), row(2, { description: 'x'.repeat(CSV_CELL_MAX + 1) }), row(3)]));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('CSV_INVALID_ROWS');
    expect(res.body.error.field_codes).toEqual({ 'rows.3.description': { code: 'bulk.cellTooLong', params: { max: '10,000' } } });
    expect(await countOf(c.company.id)).toBe(0);
  });

  it('finds a long cell quoted or not, across line breaks inside quotes, and lets 10,000 characters through', async () => {
    const ok = `a,b\n"${'y'.repeat(CSV_CELL_MAX - 2)}\r\n",z\n`;
    expect(await findLongCell(ok)).toBeNull();
    expect(await findLongCell(`a,b\n1,2\n3,"${'q""'.repeat(5001)}z"`)).toEqual({ row: 3, column: 2 });
    expect(await findLongCell(`a,b\n1,${'u'.repeat(CSV_CELL_MAX + 1)}\n`)).toEqual({ row: 2, column: 2 });
  });

  it('parses a large file a slice at a time, letting the event loop turn in between', async () => {
    const big = Buffer.from(csv(Array.from({ length: 500 }, (_, i) => row(i, { description: `${'d'.repeat(4500)}` }))));
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    let turns = 0;
    let reading = true;
    const tick = () => {
      turns++;
      if (reading) setImmediate(tick);
    };
    setImmediate(tick);
    const read = await readCsv(big);
    reading = false;
    expect(read.kind).toBe('rows');
    // One turn per 32K-character slice at least (scan and parse); one parse of the whole file gives none.
    expect(turns).toBeGreaterThan(big.length / (32 * 1024));
  });

  it('refuses control characters (BEL, ESC, NUL) in cells as JSON inputs do', async () => {
    const c = await grantedCompany();
    const res = await upload(c.memberActor, csv([row(1, { title: 'Bell\u0007' }), row(2, { description: 'Esc \u001b[31m red' }), row(3)]));
    expect(res.status).toBe(422);
    expect(res.body.error.field_codes).toEqual({
      'rows.2.title': { code: 'field.invalidCharacters' },
      'rows.3.description': { code: 'field.invalidCharacters' },
    });
    expect(await countOf(c.company.id)).toBe(0);
  });
});
