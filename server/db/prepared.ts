// Named prepared statements for the hottest reads: the statement is built by Drizzle once per
// database, and Postgres parses and plans it once per connection (postgres-js keeps named statements per
// connection), instead of both on every request. Only for statements whose text never changes: values go in
// as `sql.placeholder(...)`. PGlite names a statement from its second call (db/pglite-statements.ts).
import { Placeholder } from 'drizzle-orm';
import type { DbOrTx } from './client';

const cache = new WeakMap<object, Map<string, unknown>>();

/** The statement `name` built by `build(db)`, made once for this database (or transaction) object. */
export function preparedOn<T>(db: DbOrTx, name: string, build: (db: DbOrTx) => T): T {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let stmt = byName.get(name) as T | undefined;
  if (stmt === undefined) byName.set(name, (stmt = build(db)));
  return stmt;
}

/** A built statement's SQL and its parameters in order ($1, $2, ...): a placeholder's name, or a fixed value. */
export function statementText(q: { sql: string; params: unknown[] }): { sql: string; params: ({ name: string } | { value: unknown })[] } {
  return { sql: q.sql, params: q.params.map((p) => (p instanceof Placeholder ? { name: p.name } : { value: p })) };
}
