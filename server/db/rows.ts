// How repos read a query's rows when they want less than the rows themselves.

/** Whether the query matches any row; it asks the database for one row at most. */
export async function hasRow(query: { limit(n: number): PromiseLike<readonly unknown[]> }): Promise<boolean> {
  const rows = await query.limit(1);
  return rows.length > 0;
}

/** The query's first row, or null when it has none; it asks the database for one row at most. */
export async function firstRow<T>(query: { limit(n: number): PromiseLike<T[]> }): Promise<T | null> {
  const [row] = await query.limit(1);
  return row ?? null;
}
