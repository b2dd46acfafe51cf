import { z } from 'zod';
import { documentHistoryView } from './history.ts';
import { versionChange } from './version-changes.ts';
import { moneyInput } from '../money.ts';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';
import { ShopType } from '../enums.ts';

/**
 * Tenders with sealed bids (issue 15, decision 0140): the purchaser drafts and publishes a tender of several
 * lots; qualified (or invited) suppliers register and bid a unit price per lot until the deadline; nobody but
 * a bid's author reads its content before the opening. Money in yuan with two decimals.
 */

export const TENDER_MONEY_MAX = 9_999_999_999;
export const TENDER_LOTS_MAX = 50;
export const TENDER_DOCS_MAX = 10;

const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`);
const required = (label: string, max: number) =>
  z.string(`请输入${label}`).trim().min(1, `请输入${label}`).max(max, `${label}最多${max}个字`);
const money = (label: string) => moneyInput(label, { max: TENDER_MONEY_MAX });
const instant = (label: string) =>
  z
    .string(`请选择${label}`)
    .min(1, `请选择${label}`)
    .refine((v) => !Number.isNaN(Date.parse(v)), `${label}格式不正确`);

/** A document: an uploaded PDF of the caller's company (files module). */
export const tenderDocument = z.object({
  name: required('文件名', 100),
  path: z.string().trim().min(1, '请上传文件').max(300),
});
export type TenderDocument = z.infer<typeof tenderDocument>;

export const tenderLotInput = z.object({
  /** An existing lot (amending); absent: a new lot. */
  id: recordId.optional(),
  name: required('标段名称', 120),
  spec: text('规格要求', 200).default(''),
  quantity: z.number('请输入数量').int('数量必须是整数').min(1, '数量至少为1').max(99_999_999, '数量过大'),
  unit: required('单位', 10),
  budget: money('标段预算').nullable().default(null),
});

export const tenderSaveInput = z
  .object({
    /** Absent: a new draft. A published tender before its deadline is amended (bids go to 待确认). */
    id: recordId.optional(),
    title: required('招标标题', 150),
    category: text('品类', 50).default(''),
    budget: money('预算').nullable().default(null),
    budgetShown: z.boolean().default(true),
    areaName: text('项目地区', 100).default(''),
    content: text('招标说明', 20_000).default(''),
    contactName: text('联系人', 50).default(''),
    contactPhone: text('联系电话', 20).default(''),
    lots: z.array(tenderLotInput).min(1, '请至少添加一个标段').max(TENDER_LOTS_MAX, `最多${TENDER_LOTS_MAX}个标段`),
    documents: z.array(tenderDocument).max(TENDER_DOCS_MAX, `最多上传${TENDER_DOCS_MAX}个文件`).default([]),
    minMemberLevel: z.number().int().min(0, '会员等级不正确').max(3, '会员等级不正确').default(0),
    certRequired: z.boolean().default(false),
    shopTypes: z
      .array(z.number().int().refine((v) => (Object.values(ShopType) as number[]).includes(v), '店铺类型不正确'))
      .max(3)
      .default([]),
    invitedOnly: z.boolean().default(false),
    invitedCompanyIds: z.array(recordId).max(200, '邀请的供应商过多').default([]),
    deadline: instant('投标截止时间'),
    openAt: instant('开标时间'),
    priceWeight: z.number().int().min(0, '权重为0–100').max(100, '权重为0–100').default(60),
  })
  .superRefine((a, ctx) => {
    if (Date.parse(a.openAt) < Date.parse(a.deadline))
      ctx.addIssue({ code: 'custom', message: '开标时间不能早于投标截止时间', path: ['openAt'] });
    if (a.invitedOnly && !a.invitedCompanyIds.length)
      ctx.addIssue({ code: 'custom', message: '邀请招标请至少邀请一家供应商', path: ['invitedCompanyIds'] });
  });
export type TenderSaveInput = z.input<typeof tenderSaveInput>;

export const tenderIdInput = z.object({ id: recordId });
/**
 * Reconfirming a bid after an amendment names the amendment the supplier read (the tender's `amendedAt`), so a
 * confirmation sent while a newer amendment lands confirms nothing (decision 0160).
 */
export const tenderReconfirmInput = z.object({ id: recordId, amendedAt: instant('变更时间') });
/**
 * The platform's sealed-bid windows in days (decision 0160): a published tender's shortest bidding window, and the
 * time left to the deadline after a change of its documents (the deadline is moved later to keep it).
 */
export const tenderRules = z.object({ minBidDays: z.number(), minChangeDays: z.number() });
export type TenderRules = z.infer<typeof tenderRules>;

/** The earliest deadline a tender published at `now` may have: `minBidDays` later, rounded up to the minute. */
export function earliestTenderDeadline(rules: TenderRules, now: Date): Date {
  return new Date(Math.ceil((now.getTime() + rules.minBidDays * 86_400_000) / 60_000) * 60_000);
}

/**
 * Why a tender's deadline breaks the sealed-bid windows (decision 0160), or null. Publishing (`published` null):
 * at least `minBidDays` ahead. Amending (`published`: the deadline now in force): never earlier than that.
 * `show` formats a time for the message (Beijing time to the minute). The server and the editor share it.
 */
export function tenderDeadlineProblem(deadline: Date, rules: TenderRules, now: Date, published: Date | null, show: (d: Date) => string): string | null {
  if (published) return deadline.getTime() < published.getTime() ? '投标截止时间只能延后，不能提前' : null;
  const earliest = earliestTenderDeadline(rules, now);
  if (deadline.getTime() >= now.getTime() + rules.minBidDays * 86_400_000 && deadline.getTime() > now.getTime()) return null;
  return `投标截止时间距发布不得少于${tenderWindowText(rules.minBidDays)}，最早可设为 ${show(earliest)}`;
}

/** A window in days as the messages say it: 20天, 12小时 or 5分钟 (demo settings may be fractions of a day). */
export function tenderWindowText(days: number): string {
  if (Number.isInteger(days)) return `${days}天`;
  const hours = days * 24;
  return Number.isInteger(hours) ? `${hours}小时` : `${Math.ceil(days * 1440)}分钟`;
}
export const tenderIdQuery = z.object({ id: z.coerce.number('编号格式不正确').int().positive().max(2_147_483_647) });

/** The purchaser's list (bid/bidindex): by status tab and keyword. */
export const tenderListQuery = pageQuery.extend({
  status: z.number().int().min(0).max(6).optional(),
  keyword: text('关键词', 50).optional(),
});
/** The supplier's list (bid/bidingIndex): 0 my tenders (registered or bid), 1 open tenders I qualify for. */
export const supplierTenderListQuery = pageQuery.extend({
  scope: z.number().int().min(0).max(1).default(0),
  keyword: text('关键词', 50).optional(),
});

export const tenderRow = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  category: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  purchaserName: z.string(),
  budget: z.string().nullable(),
  deadline: wireTimestamp.nullable(),
  openAt: wireTimestamp.nullable(),
  invitedOnly: z.boolean(),
  lotCount: z.number().int(),
  /** Bids submitted (a count only: contents are sealed). */
  bidCount: z.number().int(),
  /** The supplier's own bid status (TenderBidStatus) on the supplier list; null elsewhere. */
  myBidStatus: z.number().int().nullable(),
  publishedAt: wireTimestamp.nullable(),
});
export type TenderRow = z.infer<typeof tenderRow>;

export const tenderLot = z.object({
  id: z.number().int(),
  name: z.string(),
  spec: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  budget: z.string().nullable(),
  status: z.number().int(),
  statusName: z.string(),
  /** Valid bids on the lot (a count), known once the tender closed; null before. */
  bidCount: z.number().int().nullable(),
  winnerBidId: z.number().int().nullable(),
  winnerName: z.string().nullable(),
  winAmount: z.string().nullable(),
  orderId: z.number().int().nullable(),
  /**
   * The purchaser only: the award of this lot waiting for approval as this purchase request (定标需审批), null
   * when none waits (docs/product/approvals.md#awards).
   */
  purchaseRequest: z.object({ id: z.number().int(), requestNo: z.string() }).nullable(),
});

export const tenderQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string().nullable(),
  answeredAt: wireTimestamp.nullable(),
  createdAt: wireTimestamp,
  /** The asker is shown only to the purchaser and to the asker itself. */
  askerName: z.string().nullable(),
  mine: z.boolean(),
});

/** A bid's content: only from sealed.ts, to its author any time and to the purchaser after the opening. */
export const tenderBidContent = z.object({
  bidId: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  version: z.number().int(),
  submittedAt: wireTimestamp.nullable(),
  prices: z.array(z.object({ lotId: z.number().int(), price: z.string(), amount: z.string() })),
  documents: z.array(z.object({ name: z.string(), path: z.string() })),
  validityDays: z.number().int(),
  remark: z.string(),
  /** The reader's own bid only: what its current version changed from the one before (decision 0185). */
  changes: z.array(versionChange),
});
export type TenderBidContent = z.infer<typeof tenderBidContent>;

export const tenderScoreRow = z.object({
  lotId: z.number().int(),
  bidId: z.number().int(),
  priceScore: z.string(),
  techScore: z.string(),
  total: z.string(),
});

export const openingEntry = z.object({
  bidId: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  submittedAt: z.string(),
  version: z.number().int(),
  prices: z.array(z.object({ lotId: z.number().int(), lotName: z.string(), price: z.string() })),
});

export const tenderDetail = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  category: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  purchaserName: z.string(),
  budget: z.string().nullable(),
  budgetShown: z.boolean(),
  areaName: z.string(),
  content: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  documents: z.array(z.object({ name: z.string(), path: z.string() })),
  minMemberLevel: z.number().int(),
  certRequired: z.boolean(),
  shopTypes: z.array(z.number().int()),
  invitedOnly: z.boolean(),
  invited: z.array(z.object({ companyId: z.number().int(), name: z.string() })),
  deadline: wireTimestamp.nullable(),
  openAt: wireTimestamp.nullable(),
  priceWeight: z.number().int(),
  techWeight: z.number().int(),
  publishedAt: wireTimestamp.nullable(),
  amendedAt: wireTimestamp.nullable(),
  openedAt: wireTimestamp.nullable(),
  publicityEndsAt: wireTimestamp.nullable(),
  resultId: z.number().int().nullable(),
  republishedFrom: z.number().int().nullable(),
  lots: z.array(tenderLot),
  questions: z.array(tenderQuestion),
  /** Registered and submitted counts (never contents before the opening). */
  registeredCount: z.number().int(),
  bidCount: z.number().int(),
  /** 0 the purchaser, 1 a supplier. */
  viewer: z.number().int(),
  /** Supplier: why it may not bid (qualification, invitation), null when it may. */
  refusal: z.string().nullable(),
  /** Supplier: its own bid's status (TenderBidStatus), null when not registered. */
  myStatus: z.number().int().nullable(),
  myBid: tenderBidContent.nullable(),
  /** Purchaser after the opening: every bid, the opening record, the scores and the objections. */
  bids: z.array(tenderBidContent),
  openingRecord: z.array(openingEntry).nullable(),
  /** The project's status changes (document_history), to its purchaser only. */
  history: z.array(documentHistoryView),
  scores: z.array(tenderScoreRow),
  objections: z.array(
    z.object({ id: z.number().int(), companyName: z.string(), reason: z.string(), reply: z.string().nullable(), createdAt: wireTimestamp, mine: z.boolean() }),
  ),
});
export type TenderDetail = z.infer<typeof tenderDetail>;

export const tenderBidInput = z
  .object({
    tenderId: recordId,
    prices: z
      .array(z.object({ lotId: recordId, price: money('报价').refine((v) => v > 0, '报价必须大于0') }))
      .min(1, '请至少为一个标段报价')
      .max(TENDER_LOTS_MAX),
    documents: z.array(tenderDocument).max(TENDER_DOCS_MAX, `最多上传${TENDER_DOCS_MAX}个文件`).default([]),
    validityDays: z.number('请输入报价有效期').int('有效期为整数天').min(1, '有效期至少1天').max(365, '有效期最多365天'),
    remark: text('备注', 500).default(''),
  })
  .superRefine((a, ctx) => {
    const ids = a.prices.map((p) => p.lotId);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: '同一标段只能报价一次', path: ['prices'] });
  });
export type TenderBidInput = z.input<typeof tenderBidInput>;

export const tenderAskInput = z.object({ tenderId: recordId, question: required('问题', 500) });
export const tenderAnswerInput = z.object({ questionId: recordId, answer: required('答复', 1000) });
export const tenderObjectInput = z.object({ tenderId: recordId, reason: required('异议理由', 1000) });
export const tenderObjectionReplyInput = z.object({ objectionId: recordId, reply: required('答复', 1000) });

const score = (label: string) =>
  z
    .number(`请输入${label}`)
    .min(0, `${label}为0–100`)
    .max(100, `${label}为0–100`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label}最多两位小数`);
export const tenderScoreInput = z.object({
  tenderId: recordId,
  scores: z
    .array(z.object({ lotId: recordId, bidId: recordId, priceScore: score('价格分'), techScore: score('技术分') }))
    .min(1, '请填写评分')
    .max(2000),
});
export const tenderAwardInput = z.object({
  tenderId: recordId,
  lotId: recordId,
  bidId: recordId,
  /** Also create an order (kind 4) for the winner at its bid price, to the purchaser's default address. */
  createOrder: z.boolean().default(false),
});
export const tenderResultInput = z.object({
  tenderId: recordId,
  title: required('公告标题', 150),
  content: text('公告内容', 20_000).default(''),
});
export const tenderRepublishInput = z.object({ tenderId: recordId, lotIds: z.array(recordId).min(1, '请选择流标的标段').max(TENDER_LOTS_MAX) });
