/**
 * Exit code of a server process whose start cannot succeed by retrying (data directory in use, port taken, a
 * bad migration): the cluster primary stops instead of restarting workers that fail the same way
 * (cluster/primary.ts). A database that stayed unreachable through the start-up retries exits 1 instead,
 * and is retried without end (docs/decisions/0163-database-hiccups.md).
 */
export const EXIT_START_FAILED = 78;
