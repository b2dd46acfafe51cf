import { z } from '@aquamall/shared/zod';

/**
 * The server's Content-Security-Policy has no 'unsafe-eval', and zod probes `new Function` for its JIT the
 * first time an object schema is built (a CSP violation in the console). Imported first by main.tsx, so
 * every schema, including the shared contracts, is built jitless.
 */
z.config({ jitless: true });
