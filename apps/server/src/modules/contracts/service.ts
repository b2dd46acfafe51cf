import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ContractStatus,
  CreditAccountStatus,
  OrderStatus,
  SMS_RESEND_S,
  Side,
  contractAfterSign,
  contractMachine,
  formatChinaDate,
  maskPhone,
  toChineseCapital,
  toFen,
  toYuan,
  type ContractDetail,
  type ContractText,
  type ContractSettings,
  type ContractStatusValue,
  type OrderContract,
  type z,
  type contractSettingsInput,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import {
  companies,
  contractSettings,
  creditAccounts,
  enquiries,
  orderContracts,
  orders,
  users,
  type OrderContractRow,
  type OrderRow,
} from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { partnersOf } from '../../lib/partners/index.ts';
import { requireSms } from '../../lib/providers/availability.ts';
import { historyOf, recordHistory, transition, type TransitionActor } from '../../lib/transition.ts';
import { loadPermissions } from '../access/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { CODE_TTL_MIN, checkCode, issueCode } from '../codes/index.ts';
import { PRIVATE_PREFIX } from '../files/index.ts';
import { notify } from '../notifications/index.ts';
import { orderLink, sideOf, type ViewerSide } from '../orders/index.ts';
import { orderDetail } from '../orders/index.ts';
import { orderPayeeAccount } from '../orders/index.ts';
import { paperOf, renderPaperWithFields, type Paper } from '../trade-papers/index.ts';
import { contractClauses } from './clauses.ts';
import { contractOfOrder, contractRequirement } from './gate.ts';
import { fail } from './messages.ts';

/**
 * Order contracts (docs/decisions/0208-order-contracts.md, docs/product/contracts.md): generated from an order with
 * the trade-papers renderer and the clause catalogue, signed by each party through the e-signature partner after
 * an SMS code to the signer's own phone (意愿认证), downloadable by the two parties only.
 */

export const CONTRACT_DOC = 'contract';
const SIDE_OF: Record<ViewerSide, 0 | 1> = { buyer: 0, seller: 1 };

/** The contract with the caller's side; 合同记录不存在 for a third company (as for a missing one). */
async function ownContract(db: Db, caller: Caller, id: number, lock = false) {
  const q = db.select().from(orderContracts).where(eq(orderContracts.id, id));
  const [row] = lock ? await q.for('update') : await q;
  const side = row ? sideOf(row, caller.companyId) : null;
  if (!row || !side) throw fail('CONTRACT_NOT_FOUND');
  return { row, side };
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');

async function detailOf(db: Db, caller: Caller, row: OrderContractRow, side: ViewerSide): Promise<ContractDetail> {
  const [order] = await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, row.orderId));
  const [buyer] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, row.buyerCompanyId));
  const [seller] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, row.sellerCompanyId));
  const perms = await loadPermissions(db, caller);
  const history = await historyOf(db, CONTRACT_DOC, row.id);
  const sig = (name: string, phone: string, at: Date | null, ref: string) =>
    at ? { signerName: name, phone: maskPhone(phone), signedAt: at.toISOString(), ref } : null;
  return {
    id: row.id,
    contractNo: row.contractNo,
    orderId: row.orderId,
    orderNo: order?.orderNo ?? '',
    status: row.status,
    buyerCompanyName: buyer?.name ?? '',
    sellerCompanyName: seller?.name ?? '',
    amount: row.amount,
    amountCapital: toChineseCapital(toFen(row.amount)),
    source: row.source,
    buyerSignature: sig(row.buyerSignerName, row.buyerSignerPhone, row.buyerSignedAt, row.buyerSealRef),
    sellerSignature: sig(row.sellerSignerName, row.sellerSignerPhone, row.sellerSignedAt, row.sellerSealRef),
    voidReason: row.voidReason,
    createdAt: row.createdAt.toISOString(),
    text: row.content,
    side,
    actions: contractMachine.available(row.status, { side, permissions: perms }),
    history: history.map((h) => ({
      action: contractMachine.historyLabel(h.action),
      userName: h.userName,
      side: h.side,
      note: h.note,
      createdAt: iso(h.createdAt),
    })),
  };
}

