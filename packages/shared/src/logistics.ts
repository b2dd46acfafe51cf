/**
 * The carriers a shipment can be tracked with (docs/product/orders.md#parcel-tracking): 快递100 company codes
 * (`com`), the Chinese name shown and written on the shipment, and the shape of a tracking number, checked before
 * a shipment is accepted so a typo is caught while the supplier still has the parcel in hand. The patterns are
 * deliberately loose (the carriers change their number ranges); they catch wrong carriers and typing errors.
 */
export interface Carrier {
  /** 快递100 company code. */
  code: string;
  name: string;
  /** Tracking number shape (upper-cased before the test). */
  pattern: RegExp;
  /** The shape in words, for the refusal. */
  hint: string;
}

export const CARRIERS = [
  { code: 'shunfeng', name: '顺丰速运', pattern: /^SF\d{12,13}$/, hint: 'SF 加 12～13 位数字' },
  { code: 'zhongtong', name: '中通快递', pattern: /^\d{12,15}$/, hint: '12～15 位数字' },
  { code: 'yuantong', name: '圆通速递', pattern: /^YT\d{13}$/, hint: 'YT 加 13 位数字' },
  { code: 'yunda', name: '韵达快递', pattern: /^\d{13,15}$/, hint: '13～15 位数字' },
  { code: 'shentong', name: '申通快递', pattern: /^\d{12,15}$/, hint: '12～15 位数字' },
  { code: 'jtexpress', name: '极兔速递', pattern: /^JT\d{13}$/, hint: 'JT 加 13 位数字' },
  { code: 'jd', name: '京东物流', pattern: /^JD[A-Z0-9]{11,15}$/, hint: 'JD 加 11～15 位字母或数字' },
  { code: 'ems', name: 'EMS', pattern: /^([A-Z]{2}\d{9}[A-Z]{2}|\d{13})$/, hint: '13 位数字，或 2 字母 + 9 位数字 + 2 字母' },
  { code: 'youzhengguonei', name: '邮政快递包裹', pattern: /^(\d{13}|[A-Z]{2}\d{9}CN)$/, hint: '13 位数字，或 2 字母 + 9 位数字 + CN' },
  { code: 'debangwuliu', name: '德邦物流', pattern: /^(DPK\d{12}|\d{8,10})$/, hint: 'DPK 加 12 位数字，或 8～10 位数字' },
] as const satisfies readonly Carrier[];

export type CarrierCode = (typeof CARRIERS)[number]['code'];
export const CARRIER_CODES = CARRIERS.map((c) => c.code) as [CarrierCode, ...CarrierCode[]];

export function carrierOf(code: string | null | undefined): Carrier | undefined {
  return CARRIERS.find((c) => c.code === code);
}

/** The Chinese refusal for a tracking number that does not fit its carrier, or null when it fits. */
export function trackingNoProblem(code: string, trackingNo: string): string | null {
  const c = carrierOf(code);
  if (!c) return '请选择物流公司';
  return c.pattern.test(trackingNo.trim().toUpperCase()) ? null : `${c.name}运单号格式不正确（应为${c.hint}）`;
}

/**
 * 快递100's parcel states (`state` of a push or query answer) with their Chinese labels: 0 在途, 1 揽收, 2 疑难,
 * 3 签收, 4 退签, 5 派件, 6 退回, 7 转投, 8 清关, 14 拒签.
 */
export const PARCEL_STATES: Readonly<Record<number, string>> = {
  0: '在途',
  1: '揽收',
  2: '疑难',
  3: '已签收',
  4: '退签',
  5: '派件中',
  6: '退回',
  7: '转投',
  8: '清关',
  14: '拒签',
};
export const PARCEL_DELIVERED = 3;
