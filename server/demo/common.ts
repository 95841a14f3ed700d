// Small helpers every part of the demo seed uses: dates relative to the seeding moment, and lookups that fail
// loudly when the demo data names something that is not there.
export const DAY_MS = 86_400_000;

export const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`Demo seed: ${what} not found`);
  return value;
}
