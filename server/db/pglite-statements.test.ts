// Named statements on PGlite (server/db/pglite-statements.ts): the same answers and errors as PGlite's own
// unnamed `query`, a bounded number of statements, the shape of a table changing under a statement, and the
// client's locks (a named call never runs inside someone else's transaction).
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withNamedStatements } from './pglite-statements';

// One database for the file (creating one costs seconds of CPU); each test starts from the same table and no
// prepared statements.
let raw: PGlite;
beforeAll(async () => {
  raw = await PGlite.create();
});
beforeEach(async () => {
  await raw.exec(`
    unlisten *;
    deallocate all;
    drop table if exists things;
    create table things (id int8 primary key, name text not null unique, at timestamptz, doc jsonb, tags text[]);
    insert into things values (1, 'one', '2026-01-02T03:04:05Z', '{"a":1}', '{x,y}'), (2, 'two', null, null, null);`);
});
afterAll(() => raw.close());

const namedCount = async () => (await raw.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

describe('withNamedStatements', () => {
  it('answers as the unnamed query does, in object and array mode, and names a text from its second call', async () => {
    const client = withNamedStatements(raw);
    const text = 'select id, name, at, doc, tags from things where id = any($1::int8[]) or name = $2 order by id';
    const params = [[1, 2], 'none'];
    const expected = await raw.query(text, params);
    const expectedArrays = await raw.query(text, params, { rowMode: 'array' });
    expect(await client.query(text, params)).toEqual(expected);
    expect(await namedCount()).toBe(0);
    for (let i = 0; i < 3; i++) {
      expect(await client.query(text, params)).toEqual(expected);
      expect(await client.query(text, params, { rowMode: 'array' })).toEqual(expectedArrays);
    }
    expect(await namedCount()).toBe(1);
    expect(expected.rows[0]).toMatchObject({ id: 1, at: new Date('2026-01-02T03:04:05Z'), doc: { a: 1 }, tags: ['x', 'y'] });
    // Parsers given per call still apply.
    const asText = await client.query<{ at: unknown }>(text, params, { parsers: { 1184: (v: string) => `t:${v}` } });
    expect(asText.rows[0]!.at).toMatch(/^t:2026-01-02/);
  });

  it('keeps at most `max` statements, closing the least recently used', async () => {
    const client = withNamedStatements(raw, { max: 2, after: 1 });
    for (let i = 0; i < 5; i++) expect((await client.query<{ n: number }>(`select ${i}::int as n`)).rows).toEqual([{ n: i }]);
    expect(await namedCount()).toBe(2);
  });

  it('throws the database error with its code, and goes on working after it', async () => {
    const client = withNamedStatements(raw, { after: 1 });
    const insert = 'insert into things (id, name) values ($1, $2) returning id';
    expect((await client.query(insert, [3, 'three'])).rows).toEqual([{ id: 3 }]);
    const err = await client.query(insert, [4, 'three']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', constraint: 'things_name_key', query: insert });
    expect((await client.query(insert, [4, 'four'])).rows).toEqual([{ id: 4 }]);
    await expect(client.query('select nonsense from')).rejects.toMatchObject({ code: '42601' });
    await expect(client.query('select nonsense from')).rejects.toMatchObject({ code: '42601' });
    expect((await client.query<{ n: number }>('select count(*)::int as n from things')).rows).toEqual([{ n: 4 }]);
  });

  it('answers with the new shape after the table changed under a named statement', async () => {
    const client = withNamedStatements(raw, { after: 1 });
    expect((await client.query('select * from things where id = $1', [1])).fields.map((f) => f.name)).toEqual(['id', 'name', 'at', 'doc', 'tags']);
    await client.exec('alter table things add column extra int default 7');
    const after = await client.query('select * from things where id = $1', [1]);
    expect(after.fields.map((f) => f.name)).toEqual(['id', 'name', 'at', 'doc', 'tags', 'extra']);
    expect(after.rows[0]).toMatchObject({ id: 1, extra: 7 });
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    const client = withNamedStatements(raw, { after: 1 });
    const count = () => client.query<{ n: number }>('select count(*)::int as n from things').then((r) => r.rows[0]!.n);
    expect(await count()).toBe(2);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((r) => (inserted = r));
    const tx = raw
      .transaction(async (t) => {
        await t.query(`insert into things (id, name) values (9, 'nine')`);
        inserted();
        await held;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await insertedOnce;
    const during = count();
    release();
    expect(await tx).toBe('rolled back');
    // Counted after the rollback, not inside the transaction (where it would have seen 3).
    expect(await during).toBe(2);
  });

  it('delivers notifications sent by a named statement', async () => {
    const client = withNamedStatements(raw, { after: 1 });
    const heard: string[] = [];
    await raw.listen('probe', (p) => heard.push(p));
    await client.query('select pg_notify($1, $2)', ['probe', 'a']);
    await client.query('select pg_notify($1, $2)', ['probe', 'b']);
    await new Promise((r) => setTimeout(r, 10));
    expect(heard).toEqual(['a', 'b']);
  });
});
