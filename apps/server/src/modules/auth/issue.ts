import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authErrors, fail } from './messages.ts';
import { createSession } from './sessions.ts';
import { loadSessionUser, type SessionUserDto } from './user-info.ts';
import { clientInfo } from './fields.ts';
import { business } from '../../lib/metrics.ts';

export interface LoginAnswer {
  authToken: string;
  userInfo: SessionUserDto;
}

export const MSG_DISABLED = authErrors.ACCOUNT_DISABLED.message;

/** Starts a session for a user who proved who they are, and answers like every login call. */
export async function issueLogin(app: FastifyInstance, request: FastifyRequest, userId: number, rememberMe: boolean): Promise<LoginAnswer> {
  const { ip, userAgent } = clientInfo(request);
  const { token } = await createSession(app.db, userId, { rememberMe, ip, userAgent });
  const userInfo = await loadSessionUser(app.db, userId);
  if (!userInfo) throw fail('LOGIN_FAILED');
  business.loginsSucceeded.inc();
  return { authToken: token, userInfo };
}
