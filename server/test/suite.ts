// The set-up most integration test files share: one test context for the whole file, opened before its first test
// and closed after its last, and the administrator many of them act as.
import { afterAll, beforeAll } from 'vitest';
import type { Actor } from '../lib/actor';
import { createAdmin } from './factories';
import { createTestContext, type TestContext } from './harness';
import { bearerOf, restAs } from './rest-client';

/**
 * An object a beforeAll fills in place, so that module-level helpers can hold it before it exists. Hooks run in the
 * order they are declared, so `make` may read what earlier ones filled. What it answers must be a plain record (the
 * context, the factories' rows and restAs's calls are): its fields are copied.
 */
export function filledBeforeAll<T extends object>(make: () => Promise<T> | T): T {
  const value = {} as T;
  beforeAll(async () => {
    Object.assign(value, await make());
  });
  return value;
}

/** The file's test context: created before its tests (with these env overrides and options), closed after them. */
export function useTestContext(...args: Parameters<typeof createTestContext>): TestContext {
  const t = filledBeforeAll(() => createTestContext(...args));
  // Nothing to close when the context failed to open: that failure is the one to read.
  afterAll(() => (t as Partial<TestContext>).close?.());
  return t;
}

/** The file's test context and an administrator (with its actor) created in it before the tests. */
export function useTestWorld(...args: Parameters<typeof createTestContext>): {
  t: TestContext;
  admin: Awaited<ReturnType<typeof createAdmin>>;
} {
  const t = useTestContext(...args);
  return { t, admin: filledBeforeAll(() => createAdmin(t.database.db)) };
}

/** `{ Authorization }` for supertest's `.set(...)`: the bearer of a user that exists once the earlier hooks have run. */
export function useAuthHeader(t: TestContext, user: () => Parameters<typeof bearerOf>[1]): { Authorization: string } {
  return filledBeforeAll(() => ({ Authorization: bearerOf(t, user()) }));
}

/** REST calls as an actor that exists once the earlier hooks have run (`() => admin.adminActor`). */
export function useRestAs(t: TestContext, actor: () => Actor): ReturnType<typeof restAs> {
  return filledBeforeAll(() => restAs(t, actor()));
}
