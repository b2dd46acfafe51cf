import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { writeOutbox } from './outbox.ts';

/** Sends a one-time code by SMS. Implementations: the offline sandbox and Aliyun SMS. */
export interface SmsProvider {
  readonly name: string;
  readonly sandbox: boolean;
  sendCode(phone: string, code: string, minutes: number): Promise<void>;
}

export const smsText = (code: string, minutes: number) =>
  `【水务商城】您的验证码为${code}，${minutes}分钟内有效。如非本人操作，请忽略本短信。`;

/** sandbox (docs/product/accounts.md#partner-services): the code goes to the server log and the dev outbox (GET /dev/outbox). */
export class SandboxSms implements SmsProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}
  async sendCode(phone: string, code: string, minutes: number) {
    const body = smsText(code, minutes);
    this.log.info({ phone, code }, 'sandbox SMS');
    await writeOutbox(this.db, { channel: 'sms', target: phone, body });
  }
}

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint?: string;
}

/** Percent-encoding of Aliyun's RPC signature (RFC 3986 plus '*' and '~' rules). */
export function aliyunEncode(s: string): string {
  return encodeURIComponent(s).replace(/\+/g, '%20').replace(/\*/g, '%2A').replace(/%7E/g, '~').replace(/!/g, '%21').replace(/'/g, '%27').replace(/\(/g, '%28').replace(/\)/g, '%29');
}

/** Builds the signed query of Aliyun's SendSms (RPC style, HMAC-SHA1, SignatureVersion 1.0). */
export function aliyunSignedQuery(params: Record<string, string>, secret: string): string {
  const sorted = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `GET&${aliyunEncode('/')}&${aliyunEncode(sorted)}`;
  const signature = crypto.createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
  return `Signature=${aliyunEncode(signature)}&${sorted}`;
}

/**
 * Aliyun SMS (dysmsapi SendSms). Written from Aliyun's published signing rules; NOT tested against the real
 * service. Template must take a `code` variable.
 */
export class AliyunSms implements SmsProvider {
  readonly name = 'aliyun';
  readonly sandbox = false;
  constructor(private readonly opts: AliyunSmsOptions) {}
  async sendCode(phone: string, code: string) {
    await this.sendTemplate(phone, this.opts.templateCode, { code });
  }

  /**
   * SendSms with one of the account's approved templates and its variables (TemplateParam); `outId` (OutId,
   * at most 256 characters) comes back in the delivery receipt and names our record.
   */
  async sendTemplate(phone: string, templateCode: string, vars: Record<string, string>, outId?: string) {
    const params: Record<string, string> = {
      AccessKeyId: this.opts.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      ...(outId ? { OutId: outId } : {}),
      PhoneNumbers: phone,
      RegionId: 'cn-hangzhou',
      SignName: this.opts.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: crypto.randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify(vars),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const url = `${this.opts.endpoint ?? 'https://dysmsapi.aliyuncs.com'}/?${aliyunSignedQuery(params, this.opts.accessKeySecret)}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (body.Code !== 'OK') throw new Error(`Aliyun SMS failed: ${body.Code ?? res.status} ${body.Message ?? ''}`);
  }
}
