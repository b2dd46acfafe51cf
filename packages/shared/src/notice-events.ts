import { addDays, chinaDay, formatChina, parseChinaDateTime } from './china-time.ts';
import type { PermissionCode } from './contracts/access.ts';

/**
 * Trade notifications outside the browser (docs/product/notifications.md): the time-critical events, the
 * categories a user chooses per channel, and every template of every channel in one catalogue. The server routes
 * an inbox notice carrying an `event` key to its recipients' chosen channels (apps/server
 * modules/notifications/outbound.ts); the settings page (消息设置) lists the categories and channels from here.
 */

/** The channels outside the browser, in the order the settings page shows them. */
export const NOTICE_CHANNELS = ['sms', 'wechat', 'email'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
export const NOTICE_CHANNEL_LABEL: Record<NoticeChannel, string> = { sms: '短信', wechat: '微信', email: '邮件' };

/** What a user turns on or off per channel. */
export const NOTICE_CATEGORIES = {
  order: '订单与付款',
  aftersales: '售后',
  sourcing: '询价与报价',
  tender: '招投标',
  finance: '发票与对账',
  approval: '审批',
} as const;
export type NoticeCategory = keyof typeof NOTICE_CATEGORIES;
export const NOTICE_CATEGORY_KEYS = Object.keys(NOTICE_CATEGORIES) as NoticeCategory[];

/**
 * The channels a category is on for a user who never chose: the time-critical trade steps go out by SMS and
 * WeChat, the paperwork by WeChat and e-mail.
 */
export const NOTICE_DEFAULTS: Record<NoticeCategory, readonly NoticeChannel[]> = {
  order: ['sms', 'wechat'],
  aftersales: ['sms', 'wechat'],
  sourcing: ['wechat', 'email'],
  tender: ['sms', 'wechat', 'email'],
  finance: ['wechat', 'email'],
  approval: ['sms', 'wechat'],
};

/** The SMS signature Chinese carriers require in front of every text; it counts toward the 70 characters. */
export const SMS_SIGN = '【水务商城】';
/** One SMS segment of Chinese text, signature included. */
export const SMS_MAX_CHARS = 70;

export interface NoticeEventDef {
  category: NoticeCategory;
  /** What the event is, for the settings page and the docs. */
  label: string;
  /**
   * Who of the receiving company gets it when the notice names no single user: its administrators and the
   * members holding this permission.
   */
  permission: PermissionCode;
  /** The variables every template of the event may use; the call site fills all of them. */
  vars: readonly string[];
  /** SMS text after the signature, with {var} placeholders (signature + text ≤ 70 characters with sample values). */
  sms: string;
  /** WeChat template message fields (first, keyword1…, remark), each a text with placeholders. */
  wechat: Record<string, string>;
  email: { subject: string; body: string };
}

const def = (d: NoticeEventDef) => d;
const FOOT = '\n\n请登录水务商城工作台查看详情。本邮件由系统发送，请勿回复。';

export const NOTICE_EVENTS = {
  'order.created': def({
    category: 'order',
    label: '新订单待确认',
    permission: 'order:ship',
    vars: ['no', 'party', 'amount'],
    sms: '{party}提交了订单{no}，金额¥{amount}，请及时确认。',
    wechat: { first: '您有新订单待确认', keyword1: '{no}', keyword2: '{party}', keyword3: '¥{amount}', remark: '请及时确认订单' },
    email: { subject: '新订单待确认 {no}', body: '{party} 提交了订单 {no}，金额 ¥{amount}，请及时确认。' + FOOT },
  }),
  'order.paymentSubmitted': def({
    category: 'order',
    label: '买家已提交付款凭证',
    permission: 'order:ship',
    vars: ['no'],
    sms: '订单{no}买家已提交付款凭证，请核对收款。',
    wechat: { first: '买家已提交付款凭证', keyword1: '{no}', remark: '请核对收款后确认' },
    email: { subject: '付款凭证待核对 {no}', body: '订单 {no} 的买家已提交付款凭证，请核对收款。' + FOOT },
  }),
  'order.paymentReceived': def({
    category: 'order',
    label: '卖家已确认收款',
    permission: 'purchase:manage',
    vars: ['no'],
    sms: '订单{no}卖家已确认收款，等待发货。',
    wechat: { first: '卖家已确认收款', keyword1: '{no}', remark: '等待卖家发货' },
    email: { subject: '已确认收款 {no}', body: '订单 {no} 的卖家已确认收款，等待发货。' + FOOT },
  }),
  'order.paidOnline': def({
    category: 'order',
    label: '买家已在线支付',
    permission: 'order:ship',
    vars: ['no'],
    sms: '订单{no}买家已在线支付成功，请安排发货。',
    wechat: { first: '买家已在线支付', keyword1: '{no}', remark: '请安排发货' },
    email: { subject: '订单已在线支付 {no}', body: '订单 {no} 的买家已在线支付成功，请安排发货。' + FOOT },
  }),
  'order.cancelSoon': def({
    category: 'order',
    label: '订单即将自动取消',
    permission: 'purchase:manage',
    vars: ['no', 'step', 'deadline'],
    sms: '订单{no}{step}，将于{deadline}自动取消。',
    wechat: { first: '订单即将自动取消', keyword1: '{no}', keyword2: '{step}', keyword3: '{deadline}', remark: '逾期系统将自动取消订单' },
    email: { subject: '订单即将自动取消 {no}', body: '订单 {no}{step}，将于 {deadline} 自动取消。' + FOOT },
  }),
  'order.shipped': def({
    category: 'order',
    label: '订单已发货',
    permission: 'purchase:manage',
    vars: ['no'],
    sms: '您的订单{no}已发货，请留意收货。',
    wechat: { first: '您的订单已发货', keyword1: '{no}', remark: '请留意收货' },
    email: { subject: '订单已发货 {no}', body: '您的订单 {no} 已发货，请留意收货。' + FOOT },
  }),
  'order.received': def({
    category: 'order',
    label: '买家已确认收货',
    permission: 'order:ship',
    vars: ['no'],
    sms: '订单{no}已确认收货。',
    wechat: { first: '订单已确认收货', keyword1: '{no}', remark: '交易完成' },
    email: { subject: '订单已确认收货 {no}', body: '订单 {no} 已确认收货。' + FOOT },
  }),
  'rma.requested': def({
    category: 'aftersales',
    label: '买家申请售后',
    permission: 'rma:manage',
    vars: ['no'],
    sms: '订单{no}的买家申请了售后，请及时处理。',
    wechat: { first: '买家申请售后', keyword1: '{no}', remark: '请及时处理' },
    email: { subject: '售后申请待处理 {no}', body: '订单 {no} 的买家申请了售后，请及时处理。' + FOOT },
  }),
  'rma.approved': def({
    category: 'aftersales',
    label: '售后申请已同意',
    permission: 'rma:manage',
    vars: ['no'],
    sms: '您的售后申请{no}已获同意。',
    wechat: { first: '售后申请已同意', keyword1: '{no}', remark: '请按提示继续办理' },
    email: { subject: '售后申请已同意 {no}', body: '您的售后申请 {no} 已获卖家同意，请按提示继续办理。' + FOOT },
  }),
  'invoice.issued': def({
    category: 'finance',
    label: '发票已开具',
    permission: 'invoice:manage',
    vars: ['no'],
    sms: '发票申请{no}已开票，请查收。',
    wechat: { first: '发票已开具', keyword1: '{no}', remark: '请查收' },
    email: { subject: '发票已开具 {no}', body: '发票申请 {no} 已开票，请查收。' + FOOT },
  }),
  'statement.toConfirm': def({
    category: 'finance',
    label: '对账单待确认',
    permission: 'credit:manage',
    vars: ['no'],
    sms: '对账单{no}待您确认，请及时处理。',
    wechat: { first: '对账单待确认', keyword1: '{no}', remark: '请及时确认' },
    email: { subject: '对账单待确认 {no}', body: '对账单 {no} 待您确认，请及时处理。' + FOOT },
  }),
  'credit.requested': def({
    category: 'finance',
    label: '信用申请待审核',
    permission: 'credit:manage',
    vars: ['party'],
    sms: '{party}提交了信用额度申请，请及时审核。',
    wechat: { first: '信用申请待审核', keyword1: '{party}', remark: '请及时审核' },
    email: { subject: '信用申请待审核', body: '{party} 提交了信用额度申请，请及时审核。' + FOOT },
  }),
  'quotation.received': def({
    category: 'sourcing',
    label: '收到新报价',
    permission: 'enquiry:manage',
    vars: ['no', 'party'],
    sms: '询价单{no}收到{party}的报价。',
    wechat: { first: '收到新报价', keyword1: '{no}', keyword2: '{party}', remark: '请登录查看报价' },
    email: { subject: '收到新报价 {no}', body: '询价单 {no} 收到 {party} 的报价。' + FOOT },
  }),
  'enquiry.awardWon': def({
    category: 'sourcing',
    label: '询价中标',
    permission: 'quotation:manage',
    vars: ['no'],
    sms: '恭喜！您在询价{no}中中标，报价订单已生成，请及时确认。',
    wechat: { first: '恭喜您中标', keyword1: '{no}', remark: '报价订单已生成，请及时确认' },
    email: { subject: '询价中标 {no}', body: '恭喜！您在询价 {no} 中中标，报价订单已生成，请及时确认。' + FOOT },
  }),
  'enquiry.awardLost': def({
    category: 'sourcing',
    label: '询价未中标',
    permission: 'quotation:manage',
    vars: ['no'],
    sms: '询价{no}已完成授标，您的报价未中标，感谢参与。',
    wechat: { first: '询价已授标', keyword1: '{no}', remark: '您的报价未中标，感谢参与' },
    email: { subject: '询价授标结果 {no}', body: '询价 {no} 已完成授标，您的报价未中标，感谢参与。' + FOOT },
  }),
  'enquiry.deadlineSoon': def({
    category: 'sourcing',
    label: '询价即将截止',
    permission: 'quotation:manage',
    vars: ['no', 'deadline'],
    sms: '询价单{no}将于{deadline}截止报价。',
    wechat: { first: '询价即将截止', keyword1: '{no}', keyword2: '{deadline}', remark: '请及时报价' },
    email: { subject: '询价即将截止 {no}', body: '询价单 {no} 将于 {deadline} 截止报价。' + FOOT },
  }),
  'tender.awardWon': def({
    category: 'tender',
    label: '中标',
    permission: 'bid:manage',
    vars: ['no'],
    sms: '恭喜！您在招标{no}中中标。',
    wechat: { first: '恭喜您中标', keyword1: '{no}', remark: '请登录查看中标通知' },
    email: { subject: '中标通知 {no}', body: '恭喜！您在招标 {no} 中中标。' + FOOT },
  }),
  'tender.awardLost': def({
    category: 'tender',
    label: '未中标',
    permission: 'bid:manage',
    vars: ['no'],
    sms: '招标{no}已定标，您未中标，感谢参与。',
    wechat: { first: '招标已定标', keyword1: '{no}', remark: '您未中标，感谢参与' },
    email: { subject: '定标结果 {no}', body: '招标 {no} 已定标，您未中标，感谢参与。' + FOOT },
  }),
  'tender.opening': def({
    category: 'tender',
    label: '招标开标',
    permission: 'bid:manage',
    vars: ['no', 'deadline'],
    sms: '招标{no}将于{deadline}开标。',
    wechat: { first: '招标即将开标', keyword1: '{no}', keyword2: '{deadline}', remark: '请留意开标结果' },
    email: { subject: '开标提醒 {no}', body: '招标 {no} 将于 {deadline} 开标。' + FOOT },
  }),
  'approval.waiting': def({
    category: 'approval',
    label: '待您审批',
    permission: 'purchase:manage',
    vars: ['title'],
    sms: '您有一项待审批：{title}，请及时处理。',
    wechat: { first: '您有一项待审批', keyword1: '{title}', remark: '请及时处理' },
    email: { subject: '待您审批：{title}', body: '您有一项待审批：{title}，请及时处理。' + FOOT },
  }),
} as const satisfies Record<string, NoticeEventDef>;

export type NoticeEventKey = keyof typeof NOTICE_EVENTS;
export const NOTICE_EVENT_KEYS = Object.keys(NOTICE_EVENTS) as NoticeEventKey[];
export const noticeEvent = (key: NoticeEventKey): NoticeEventDef => NOTICE_EVENTS[key];

/**
 * The supplier-side order events (docs/product/notifications.md#recipients): who of a supplier receives them may be
 * chosen by its company administrator (订单消息接收人); without a choice, the event's permission decides.
 * `order.cancelSoon` is one of them when it goes to a supplier (an order waiting for its confirmation).
 */
export const SUPPLIER_ORDER_EVENTS: readonly NoticeEventKey[] = [
  'order.created',
  'order.paymentSubmitted',
  'order.paidOnline',
  'order.cancelSoon',
  'order.received',
  'rma.requested',
];

/** Fills {var} placeholders; a placeholder without a value is an error (a template never goes out half-filled). */
export function fillTemplate(text: string, vars: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = vars[name];
    if (v === undefined) throw new Error(`notice template variable ${name} missing`);
    return v;
  });
}

