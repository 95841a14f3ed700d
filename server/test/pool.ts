// Tests that fire many calls keep a few in flight at a time: PGlite answers one query at a time and Postgres has a
// small pool, so firing them all at once only queues them and times the slowest out.

/** Runs the tasks with at most `n` at a time; answers their results in the tasks' order. */
export async function pool<T>(tasks: (() => Promise<T>)[], n: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]!();
      }
    }),
  );
  return out;
}
