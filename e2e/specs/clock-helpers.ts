import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The tests' clock (demo mode only: POST /api/dev/jobs/run, apps/server/src/modules/jobs/dev-routes.ts): runs a
 * record's pending timed rules of the given kinds now, each as at its own due time, instead of waiting for the
 * job runner to reach that time. The rules themselves run unchanged through the runner's claim; a test still
 * asserts what they did. Returns each job's status afterwards (1 done).
 */
export async function runTimedRules(request: APIRequestContext, refId: number, kinds: string[]) {
  const res = await request.post('/api/dev/jobs/run', { data: { kinds, refId } });
  const body = (await res.json()) as { code: number; message: string; data: { jobs: { kind: string; status: number; lastError: string | null }[] } };
  expect(body.code, body.message).toBe(0);
  return body.data.jobs;
}

/** A tender's deadline and opening (apps/server/src/modules/tenders/common.ts TENDER_JOBS), in that order. */
export const TENDER_CLOCKS = ['tender.close', 'tender.open'];

/**
 * Moves a phone's or e-mail's one-time codes back by `seconds` (demo mode only: POST /api/dev/codes/age), so the
 * 60 s between two codes to one number has passed: a fresh account's registration code would otherwise hold
 * its next code back for a minute of a test's time. Returns how many codes moved.
 */
export async function ageCodes(request: APIRequestContext, target: string, seconds = 60) {
  const res = await request.post('/api/dev/codes/age', { data: { target, seconds } });
  const body = (await res.json()) as { code: number; message: string; data: { moved: number } };
  expect(body.code, body.message).toBe(0);
  expect(body.data.moved, `codes sent to ${target}`).toBeGreaterThan(0);
  return body.data.moved;
}
