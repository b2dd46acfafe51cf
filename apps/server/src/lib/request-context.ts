import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientInfo } from './client-info.ts';

/** Where the current request comes from (the audit log records it for console and workbench actions alike). */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

const origin = new AsyncLocalStorage<RequestOrigin>();

/** The origin of the request being handled, or null outside a request (jobs, the seed, tests calling use cases). */
export const currentOrigin = (): RequestOrigin | null => origin.getStore() ?? null;

/** Runs the rest of every request inside its origin (the async context follows the handler and its awaits). */
export default fp(async function requestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    origin.run(clientInfo(request), done);
  });
});
