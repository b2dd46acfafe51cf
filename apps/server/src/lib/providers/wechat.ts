import crypto from 'node:crypto';

/** What a QR code for a login ticket encodes: a WeChat URL (real) or the local scan page (sandbox). */
export interface WechatQr {
  /** The text the QR image encodes. */
  content: string;
}

/** WeChat official-account QR login (docs/product/accounts.md#wechat-qr-login): a temporary QR per login ticket, scan events per openId. */
export interface WechatAdapter {
  readonly sandbox: boolean;
  /** `scene` is our login ticket; the scan event carries it back. `origin` is this server's public origin. */
  createQr(scene: string, expireSeconds: number, origin: string): Promise<WechatQr>;
}

/** A template message (模板消息) to one follower: the template's fields by name, and the page it opens. */
export interface WechatTemplateMessage {
  openId: string;
  templateId: string;
  fields: Record<string, string>;
  url: string;
  /**
   * WeChat's 防重入 id (`client_msg_id`): for one openId and id WeChat sends one message only (within 10
   * minutes), so a send retried after a lost answer does not arrive twice.
   */
  clientMsgId?: string;
}

/**
 * A WeChat template as configured (WECHAT_NOTICE_TEMPLATES): its id, and for a template of the current template
 * library (类目模板, whose keys are like `thing2`, `character_string3`, `time4`) which catalogue field fills each
 * of its keys. Without `fields` the catalogue's keys (`first`, `keyword1`…, `remark`) are sent as they are.
 */
export interface WechatTemplateConfig {
  id: string;
  fields?: Record<string, string>;
}

/**
 * The value limits of the current template library's key types (WeChat's template message documentation):
 * thing 20 characters, character_string 32, phrase 5, car_number 8, phone_number 17; longer values are
 * refused with errcode 47003, so they are cut.
 */
const KEY_LIMITS: [RegExp, number][] = [
  [/^thing\d+$/, 20],
  [/^character_string\d+$/, 32],
  [/^phrase\d+$/, 5],
  [/^car_number\d+$/, 8],
  [/^phone_number\d+$/, 17],
];

/** The fields of a template message: the catalogue's fields mapped onto the template's keys, within their limits. */
export function templateData(config: WechatTemplateConfig, fields: Record<string, string>): Record<string, string> {
  const pairs = config.fields
    ? Object.entries(config.fields).map(([key, from]) => [key, fields[from] ?? ''] as const)
    : Object.entries(fields);
  return Object.fromEntries(
    pairs.map(([key, value]) => {
      const limit = KEY_LIMITS.find(([re]) => re.test(key))?.[1];
      return [key, limit ? [...value].slice(0, limit).join('') : value];
    }),
  );
}

/** Sandbox: the QR encodes the local page /api/wx/sandbox/scan?ticket=… that simulates the scan. */
export class SandboxWechat implements WechatAdapter {
  readonly sandbox = true;
  async createQr(scene: string, _expireSeconds: number, origin: string): Promise<WechatQr> {
    return { content: `${origin}/api/wx/sandbox/scan?ticket=${encodeURIComponent(scene)}` };
  }
}

export interface WechatOptions {
  appId: string;
  appSecret: string;
  token: string;
  apiBase?: string;
}

/**
 * The real official-account adapter: access token (cached until 5 minutes before expiry), temporary string
 * scene QR codes (QR_STR_SCENE), and the signature check of the event callback. Written from WeChat's
 * published API; NOT tested against WeChat.
 */
export class OfficialWechat implements WechatAdapter {
  readonly sandbox = false;
  private accessToken: { value: string; until: number } | null = null;
  constructor(private readonly opts: WechatOptions) {}

  private get base() {
    return this.opts.apiBase ?? 'https://api.weixin.qq.com';
  }

  async getAccessToken(): Promise<string> {
    if (this.accessToken && this.accessToken.until > Date.now()) return this.accessToken.value;
    const url = `${this.base}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(this.opts.appId)}&secret=${encodeURIComponent(this.opts.appSecret)}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { access_token?: string; expires_in?: number; errcode?: number; errmsg?: string };
    if (!body.access_token) throw new Error(`WeChat token failed: ${body.errcode} ${body.errmsg}`);
    this.accessToken = { value: body.access_token, until: Date.now() + ((body.expires_in ?? 7200) - 300) * 1000 };
    return body.access_token;
  }

  /**
   * Sends a template message (POST /cgi-bin/message/template/send with touser, template_id, url, data
   * {key: {value}} and client_msg_id); WeChat answers errcode 0 when accepted. Written from WeChat's published
   * API (checked against its documentation and SDKs, provider tests); NOT tested against WeChat.
   */
  async sendTemplate(m: WechatTemplateMessage): Promise<void> {
    const token = await this.getAccessToken();
    const res = await fetch(`${this.base}/cgi-bin/message/template/send?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        touser: m.openId,
        template_id: m.templateId,
        url: m.url,
        data: Object.fromEntries(Object.entries(m.fields).map(([k, value]) => [k, { value }])),
        ...(m.clientMsgId ? { client_msg_id: m.clientMsgId } : {}),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { errcode?: number; errmsg?: string };
    if (body.errcode !== 0) throw new Error(`WeChat template message failed: ${body.errcode ?? res.status} ${body.errmsg ?? ''}`);
  }

  async createQr(scene: string, expireSeconds: number): Promise<WechatQr> {
    const token = await this.getAccessToken();
    const res = await fetch(`${this.base}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expire_seconds: expireSeconds, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: scene } } }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as { ticket?: string; url?: string; errcode?: number; errmsg?: string };
    if (!body.url) throw new Error(`WeChat QR failed: ${body.errcode} ${body.errmsg}`);
    return { content: body.url };
  }

  /** The callback signature: sha1 of the sorted token, timestamp and nonce. */
  verifySignature(signature: string, timestamp: string, nonce: string): boolean {
    return checkWechatSignature(this.opts.token, signature, timestamp, nonce);
  }
}

export function checkWechatSignature(token: string, signature: string, timestamp: string, nonce: string): boolean {
  if (!token || !signature) return false;
  const expected = crypto.createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** One field of a WeChat event XML (CDATA or plain). */
function xmlField(xml: string, name: string): string {
  const m = new RegExp(`<${name}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${name}>`).exec(xml);
  return (m?.[1] ?? m?.[2] ?? '').trim();
}

export interface WechatScanEvent {
  openId: string;
  /** Our login ticket (the scene), with the `qrscene_` prefix of subscribe events removed. */
  scene: string;
}

/** Reads a SCAN or subscribe-with-scene event from the callback body; null for anything else. */
export function parseScanEvent(xml: string): WechatScanEvent | null {
  if (xmlField(xml, 'MsgType') !== 'event') return null;
  const event = xmlField(xml, 'Event').toLowerCase();
  if (event !== 'scan' && event !== 'subscribe') return null;
  const scene = xmlField(xml, 'EventKey').replace(/^qrscene_/, '');
  const openId = xmlField(xml, 'FromUserName');
  return scene && openId ? { openId, scene } : null;
}
