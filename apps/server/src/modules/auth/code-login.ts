import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from '../../lib/errors.ts';
import { requireEmail, requireSms } from '../../lib/providers/availability.ts';
import { MSG_BAD_CODE, requireCode } from '../codes/service.ts';
import type { SignInResult } from '@aquamall/shared';
import { MSG_DISABLED } from './issue.ts';
import { afterFirstFactor } from './two-factor.ts';
import { findByEmail, findByPhone, isBlocked } from './users.ts';

/**
 * Login by SMS or e-mail code. An unknown number or address never received a code, so it fails exactly like
 * a wrong code.
 */
export async function codeLogin(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { channel: 'sms' | 'email'; target: string; code: string; rememberMe: boolean },
): Promise<SignInResult> {
  if (input.channel === 'sms') requireSms(app);
  else requireEmail(app);
  await requireCode(app.db, { channel: input.channel, target: input.target, purpose: 'login', code: input.code });
  const user = input.channel === 'sms' ? await findByPhone(app.db, input.target) : await findByEmail(app.db, input.target);
  if (!user) throw invalid(MSG_BAD_CODE);
  if (isBlocked(user)) throw invalid(MSG_DISABLED);
  return afterFirstFactor(app, request, user.id, input.rememberMe, input.channel);
}
