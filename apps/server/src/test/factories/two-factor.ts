import type { Db } from '../../db/client.ts';
import { userTwoFactor } from '../../db/schema/index.ts';
import { sealSecret } from '../../modules/auth/totp.ts';
import { forgetSessions } from '../../modules/auth/sessions.ts';

/**
 * The authenticator secret of the demo platform administrator and of the platform administrators tests insert
 * (README "Signing in"; demo and tests only). Any TOTP app, or otplib, computes its codes.
 */
export const DEMO_TOTP_SECRET = 'AQUAMALLDEMOADMIN2FA7TOTPSECRET2';

/** Turns two-factor sign-in on for a user with the given secret (as a confirmed enrolment would). */
export async function enrolTwoFactor(db: Db, userId: number, secret = DEMO_TOTP_SECRET): Promise<void> {
  await db
    .insert(userTwoFactor)
    .values({ userId, secret: sealSecret(secret), enabledAt: new Date() })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { secret: sealSecret(secret), enabledAt: new Date(), lastStep: 0 } });
  forgetSessions({ userIds: [userId] });
}
