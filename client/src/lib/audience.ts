/**
 * Procedures that run with the driver token instead of the user token: exactly the `driver` router (the
 * driver app's own calls; server/trpc/ladder.test.ts keeps every driver procedure there). Everything else,
 * `drivers.admin.*` included, carries the user token.
 */
export const usesDriverToken = (path: string) => path.startsWith('driver.');
