import crypto from 'node:crypto';

/**
 * The open platform's request signature (docs/operations.md#open-platform-signing, decision 0205), modelled on
 * Alibaba Cloud's ACS3-HMAC-SHA256: a canonical request of the method, the request target (path and query exactly
 * as sent), the timestamp, the nonce and the SHA-256 of the body; the string to sign is the algorithm name and the
 * SHA-256 of that canonical request; the signature is hex HMAC-SHA256 of it under the key's secret.
 */
export const SIGN_ALGORITHM = 'AQM1-HMAC-SHA256';

export const sha256Hex = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');

export interface SignParts {
  method: string;
  /** Path and query exactly as sent, e.g. `/api/order/detail?sysNo=12`. */
  target: string;
  /** Unix seconds, as a decimal string. */
  timestamp: string;
  nonce: string;
  body: string | Buffer;
}

export function canonicalRequest(p: SignParts): string {
  return [p.method.toUpperCase(), p.target, p.timestamp, p.nonce, sha256Hex(p.body)].join('\n');
}

export function stringToSign(p: SignParts): string {
  return `${SIGN_ALGORITHM}\n${sha256Hex(canonicalRequest(p))}`;
}

export function sign(secret: string, p: SignParts): string {
  return crypto.createHmac('sha256', secret).update(stringToSign(p)).digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * A secret derived from the server's master key (decision 0205): HMAC-SHA256(master, purpose:id:salt), base64url.
 * Nothing secret is stored; a new salt (rotation) makes a new secret.
 */
export function deriveSecret(masterKey: string, purpose: 'key' | 'webhook', id: string, salt: string): string {
  const prefix = purpose === 'key' ? 'sk_' : 'whsec_';
  return prefix + crypto.createHmac('sha256', masterKey).update(`${purpose}:${id}:${salt}`).digest('base64url');
}

/** The webhook signature a receiver checks: hex HMAC-SHA256 of `timestamp + '.' + body` under the endpoint's secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}
