// Tests wait for a condition, never for a fixed time: a loaded machine makes any fixed sleep either too short
// (a flaky failure) or too long (a slow suite).

/** Probes until it answers something truthy (answered), or fails naming `what` after `ms`. */
export async function until<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  ms = 20_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const hit = await probe();
    if (hit) return hit;
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
