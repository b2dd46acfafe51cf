import type { FastifyInstance } from 'fastify';
import { Code, MSG } from '@aquamall/shared';
import { AppError } from '../errors.ts';
import { getProviders } from './index.ts';

/**
 * The dev outbox and the captcha peek answer only while the SMS sandbox is the active provider (the default
 * without SMS_PROVIDER, also in production mode as the e2e tests run it). With a real SMS provider they are
 * gone (HTTP 404), so a real deployment never exposes codes.
 */
export function devToolsEnabled(app: FastifyInstance): boolean {
  return getProviders(app).sms.sandbox;
}

export const devNotFound = () => new AppError(Code.INVALID, MSG.notFound, 404);