export interface RenderedNotice {
  sms: string;
  wechat: Record<string, string>;
  email: { subject: string; body: string };
}

/** Every channel's text of an event with its variables. */
export function renderNotice(key: NoticeEventKey, vars: Readonly<Record<string, string>>): RenderedNotice {
  const e: NoticeEventDef = NOTICE_EVENTS[key];
  return {
    sms: SMS_SIGN + fillTemplate(e.sms, vars),
    wechat: Object.fromEntries(Object.entries(e.wechat).map(([k, v]) => [k, fillTemplate(v, vars)])),
    email: { subject: `${SMS_SIGN}${fillTemplate(e.email.subject, vars)}`, body: fillTemplate(e.email.body, vars) },
  };
}

/** Whether a user's choices (`category.channel` → on) put this category on this channel. */
export function channelChosen(
  choices: Readonly<Record<string, boolean>>,
  category: NoticeCategory,
  channel: NoticeChannel,
): boolean {
  return choices[`${category}.${channel}`] ?? NOTICE_DEFAULTS[category].includes(channel);
}

/**
 * Whether a China-time minute of the day (0–1439) falls in quiet hours from `start` to `end` (minutes; a span
 * across midnight when start > end, e.g. 22:00–08:00).
 */
export function inQuietMinutes(minute: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** 'HH:mm' → minutes of the day. */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When an SMS due at `now` may go out under quiet hours `start`–`end` ('HH:mm', China time): `now` outside
 * them, else the end of the quiet hours (deferred, never dropped).
 */
export function afterQuietHours(now: Date, start: string, end: string): Date {
  const minute = minutesOf(formatChina(now, 'HH:mm'));
  const s = minutesOf(start);
  const e = minutesOf(end);
  if (!inQuietMinutes(minute, s, e)) return now;
  const today = chinaDay(now);
  const day = minute < e ? today : addDays(today, 1);
  return parseChinaDateTime(`${day} ${end}:00`);
}
