import type { Isolation } from './endpoint.ts';

/**
 * The isolation declarations of company-scoped endpoints (`isolation` on a descriptor; the server's isolation
 * meta test reads them: docs/decisions/0191-jobs-and-events-spine.md). A new company endpoint names the server
 * test file that calls it as a caller of another company (`probedIn`), or why it cannot leak (`exempt`).
 */
export const probedIn = (file: string): Isolation => ({ probe: file });
export const exempt = (reason: string): Isolation => ({ exempt: reason });

/** It reads or writes the caller's company only. */
export const OWN_ONLY = exempt(
  'names no record of another company: it reads or writes the caller’s company only (companyCaller)',
);
/** It creates a record of the caller's company from the caller's input. */
export const CREATES = exempt(
  'creates a record of the caller’s company from its own input; no id of another company is taken',
);
/** Every qualified company may call it on a shared record; what it writes is the caller's own. */
export const OPEN = exempt('open to every qualified company by design: what it writes is the caller’s own');
