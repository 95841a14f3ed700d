// Named prepared statements for the hottest reads (issue 17): the statement is built by Drizzle once per
// database, and Postgres parses and plans it once per connection (postgres-js keeps named statements per
// connection), instead of both on every request. Only for statements whose text never changes: values go in
// as `sql.placeholder(...)`. PGlite runs the same statement unnamed.
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
