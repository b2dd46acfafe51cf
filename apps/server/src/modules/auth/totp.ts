import crypto from 'node:crypto';
import { loadOtp } from '../../lib/lazy.ts';

/**
 * TOTP primitives (RFC 6238, 30-second steps, 6 digits, SHA-1: what every authenticator app reads) and the
 * sealing of secrets at rest (docs/decisions/0150-two-factor.md).
 */
export const TOTP_PERIOD_S = 30;
export const TOTP_ISSUER = 'AquaMall';

export const newTotpSecret = async () => (await loadOtp()).generateSecret({ length: 20 });

export const otpauthUrl = async (secret: string, label: string) =>
  (await loadOtp()).generateURI({ issuer: TOTP_ISSUER, label, secret });

/**
 * The time step a code belongs to when it is right for the current step or one step either side (clock drift),
 * else null. The caller refuses steps it accepted before (replay guard).
 */
export async function totpStep(secret: string, code: string, nowMs = Date.now()): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const epoch = Math.floor(nowMs / 1000);
    const r = await (await loadOtp()).verify({ secret, token: code, epoch, epochTolerance: TOTP_PERIOD_S });
    return r.valid ? Math.floor(epoch / TOTP_PERIOD_S) + r.delta : null;
  } catch {
    return null;
  }
}

/** The key secrets are sealed with: TWO_FACTOR_KEY (any string, hashed to 256 bits), or none. */
function sealKey(): Buffer | null {
  const k = process.env.TWO_FACTOR_KEY;
  return k ? crypto.createHash('sha256').update(k).digest() : null;
}

/** AES-256-GCM with TWO_FACTOR_KEY when set (`gcm:` + base64url iv|tag|ciphertext); otherwise `plain:`. */
export function sealSecret(secret: string): string {
  const key = sealKey();
  if (!key) return `plain:${secret}`;
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `gcm:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url')}`;
}

/** The secret of a sealed value; null when it cannot be opened (key missing or changed). */
export function openSecret(sealed: string): string | null {
  if (sealed.startsWith('plain:')) return sealed.slice(6);
  if (!sealed.startsWith('gcm:')) return null;
  const key = sealKey();
  if (!key) return null;
  try {
    const buf = Buffer.from(sealed.slice(4), 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
    decipher.setAuthTag(buf.subarray(12, 28));
    return Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as shown: two groups of five (about 49 bits). */
export function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A recovery code as typed, for hashing and comparing (case, spaces and the dash do not matter). */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
