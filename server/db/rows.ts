// How repos read a query's rows when they want less than the rows themselves.

/** Whether the query matches any row; it asks the database for one row at most. */
export async function hasRow(query: { limit(n: number): PromiseLike<readonly unknown[]> }): Promise<boolean> {
  const rows = await query.limit(1);
  return rows.length > 0;
}