/** The status line of an order's contract, the same on both sides. */
export function contractStatusLine(required: boolean, status: number | null): string {
  if (status === ContractStatus.SIGNED) return '合同已签署';
  if (status === ContractStatus.BUYER_SIGNED) return '待签署合同（甲方已签，待乙方签署）';
  if (status === ContractStatus.SELLER_SIGNED) return '待签署合同（乙方已签，待甲方签署）';
  if (status === ContractStatus.PENDING) return '待签署合同（双方均未签署）';
  return required ? '待生成并签署采购合同' : '';
}

const closed = (o: Pick<OrderRow, 'status'>) => o.status === OrderStatus.CANCELLED || o.status === OrderStatus.COMPLETED;

/** The contract state of an order for its detail page: same access as the order detail (the two parties only). */
export async function orderContractState(app: FastifyInstance, caller: Caller, orderId: number): Promise<OrderContract> {
  await orderDetail(app.db, caller, orderId, undefined, app.config.orderRules);
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  const side = sideOf(order!, caller.companyId)!;
  const req = await contractRequirement(app.db, order!);
  const c = await contractOfOrder(app.db, orderId);
  const live = c && c.status !== ContractStatus.VOIDED ? c : null;
  const perms = await loadPermissions(app.db, caller);
  const mayAct = perms.has(side === 'buyer' ? 'purchase:manage' : 'order:ship');
  return {
    required: req.required,
    requiredReason: req.reason,
    canCreate: !live && !closed(order!) && mayAct,
    contract: c ? await detailOf(app.db, caller, c, side) : null,
    statusLine: contractStatusLine(req.required, live?.status ?? null),
  };
}

/** What the contract says: the order paper's parties, lines and sums, with the clause catalogue and seal boxes. */
async function contractPaper(app: FastifyInstance, caller: Caller, order: OrderRow, contractNo: string, source: string): Promise<Paper> {
  const d = await orderDetail(app.db, caller, order.id, undefined, app.config.orderRules);
  const base = paperOf(d, 'order');
  const payee = await orderPayeeAccount(app.db, order);
  const [credit] = await app.db
    .select({ id: creditAccounts.id })
    .from(creditAccounts)
    .where(and(eq(creditAccounts.buyerCompanyId, order.buyerCompanyId), eq(creditAccounts.sellerCompanyId, order.sellerCompanyId), eq(creditAccounts.status, CreditAccountStatus.ACTIVE)));
  const [buyer] = await app.db.select({ creditCode: companies.creditCode }).from(companies).where(eq(companies.id, order.buyerCompanyId));
  const [seller] = await app.db.select({ creditCode: companies.creditCode }).from(companies).where(eq(companies.id, order.sellerCompanyId));
  const place = `${d.address.areaName}${d.address.detail}（收货人 ${d.address.receiver} ${d.address.phone}）`;
  return {
    ...base,
    title: '采购合同',
    fileName: `采购合同-${contractNo}.pdf`,
    facts: [
      ['合同编号', contractNo],
      ['订单编号', d.orderNo],
      ['合同来源', source],
      ['生成日期', formatChinaDate(new Date())],
      ['甲方（需方）', `${d.buyerCompanyName}${buyer?.creditCode ? `（统一社会信用代码 ${buyer.creditCode}）` : ''}`],
      ['乙方（供方）', `${d.sellerCompanyName}${seller?.creditCode ? `（统一社会信用代码 ${seller.creditCode}）` : ''}`],
      ['交货地点', place],
    ],
    clauses: contractClauses({
      deliveryPlace: place,
      payeeAccount: payee && !payee.disabled ? `${payee.accountName} ${payee.bankName}${payee.branchName} ${payee.accountNo}` : null,
      onCredit: !!credit,
    }),
    remarks: base.remarks,
    signers: ['甲方（需方）盖章', '乙方（供方）盖章'],
    footer: `本合同由 AquaMall 平台依订单 ${d.orderNo} 生成，经双方电子签署后生效`,
  };
}

/** The paper as the page shows it (amounts as yuan strings). */
const textOf = (p: Paper): ContractText => {
  const total = p.sums[p.sums.length - 1]![1];
  return {
    title: p.title,
    facts: p.facts,
    lines: p.lines.map((l) => ({ name: l.name, spec: l.spec, unit: l.unit, quantity: l.quantity, unitPrice: l.unitPrice, amount: toYuan(l.amountFen) })),
    sums: p.sums.map(([label, fen]) => [label, toYuan(fen)] as [string, string]),
    capital: `人民币${toChineseCapital(total)}`,
    remarks: p.remarks,
    clauses: p.clauses ?? [],
  };
};

