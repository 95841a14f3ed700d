// The administrators' view of the job queue: what waits, runs and failed, and a retry of a failed job under its id.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { audit_log, jobs } from '../../../drizzle/schema';
import { defineJob, enqueue, handler, startQueue } from '../../jobs/queue';
import { createCompanyWithUsers, createFailedJob } from '../../test/factories';
import { request, restAs } from '../../test/rest-client';
import { useTestWorld } from '../../test/suite';

const { t, admin } = useTestWorld();

describe('GET admin/jobs', () => {
  it('lists jobs newest first with their last error, filtered by status and type, with the counts', async () => {
    const type = 'admin-view-test';
    const failed = await createFailedJob(t.database.db, { type });
    const waiting = await enqueue(t.database.db, defineJob({ type, backoff: [] }), { n: 2 });
    const res = await restAs(t, admin.adminActor).get('/admin/jobs').query({ type, size: 10 });
    expect(res.status).toBe(200);
    expect(res.body.items.map((j: { id: number }) => j.id)).toEqual([waiting.id, failed.id]);
    expect(res.body.items[1]).toMatchObject({ type, status: 'failed', attempts: 3, max_attempts: 3, last_error: 'Connection refused' });
    expect(res.body.items[0]).toMatchObject({ status: 'queued', payload: { n: 2 } });
    expect(res.body.types).toContainEqual({ type, total: 2 });
    expect(res.body.counts.failed).toBeGreaterThanOrEqual(1);
    // The tests run without SMTP_URL: mail jobs wait for a mail server.
    expect(res.body.mail_server).toBe(false);

    const onlyFailed = await restAs(t, admin.adminActor).get('/admin/jobs').query({ type, status: 'failed' });
    expect(onlyFailed.body).toMatchObject({ total: 1, items: [{ id: failed.id }] });
    expect((await restAs(t, admin.adminActor).get('/admin/jobs').query({ status: 'lost' })).status).toBe(400);
  });

  it('is for administrators only', async () => {
    const { memberActor } = await createCompanyWithUsers(t.database.db);
    expect((await request(t.app()).get('/admin/jobs')).status).toBe(401);
    expect((await restAs(t, memberActor).get('/admin/jobs')).status).toBe(403);
  });
});

describe('POST admin/jobs/{id}/retry', () => {
  it('runs a failed job again under its id, and records who did it', async () => {
    const spec = defineJob({ type: 'admin-retry-test', backoff: [] });
    let runs = 0;
    const queue = await startQueue({
      db: t.database.db,
      pubsub: t.database.pubsub,
      logger: t.deps.logger,
      handlers: [handler(spec, async () => void runs++)],
      pollMs: 60_000,
    });
    try {
      const failed = await createFailedJob(t.database.db, { type: spec.type });
      const res = await restAs(t, admin.adminActor).post(`/admin/jobs/${failed.id}/retry`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: failed.id, type: spec.type, status: 'queued' });
      await queue.drain();
      expect(runs).toBe(1);
      const [after] = await t.database.db.select().from(jobs).where(eq(jobs.id, failed.id));
      expect(after).toMatchObject({ status: 'succeeded', attempts: 1, last_error: null });
      const entries = await t.database.db
        .select()
        .from(audit_log)
        .where(and(eq(audit_log.entity, 'job'), eq(audit_log.entity_id, failed.id)));
      expect(entries).toEqual([expect.objectContaining({ action: 'job.retry', actor_user_id: admin.admin.id })]);

      // Done now: nothing to retry.
      const again = await restAs(t, admin.adminActor).post(`/admin/jobs/${failed.id}/retry`);
      expect(again.status).toBe(409);
      expect(again.body.error.message_code).toBe('jobs.notFailed');
    } finally {
      await queue.stop();
    }
  });

  it('answers 404 for no such job and changes nothing for a waiting one', async () => {
    expect((await restAs(t, admin.adminActor).post('/admin/jobs/987654321/retry')).status).toBe(404);
    const { id } = await enqueue(t.database.db, defineJob({ type: 'admin-waiting-test', backoff: [] }), {});
    expect((await restAs(t, admin.adminActor).post(`/admin/jobs/${id}/retry`)).status).toBe(409);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'queued', attempts: 0 });
  });
});
