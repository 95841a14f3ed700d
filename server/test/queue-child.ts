// A job worker in a process of its own, for the test that kills one mid-job (server/jobs/queue.test.ts): it runs
// `crash-test` jobs that never finish, says "started <id>" on stdout when it has one, and waits to be killed.
import { openPostgres } from '../db/client';
import { createLogger } from '../lib/logger';
import { defineJob, handler, startQueue } from '../jobs/queue';

const url = process.env.QUEUE_CHILD_DATABASE_URL;
if (!url) throw new Error('QUEUE_CHILD_DATABASE_URL is not set');
const database = await openPostgres(url, { max: 2 });
const spec = defineJob({ type: 'crash-test', backoff: [0], timeoutMs: 1_500 });
await startQueue({
  db: database.db,
  pubsub: database.pubsub,
  logger: createLogger('silent'),
  leaseGraceMs: 0,
  pollMs: 50,
  handlers: [
    handler(spec, ({ job }) => {
      process.stdout.write(`started ${job.id}\n`);
      return new Promise<never>(() => {});
    }),
  ],
});
