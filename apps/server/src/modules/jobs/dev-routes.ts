import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { opsEndpoints as e } from '@aquamall/shared/endpoints';
import { jobs } from '../../db/schema/index.ts';
import { ok } from '../../lib/envelope.ts';
import { devToolsEnabled } from '../../lib/providers/dev.ts';
import { route } from '../../lib/route.ts';
import { JobStatus, runJobNow } from './runner.ts';

/**
 * POST /api/dev/jobs/run (demo mode only, like the dev outbox: docs/product/deployment.md#demo-mode): the browser
 * tests' clock. Runs one record's pending jobs of the given kinds, in the order given, now instead of at the next
 * poll after their time, each as at its own `runAt` (or now when already due): the handler sees the moment it
 * was scheduled for, so a tender closes "at its deadline" without a test waiting for it. Goes through the
 * runner's claim (runJobNow), so a job the poller holds runs once. Answers each job's status afterwards.
 */
export default async function jobDevRoutes(app: FastifyInstance) {
  if (!devToolsEnabled(app)) return;
  route(app, e.devJobsRun, async (request) => {
    const { kinds, refId } = request.body;
    for (const kind of kinds) {
      const [pending] = await app.db
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.kind, kind), eq(jobs.refId, refId), eq(jobs.status, JobStatus.PENDING)));
      if (!pending) continue;
      const now = new Date();
      await runJobNow(app.db, kind, refId, pending.runAt > now ? pending.runAt : now);
    }
    const rows = await app.db
      .select({ kind: jobs.kind, status: jobs.status, lastError: jobs.lastError })
      .from(jobs)
      .where(and(inArray(jobs.kind, kinds), eq(jobs.refId, refId)));
    return ok({ jobs: rows });
  });
}
