import { queryOptions } from '@tanstack/react-query';
import type { SessionUser } from '@aquamall/shared';
import { api, type InputOf } from '../../../lib/api.ts';
import { clientStore } from '../../../lib/storage.ts';
import { sessionStore } from '../../session/index.ts';

/** GET /api/appuser/security — the account security overview. */
export const securityQuery = queryOptions({ queryKey: ['appuser', 'security'], queryFn: () => api.read('security') });

/** GET /api/appuser/sessions — the caller's active sessions. */
export const sessionsQuery = queryOptions({ queryKey: ['appuser', 'sessions'], queryFn: () => api.read('sessionList') });

/** Keeps the signed-in user the server answered after a change. */
function keepUser(user: SessionUser | null) {
  if (!user) return;
  clientStore.setUser(user);
  sessionStore.set({ user });
}

export const accountApi = {
  /** POST /api/appuser/endsessions — the given sessions, or all but this one. */
  endSessions: (ids?: number[]) => api.run('sessionsEnd', ids ? { ids } : {}),
  /** POST /api/appuser/wxunbind */
  unbindWechat: () => api.run('wxUnbind'),
  /** POST /api/appuser/modifyuserinfo — saves and keeps the answered user. */
  saveInfo: async (v: InputOf<'modifyUserInfo'>) => keepUser(await api.run('modifyUserInfo', v)),
  /** POST /api/appuser/sendemailcode (purpose bind) — the code that proves an address. */
  sendBindCode: (email: string) => api.run('emailCodeSend', { email, purpose: 'bind' }),
  /** POST /api/appuser/bindemail — binds and keeps the answered user. */
  bindEmail: async (v: InputOf<'bindEmail'>) => keepUser(await api.run('bindEmail', v)),
};
