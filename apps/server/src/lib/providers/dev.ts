import type { FastifyInstance } from 'fastify';
import { getProviders } from './index.ts';

/**
 * The dev outbox and the captcha peek exist only in demo mode with the SMS sandbox (docs/product/deployment.md#demo-mode): a deployment,
 * or a demo that sends real SMS, does not register them at all, so they answer HTTP 404 like any unknown path.
 */
export function devToolsEnabled(app: FastifyInstance): boolean {
  return app.config.demo && !!getProviders(app).sms?.sandbox;
}
