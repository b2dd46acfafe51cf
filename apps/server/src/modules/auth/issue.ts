import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { Code } from '@aquamall/shared';
import { createSession } from './sessions.ts';
import { loadSessionUser, type SessionUserDto } from './user-info.ts';
import { clientInfo } from './fields.ts';
import { business } from '../../lib/metrics.ts';

export interface LoginAnswer {
  authToken: string;
  userInfo: SessionUserDto;
}

export const MSG_DISABLED = '账号已被停用，请联系企业管理员';

/** Starts a session for a user who proved who they are, and answers like every login call. */
export async function issueLogin(app: FastifyInstance, request: FastifyRequest, userId: number, rememberMe: boolean): Promise<LoginAnswer> {
  const { ip, userAgent } = clientInfo(request);
  const { token } = await createSession(app.db, userId, { rememberMe, ip, userAgent });
  const userInfo = await loadSessionUser(app.db, userId);
  if (!userInfo) throw new AppError(Code.SERVER_ERROR, '登录失败');
  business.loginsSucceeded.inc();
  return { authToken: token, userInfo };
}