const actorFor = async (db: Db, caller: Caller, side: ViewerSide): Promise<TransitionActor> => ({
  side: side === 'buyer' ? Side.BUYER : Side.SELLER,
  userId: caller.userId,
  userName: await callerName(db, caller.userId),
});

/**
 * Generates the order's contract (待签署): the PDF is rendered, a signing flow opened with the partner for both
 * companies, the file stored privately; then one transaction inserts the row (the partial unique index keeps one
 * live contract per order under parallel requests), its history and a message to the other party.
 */
export async function createContract(app: FastifyInstance, caller: Caller, orderId: number, source = '订单'): Promise<ContractDetail> {
  await orderDetail(app.db, caller, orderId, undefined, app.config.orderRules);
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  const side = sideOf(order!, caller.companyId)!;
  if (closed(order!)) throw fail('CONTRACT_ORDER_CLOSED');
  const perms = await loadPermissions(app.db, caller);
  if (!perms.has(side === 'buyer' ? 'purchase:manage' : 'order:ship')) throw fail('CONTRACT_NO_PERMISSION');
  const existing = await contractOfOrder(app.db, orderId);
  if (existing && existing.status !== ContractStatus.VOIDED) throw fail('CONTRACT_EXISTS');
  let src = source;
  if (order!.enquiryId !== null && source === '订单') {
    const [e] = await app.db.select({ code: enquiries.code }).from(enquiries).where(eq(enquiries.id, order!.enquiryId));
    if (e) src = `询价单 ${e.code} 授标`;
  }
  // The number is fixed before the text is rendered: the order number's day and a per-order sequence.
  const count = (await app.db.select({ id: orderContracts.id }).from(orderContracts).where(eq(orderContracts.orderId, orderId))).length;
  const contractNo = `HT${order!.orderNo}${String(count + 1).padStart(2, '0')}`.slice(0, 32);
  const paper = await contractPaper(app, caller, order!, contractNo, src);
  const { pdf, fields } = await renderPaperWithFields(paper);
  const esign = partnersOf(app).esign;
  const [buyerCo] = await app.db.select().from(companies).where(eq(companies.id, order!.buyerCompanyId));
  const [sellerCo] = await app.db.select().from(companies).where(eq(companies.id, order!.sellerCompanyId));
  const flow = await esign.openFlow({
    title: `采购合同 ${contractNo}`,
    pdf,
    signers: [buyerCo!, sellerCo!].map((c) => ({ companyName: c.name, creditCode: c.creditCode ?? '', name: '', phone: '' })),
  });
  const key = `${PRIVATE_PREFIX}order-contracts/${order!.id}/${flow.flowRef}.pdf`;
  await app.storage.put(key, pdf, 'application/pdf');
  const actor = await actorFor(app.db, caller, side);
  const row = await inTransaction(app.db, async (tx) => {
    const [r] = await tx
      .insert(orderContracts)
      .values({
        contractNo,
        orderId,
        buyerCompanyId: order!.buyerCompanyId,
        sellerCompanyId: order!.sellerCompanyId,
        status: ContractStatus.PENDING,
        amount: order!.totalAmount,
        source: src,
        fileKey: key,
        flowRef: flow.flowRef,
        sealFields: fields,
        content: textOf(paper),
        createdBy: caller.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!r) throw fail('CONTRACT_EXISTS');
    await recordHistory(tx, { docType: CONTRACT_DOC, docId: r.id, action: 'create', fromStatus: null, toStatus: ContractStatus.PENDING, actor, note: src });
    const other = side === 'buyer' ? order!.sellerCompanyId : order!.buyerCompanyId;
    await notify(tx, other, {
      type: 'order',
      title: `采购合同待签署：${contractNo}`,
      content: `订单 ${order!.orderNo} 已生成采购合同（¥${order!.totalAmount}），请在订单详情中查看并签署。`,
      linkPath: orderLink(order!, side === 'buyer' ? 'seller' : 'buyer'),
    });
    return r;
  });
  return detailOf(app.db, caller, row, side);
}

/** The phone code target of a signature: the signer's phone and the contract (a code signs that contract only). */
const codeTarget = (phone: string, id: number) => `${phone}#HT${id}`;

/** Refuses a signature the table does not admit for the caller (state, side, permission) before anything is sent. */
async function guardSign(db: Db, caller: Caller, row: OrderContractRow, side: ViewerSide) {
  const perms = await loadPermissions(db, caller);
  if (!contractMachine.allows('sign', { side, permissions: perms })) throw fail('CONTRACT_NO_PERMISSION');
  const refusal = contractMachine.refusal('sign', row.status, undefined, side);
  if (refusal) throw conflict(refusal);
}

async function signerOf(db: Db, caller: Caller) {
  const [u] = await db.select({ phone: users.phone, realName: users.realName, nickName: users.nickName }).from(users).where(eq(users.id, caller.userId));
  if (!u?.phone) throw fail('CONTRACT_NO_PHONE');
  return { phone: u.phone, name: u.realName || u.nickName || u.phone };
}

/** Sends the will-confirmation code (意愿认证) to the signer's own phone on file, never to a number the client names. */
export async function sendSignCode(app: FastifyInstance, caller: Caller, id: number, ip: string) {
  const { row, side } = await ownContract(app.db, caller, id);
  await guardSign(app.db, caller, row, side);
  const signer = await signerOf(app.db, caller);
  const sms = requireSms(app);
  const code = await issueCode(app.db, { channel: 'sms', target: codeTarget(signer.phone, row.id), purpose: 'sign', ip });
  await sms.sendCode(signer.phone, code, CODE_TTL_MIN);
  return { resendSeconds: SMS_RESEND_S, phone: maskPhone(signer.phone) };
}

/**
 * The caller's side signs: the code is checked (single use, 5 minutes, 5 tries), the partner seals the current PDF
 * in the side's box, then one transaction on the locked row checks that nobody signed or voided meanwhile (the
 * seal was made on the PDF as read), stores the sealed PDF as the current one and moves the table.
 */
export async function signContract(app: FastifyInstance, caller: Caller, input: { id: number; code: string }): Promise<ContractDetail> {
  const { row, side } = await ownContract(app.db, caller, input.id);
  await guardSign(app.db, caller, row, side);
  const signer = await signerOf(app.db, caller);
  const okCode = await checkCode(app.db, { channel: 'sms', target: codeTarget(signer.phone, row.id), purpose: 'sign', code: input.code });
  if (!okCode) throw fail('CONTRACT_CODE_WRONG');
  const confirmedAt = new Date();
  const current = await app.storage.get(row.fileKey);
  if (!current) throw fail('CONTRACT_FILE_GONE');
  const [co] = await app.db.select().from(companies).where(eq(companies.id, caller.companyId));
  const sealed = await partnersOf(app).esign.seal({
    flowRef: row.flowRef,
    pdf: current,
    signer: { companyName: co!.name, creditCode: co!.creditCode ?? '', name: signer.name, phone: signer.phone },
    field: row.sealFields[SIDE_OF[side]]!,
    willingness: { method: 'sms', phone: signer.phone, confirmedAt },
  });
  const key = `${PRIVATE_PREFIX}order-contracts/${row.orderId}/${sealed.ref}.pdf`;
  await app.storage.put(key, sealed.pdf, 'application/pdf');
  const actor = await actorFor(app.db, caller, side);
  const after = await inTransaction(app.db, async (tx) => {
    const { row: locked } = await ownContract(tx, caller, row.id, true);
    if (locked.status !== row.status) throw fail('CONTRACT_CHANGED');
    const to = contractAfterSign(locked.status as ContractStatusValue, side);
    const signerCols =
      side === 'buyer'
        ? { buyerSignerId: caller.userId, buyerSignerName: signer.name.slice(0, 60), buyerSignerPhone: signer.phone, buyerSignedAt: sealed.sealedAt, buyerSealRef: sealed.ref }
        : { sellerSignerId: caller.userId, sellerSignerName: signer.name.slice(0, 60), sellerSignerPhone: signer.phone, sellerSignedAt: sealed.sealedAt, sellerSealRef: sealed.ref };
    await transition(tx, {
      machine: contractMachine,
      action: 'sign',
      docType: CONTRACT_DOC,
      docId: locked.id,
      from: locked.status,
      actor,
      to,
      note: `短信验证 ${maskPhone(signer.phone)}，签章 ${sealed.ref}`,
      apply: async () => {
        await tx.update(orderContracts).set({ ...signerCols, status: to, fileKey: key, updatedAt: new Date() }).where(eq(orderContracts.id, locked.id));
      },
    });
    const [order] = await tx.select().from(orders).where(eq(orders.id, locked.orderId));
    const other = side === 'buyer' ? locked.sellerCompanyId : locked.buyerCompanyId;
    await notify(tx, other, {
      type: 'order',
      title: to === ContractStatus.SIGNED ? `采购合同已签署：${locked.contractNo}` : `对方已签署采购合同：${locked.contractNo}`,
      content: to === ContractStatus.SIGNED ? `订单 ${order!.orderNo} 的采购合同已由双方签署，可在订单详情下载。` : `订单 ${order!.orderNo} 的采购合同已由${side === 'buyer' ? '甲方' : '乙方'}签署，请及时签署。`,
      linkPath: orderLink(order!, side === 'buyer' ? 'seller' : 'buyer'),
    });
    const [r] = await tx.select().from(orderContracts).where(eq(orderContracts.id, locked.id));
    return r!;
  });
  return detailOf(app.db, caller, after, side);
}

/** Either party voids a contract not signed by both (the table's refusal otherwise), with a reason. */
export async function voidContract(app: FastifyInstance, caller: Caller, input: { id: number; reason: string }): Promise<null> {
  const perms = await loadPermissions(app.db, caller);
  await inTransaction(app.db, async (tx) => {
    const { row, side } = await ownContract(tx, caller, input.id, true);
    if (!contractMachine.allows('void', { side, permissions: perms })) throw fail('CONTRACT_NO_PERMISSION');
    await transition(tx, {
      machine: contractMachine,
      action: 'void',
      docType: CONTRACT_DOC,
      docId: row.id,
      from: row.status,
      actor: await actorFor(tx, caller, side),
      note: input.reason,
      apply: async (to) => {
        await tx.update(orderContracts).set({ status: to, voidReason: input.reason, updatedAt: new Date() }).where(eq(orderContracts.id, row.id));
      },
    });
  });
  return null;
}

/** The current PDF of a contract (generated, partly or fully sealed) for the two parties only. */
export async function contractPdf(app: FastifyInstance, caller: Caller, id: number): Promise<{ pdf: Buffer; fileName: string }> {
  const { row } = await ownContract(app.db, caller, id);
  const pdf = await app.storage.get(row.fileKey);
  if (!pdf) throw fail('CONTRACT_FILE_GONE');
  const suffix = row.status === ContractStatus.SIGNED ? '-已签署' : row.status === ContractStatus.VOIDED ? '-已作废' : '';
  return { pdf, fileName: `采购合同-${row.contractNo}${suffix}.pdf` };
}

/**
 * After an RFQ award has committed: one contract per awarded order (issue 30). A failure (e.g. no e-signature
 * partner configured) is logged and leaves the order without one: either party may generate it later.
 */
export async function contractsForAward(app: FastifyInstance, caller: Caller, orderIds: number[]): Promise<void> {
  for (const id of orderIds) {
    try {
      await createContract(app, caller, id);
    } catch (err) {
      app.log.warn({ err, orderId: id }, 'contract for an awarded order not generated');
    }
  }
}

export async function getContractSettings(db: Db, caller: Caller): Promise<ContractSettings> {
  const [s] = await db.select().from(contractSettings).where(eq(contractSettings.companyId, caller.companyId));
  return { required: s?.required ?? false, threshold: s?.threshold ?? null };
}

export async function saveContractSettings(db: Db, caller: Caller, input: z.output<typeof contractSettingsInput>): Promise<ContractSettings> {
  const values = { required: input.required, threshold: input.threshold === null ? null : String(input.threshold), updatedAt: new Date() };
  await db
    .insert(contractSettings)
    .values({ companyId: caller.companyId, ...values })
    .onConflictDoUpdate({ target: contractSettings.companyId, set: values });
  return getContractSettings(db, caller);
}
