import { maskPhone } from '@aquamall/shared/format';
import { clientStore } from './storage.ts';

/** The fields of the stored user (features/session SessionUser) that a greeting needs. */
interface StoredUser {
  realName?: string | null;
  nickName?: string | null;
  phone?: string | null;
}

/** The signed-in user's display name from clientStore (real name, nickname, account or masked phone), or null. */
export function currentUserName(): string | null {
  if (!clientStore.getToken()) return null;
  const u = clientStore.getUser<StoredUser>();
  const name = u?.realName || u?.nickName || (u?.phone ? maskPhone(u.phone) : '');
  return name || '用户';
}
