/**
 * What every authenticated request knows about its caller. The auth module resolves it from the session
 * (modules/auth/sessions.ts `resolveToken`); the auth plugin (plugins/auth.ts) puts it on `request.auth`. It lives
 * here, below every module, so the plugin names it without importing a module (docs/architecture.md "Server layers").
 */
export interface AuthContext {
  sessionId: number;
  userId: number;
  companyId: number | null;
  companyType: number | null;
  companyName: string;
  isCompanyAdmin: boolean;
  isPlatformAdmin: boolean;
  memberLevel: number;
  isMemberVail: number;
  /** Two-factor sign-in is required of this user (platform admin, company policy) and not set up yet. */
  mustEnrolTwoFactor?: boolean;
}
