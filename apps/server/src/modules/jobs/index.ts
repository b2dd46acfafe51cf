// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { defineJob, recordId } from './define.ts';
export { default as jobDevRoutes } from './dev-routes.ts';
export { JobStatus, MAX_ATTEMPTS, jobRun, registerRecurringJob, runJobNow, runUntilIdle, startJobRunner } from './runner.ts';
export { addDays, addHours, cancelJobs, jobClocks, jobsOf, nextPendingRun, scheduleJob, scheduleJobsQuery } from './schedule.ts';
