import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import {
  isRawResponse,
  type Access,
  type Endpoint,
  type EndpointBody,
  type EndpointHandlerData,
  type EndpointHeaders,
  type EndpointParams,
  type EndpointQuery,
} from '@aquamall/shared/endpoints';
import type { Envelope } from '@aquamall/shared';

type CompanyAccess = Extract<Access, { kind: 'company' }>;

/**
 * The access guards route() builds from a descriptor's `access`. They are the access module's (permissions, menus,
 * membership gates); the app hands them in (`app.routeGuards`, app.ts) because lib/ imports no module
 * (docs/decisions/0212-module-faces.md).
 */
export interface RouteGuards {
  permission(codes: NonNullable<CompanyAccess['permissions']>, refusal?: string): preHandlerAsyncHookHandler;
  menu(...paths: string[]): preHandlerAsyncHookHandler;
  memberGate(gate: NonNullable<CompanyAccess['gate']>): preHandlerAsyncHookHandler;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The shared descriptor this route was registered from (API reference, contract test). */
    endpoint?: Endpoint;
  }
  interface FastifyInstance {
    routeGuards: RouteGuards;
  }
}

export type RouteRequest<E extends Endpoint> = FastifyRequest<{
  Body: EndpointBody<E>;
  Querystring: EndpointQuery<E>;
  Params: EndpointParams<E>;
  Headers: EndpointHeaders<E>;
}>;

type Answer<E extends Endpoint> = E['response'] extends z.ZodType ? Envelope<EndpointHandlerData<E>> : unknown;
export type RouteHandler<E extends Endpoint> = (request: RouteRequest<E>, reply: FastifyReply) => Promise<Answer<E>>;

/** Route options a descriptor does not carry (body limit, extra hooks such as a rate limit). */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest' | 'preValidation' | 'preHandler'> & {
  config?: Record<string, unknown>;
  /** Answers of other statuses than 200 the route sends itself (e.g. 503 of readiness), for the API reference. */
  responses?: Record<number, z.ZodType>;
};

/** The success envelope around an endpoint's `data`, as the serializer checks it and the API reference shows it. */
export const successEnvelope = (data: z.ZodType) =>
  z.object({ code: z.literal(0), message: z.string(), data });

/**
 * The guards an endpoint's access asks for, in order (the admin guard is added by prefix in admin/guard.ts); they
 * run as preValidation hooks, after the body is parsed and before it is validated.
 */
export function guardsFor(app: FastifyInstance, access: Access): preHandlerAsyncHookHandler[] {
  switch (access.kind) {
    case 'public':
    case 'admin':
      return [];
    case 'user':
      return [app.requireUser];
    case 'company': {
      const guards: preHandlerAsyncHookHandler[] = [app.requireTwoFactorReady];
      if (access.permissions?.length) guards.push(app.routeGuards.permission(access.permissions, access.refusal));
      if (access.menus?.length) guards.push(app.routeGuards.menu(...access.menus));
      if (guards.length === 1) guards.push(app.requireCompanyUser);
      if (access.gate) guards.push(app.routeGuards.memberGate(access.gate));
      return guards;
    }
  }
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Registers one endpoint from its shared descriptor: path, method, request schemas, the answer's schema (the
 * serializer checks `data` against it), the guard its access names. The handler parses nothing itself.
 */
export function route<E extends Endpoint>(app: FastifyInstance, e: E, handler: RouteHandler<E>, extras: RouteExtras = {}) {
  const isAdminPath = e.path.startsWith('/admin/api/');
  if (isAdminPath !== (e.access.kind === 'admin')) {
    throw new Error(`${e.method} ${e.path}: access 'admin' goes with /admin/api/ paths and only with them`);
  }
  if (extras.config?.sessionless && e.access.kind !== 'public') {
    throw new Error(`${e.method} ${e.path}: only a public route may skip the session (sessionless)`);
  }
  const schema: Record<string, unknown> = {};
  if (e.body) schema.body = e.body;
  if (e.query) schema.querystring = e.query;
  if (e.params) schema.params = e.params;
  if (e.headers) schema.headers = e.headers;
  if (!isRawResponse(e.response)) schema.response = { ...extras.responses, 200: successEnvelope(e.response) };
  app.route({
    method: e.method,
    url: e.path,
    schema,
    config: { ...extras.config, endpoint: e },
    bodyLimit: extras.bodyLimit,
    onRequest: extras.onRequest,
    // Who may call comes before what was sent: the guards run before validation, so a caller without the
    // permission is refused in the same words whatever the input (and the role battery, record-permissions.test.ts,
    // can prove the refusal of every route without knowing its input).
    preValidation: [...asArray(extras.preValidation as preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[] | undefined), ...guardsFor(app, e.access)],
    preHandler: asArray(extras.preHandler as preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[] | undefined),
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
