import { z } from 'zod';
import { recordId } from '../envelope.ts';
import { moneyInput } from '../money.ts';

/**
 * Transfers that can be made and matched, and the printable papers of an order (issue 30, decision
 * docs/decisions/0198-transfer-payee-and-order-papers.md). Money on the wire is yuan with two decimals.
 */

const idQuery = z.object({
  id: z.coerce.number('编号格式不正确').int('编号格式不正确').positive('编号格式不正确').max(2_147_483_647, '编号格式不正确'),
});

/** Where a transfer goes: the payee's verified settlement account and the note (附言) to write on it. */
export const transferPayee = z.object({
  payeeCompanyName: z.string(),
  /** False when the payee has no verified account: transfers cannot be made, `reason` says why. */
  available: z.boolean(),
  reason: z.string().nullable(),
  account: z
    .object({ accountName: z.string(), bankName: z.string(), branchName: z.string(), accountNo: z.string() })
    .nullable(),
  /** The transfer note carrying the order or recharge number: the supplier matches the transfer by it. */
  note: z.string(),
  /** The amount to transfer (the order's unpaid total); null for a recharge (the purchaser chooses it). */
  amount: z.string().nullable(),
});
export type TransferPayee = z.infer<typeof transferPayee>;

export const orderPayeeQuery = idQuery;
export const creditPayeeQuery = idQuery;

/** The supplier checks an incoming transfer against the order: amount and note as the bank statement shows them. */
export const transferMatchInput = z.object({
  orderId: recordId,
  amount: moneyInput('到账金额', { max: 100_000_000, positive: true }),
  note: z.string().trim().max(140, '附言不超过140个字').default(''),
});
export type TransferMatchInput = z.input<typeof transferMatchInput>;

/** The note as banks print it back: spaces, dashes and full-width forms vary; case does not matter. */
const normalNote = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[\s\-_:：,，.。#]/g, '')
    .toUpperCase();

/** Whether a transfer's note (附言) carries the order number (found anywhere in it, as banks prefix their own text). */
export const noteCarriesOrderNo = (note: string, orderNo: string) => normalNote(note).includes(normalNote(orderNo));

export const TRANSFER_MATCH_KINDS = ['exact', 'short', 'excess'] as const;
export const transferMatch = z.object({
  expected: z.string(),
  received: z.string(),
  /** received − expected: negative when short (the remainder stays payable), positive when over. */
  difference: z.string(),
  kind: z.enum(TRANSFER_MATCH_KINDS),
  noteMatches: z.boolean(),
  expectedNote: z.string(),
  /** What the supplier is told, in Chinese. */
  message: z.string(),
});
export type TransferMatch = z.infer<typeof transferMatch>;

/** The printable papers of an order. */
export const ORDER_PAPER_KINDS = ['order', 'delivery', 'receiving'] as const;
export type OrderPaperKind = (typeof ORDER_PAPER_KINDS)[number];
export const orderPaperQuery = z.object({
  id: idQuery.shape.id,
  kind: z.enum(ORDER_PAPER_KINDS, '单据类型不正确'),
  /** The shipment of a delivery note (发货单); absent: the first shipment. */
  shipmentId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number('编号格式不正确').int('编号格式不正确').positive('编号格式不正确').max(2_147_483_647, '编号格式不正确').optional(),
  ),
});
export type OrderPaperQuery = z.input<typeof orderPaperQuery>;
