import type { SignInResult } from '@aquamall/shared';
import { completeLogin, navigateTo } from '../../features/session/index.ts';

/** Where the second step of a sign-in waits (docs/decisions/0150-two-factor.md). */
export const SECOND_STEP_PATH = '/sso/login/verify';
const KEY = 'aq2faPending';

export interface PendingSignIn {
  token: string;
  rememberMe: boolean;
  returnUrl: string | null;
  /** Milliseconds since the epoch when the pending token expires. */
  expiresAt: number;
}

/**
 * Finishes any sign-in method's answer: a session signs in; a pending second step (two-factor sign-in on)
 * goes to the code screen. The pending token lives in session storage only (this tab).
 */
export async function finishSignIn(r: SignInResult, rememberMe: boolean, returnUrl?: string | null) {
  if ('twoFactor' in r) {
    const pending: PendingSignIn = { token: r.twoFactor.token, rememberMe, returnUrl: returnUrl ?? null, expiresAt: Date.now() + r.twoFactor.expiresIn * 1000 };
    sessionStorage.setItem(KEY, JSON.stringify(pending));
    navigateTo(SECOND_STEP_PATH);
    return;
  }
  await completeLogin(r.authToken, r.userInfo, rememberMe, returnUrl);
}

export function pendingSignIn(): PendingSignIn | null {
  try {
    const p = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingSignIn | null;
    return p && p.expiresAt > Date.now() ? p : null;
  } catch {
    return null;
  }
}

export const clearPendingSignIn = () => sessionStorage.removeItem(KEY);
