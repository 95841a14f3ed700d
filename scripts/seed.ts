// `npm run db:seed`: migrate, then seed reference data and (into an empty database) the demo marketplace.
import { openDatabase } from '../server/db/client';
import { seedDemo } from '../server/demo';
import { seedReferenceData } from '../server/db/seed/reference';
import { loadEnv } from '../server/env';

async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    const where = env.DATABASE_URL ? 'Postgres (DATABASE_URL)' : `embedded PGlite in ${env.dataDir}`;
    let t = performance.now();
    await database.migrate();
    console.log(`migrated ${where} in ${Math.round(performance.now() - t)} ms`);
    t = performance.now();
    await seedReferenceData(database.db);
    console.log(`reference data in place in ${Math.round(performance.now() - t)} ms`);
    t = performance.now();
    const { seeded } = await seedDemo(database.db, { password: env.DEMO_PASSWORD });
    console.log(
      seeded
        ? `demo marketplace seeded in ${Math.round(performance.now() - t)} ms (admin@example.com, manager@example.com, member@example.com; password: DEMO_PASSWORD)`
        : 'demo marketplace skipped: the database already has companies',
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
