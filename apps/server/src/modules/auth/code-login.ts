import type { FastifyInstance, FastifyRequest } from 'fastify';
import { raise } from '../../lib/errors.ts';
import { codesErrors } from '../codes/index.ts';
import { fail } from './messages.ts';
import { requireEmail, requireSms } from '../../lib/providers/availability.ts';
import { requireCode } from '../codes/index.ts';
import type { SignInResult } from '@aquamall/shared';
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
  if (!user) throw raise(codesErrors, 'CODE_WRONG');
  if (isBlocked(user)) throw fail('ACCOUNT_DISABLED');
  return afterFirstFactor(app, request, user.id, input.rememberMe, input.channel);
}
