import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../lib/caller.ts';
import { forbidden, loginExpired } from '../lib/errors.ts';

/**
 * What the plugin is handed by app.ts (the auth module's `sessionAuth`): how a token becomes a caller, and the
 * refusal of a caller who must set up two-step sign-in first. The plugin imports no module (docs/architecture.md).
 */
export interface SessionAuth {
  resolveToken: (db: Db, token: string) => Promise<AuthContext | null>;
  mustEnrolTwoFactor: () => Error;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads no caller: its x-token is not resolved (request.auth stays null). Public routes only. */
    sessionless?: boolean;
  }
  interface FastifyRequest {
    /** The caller, resolved from the x-token header; null for visitors. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler: any signed-in user (else code 1, login expired). */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: a signed-in user of a company (workbench calls). */
    requireCompanyUser: preHandlerAsyncHookHandler;
    /** preHandler: a platform administrator (/admin console calls). */
    requirePlatformAdmin: preHandlerAsyncHookHandler;
    /** preHandler: refuses a caller who must set up two-factor sign-in first (workbench and console calls). */
    requireTwoFactorReady: preHandlerAsyncHookHandler;
  }
}

/** The signed-in caller of a route guarded by requireUser; throws if absent. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw loginExpired();
  return request.auth;
}

/** The signed-in company user of a route whose access is `company`; throws if absent. */
export function companyCaller(request: FastifyRequest): AuthContext & { companyId: number } {
  const auth = caller(request);
  if (!auth.companyId) throw forbidden();
  return { ...auth, companyId: auth.companyId };
}

/**
 * A platform administrator who may use the console's tools (/metrics, the API reference): signed in and not
 * owing the mandatory two-step enrolment (the same rule as requirePlatformAdmin).
 */
export const isConsoleReady = (auth: AuthContext | null | undefined): boolean =>
  !!auth?.isPlatformAdmin && !auth.mustEnrolTwoFactor;

/** Reads `x-token` on every request (docs/product/api-envelope.md#calling-the-api) and exposes the caller as `request.auth`. */
export default fp(async function authPlugin(app: FastifyInstance, { resolveToken, mustEnrolTwoFactor }: SessionAuth) {
  app.decorateRequest('auth', null);
  // A callback hook, not an async one: a request without a token, or to a route that reads no caller
  // (`sessionless`: the bare ping, the cached public answers), costs no promise and no session lookup.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['x-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || request.routeOptions.config.sessionless) return done();
    resolveToken(app.db, token).then((auth) => {
      request.auth = auth;
      done();
    }, done);
  });
  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.auth) throw loginExpired();
  });
  app.decorate('requireCompanyUser', async (request: FastifyRequest) => {
    if (!request.auth) throw loginExpired();
    if (!request.auth.companyId) throw forbidden();
  });
  app.decorate('requirePlatformAdmin', async (request: FastifyRequest) => {
    if (!request.auth) throw loginExpired();
    if (!request.auth.isPlatformAdmin) throw forbidden();
    if (request.auth.mustEnrolTwoFactor) throw mustEnrolTwoFactor();
  });
  app.decorate('requireTwoFactorReady', async (request: FastifyRequest) => {
    if (request.auth?.mustEnrolTwoFactor) throw mustEnrolTwoFactor();
  });
});
