import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  PayChannel,
  SubMerchantStatus,
  enumLabel,
  type SubMerchantAdminRow,
  type SubMerchantDecideInput,
  type SubMerchantView,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import { companies, paySubMerchants, type payOrders } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { ALIPAY_AUTH_RETURN_PATH, type PayPartners } from '../../lib/partners/pay/index.ts';
import type { Payee } from '../../lib/partners/pay/types.ts';
import type { Caller } from '../auth/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { fail } from './messages.ts';

/**
 * The suppliers' payees with the payment partners (收款设置, decision 0216): each online payment is made to the
 * supplier's own sub-merchant — a WeChat Pay 特约商户号 under the platform's service-provider account, or the Alipay
 * merchant that authorised the platform's application — never to the platform. A supplier enters it; the platform
 * verifies it (console, audited) before any payment order may use it.
 */

type SubMerchantRow = typeof paySubMerchants.$inferSelect;

const SUPPLIER = 2;
const channelName = (channel: number) => enumLabel('PayChannel', channel) ?? '在线支付';
const mask = (id: string) => (id.length > 6 ? `${id.slice(0, 3)}${'*'.repeat(id.length - 6)}${id.slice(-3)}` : '****');

/** The verified payee of a supplier on a channel, or null (no payment order may be opened). */
export async function verifiedPayee(db: Db, companyId: number, channel: number): Promise<Payee | null> {
  const [row] = await db
    .select({ subMchId: paySubMerchants.subMchId, authToken: paySubMerchants.authToken })
    .from(paySubMerchants)
    .where(and(eq(paySubMerchants.companyId, companyId), eq(paySubMerchants.channel, channel), eq(paySubMerchants.status, SubMerchantStatus.VERIFIED)));
  return row ?? null;
}

/**
 * The payee a payment order was opened for (its recorded sub_mchid / PID), with the Alipay token of that merchant —
 * the query, close and refund of a trade go to the merchant that owns it, whatever the supplier set up since.
 */
export async function payeeOfPayOrder(db: Db, p: Pick<typeof payOrders.$inferSelect, 'sellerCompanyId' | 'channel' | 'subMchId'>): Promise<Payee> {
  const subMchId = p.subMchId ?? '';
  if (p.channel !== PayChannel.ALIPAY) return { subMchId };
  const [row] = await db
    .select({ authToken: paySubMerchants.authToken })
    .from(paySubMerchants)
    .where(and(eq(paySubMerchants.companyId, p.sellerCompanyId), eq(paySubMerchants.channel, p.channel), eq(paySubMerchants.subMchId, subMchId)));
  return { subMchId, authToken: row?.authToken ?? null };
}

/** Alipay: every merchant that authorised the application (their bills make the day's statement). */
export async function alipayPayees(db: Db): Promise<Payee[]> {
  const rows = await db
    .select({ subMchId: paySubMerchants.subMchId, authToken: paySubMerchants.authToken })
    .from(paySubMerchants)
    .where(and(eq(paySubMerchants.channel, PayChannel.ALIPAY), isNotNull(paySubMerchants.authToken)));
  return rows;
}

function assertSupplier(caller: Caller) {
  if (caller.companyType !== SUPPLIER) throw fail('SUBMCH_SUPPLIER_ONLY');
}

/** The supplier's 收款设置: one entry per channel, masked, with what the platform offers. */
export async function mySubMerchants(db: Db, partners: PayPartners, caller: Caller, publicUrl: string): Promise<SubMerchantView[]> {
  assertSupplier(caller);
  const rows = await db.select().from(paySubMerchants).where(eq(paySubMerchants.companyId, caller.companyId));
  return [PayChannel.WECHAT, PayChannel.ALIPAY].map((channel) => {
    const r = rows.find((x) => x.channel === channel);
    const configured = (channel === PayChannel.WECHAT ? partners.wechat : partners.alipay) !== null;
    return {
      channel,
      label: channelName(channel),
      configured,
      offReason: configured ? null : `本平台尚未开通${channelName(channel)}服务商收款，暂不能设置`,
      status: r?.status ?? null,
      subMchId: r ? mask(r.subMchId) : null,
      note: r?.note ?? '',
      submittedAt: r?.submittedAt.toISOString() ?? null,
      verifiedAt: r?.verifiedAt?.toISOString() ?? null,
      authorizeUrl: channel === PayChannel.ALIPAY && partners.alipay ? partners.alipay.authorizeLink(publicUrl + ALIPAY_AUTH_RETURN_PATH) : null,
    };
  });
}

/** Enters (or replaces) the payee of a channel: it waits for the platform's verification again. */
async function upsert(db: Db, caller: Caller, channel: number, values: Pick<SubMerchantRow, 'subMchId' | 'authToken' | 'refreshToken' | 'authAppId'>, now: Date) {
  const set = { ...values, status: SubMerchantStatus.SUBMITTED, note: '', submittedBy: caller.userId, submittedAt: now, verifiedBy: null, verifiedAt: null };
  await db
    .insert(paySubMerchants)
    .values({ companyId: caller.companyId, channel, ...set })
    .onConflictDoUpdate({ target: [paySubMerchants.companyId, paySubMerchants.channel], set });
}

/** The supplier enters its WeChat Pay 特约商户号 (sub_mchid under the platform's service provider). */
export async function submitWechatSubMerchant(db: Db, partners: PayPartners, caller: Caller, subMchId: string, now = new Date()): Promise<void> {
  assertSupplier(caller);
  if (!partners.wechat) throw fail('PAY_CHANNEL_OFF', { channel: channelName(PayChannel.WECHAT) });
  if (!/^\d{8,10}$/.test(subMchId)) throw fail('SUBMCH_BAD_ID');
  const [same] = await db
    .select({ id: paySubMerchants.id })
    .from(paySubMerchants)
    .where(and(eq(paySubMerchants.companyId, caller.companyId), eq(paySubMerchants.channel, PayChannel.WECHAT), eq(paySubMerchants.subMchId, subMchId)));
  if (same) return; // the same number again: its verification stands
  await upsert(db, caller, PayChannel.WECHAT, { subMchId, authToken: null, refreshToken: null, authAppId: null }, now);
}

/**
 * Alipay returned the supplier to 收款设置 with an app_auth_code: exchanged (alipay.open.auth.token.app) for the
 * merchant's PID and app_auth_token, recorded to wait for the platform's verification.
 */
export async function submitAlipayAuthorisation(db: Db, partners: PayPartners, caller: Caller, code: string, now = new Date()): Promise<void> {
  assertSupplier(caller);
  if (!partners.alipay) throw fail('PAY_CHANNEL_OFF', { channel: channelName(PayChannel.ALIPAY) });
  const auth = await partners.alipay.exchangeAuthCode(code).catch(() => {
    throw fail('SUBMCH_AUTH_FAILED');
  });
  await upsert(db, caller, PayChannel.ALIPAY, { subMchId: auth.userId, authToken: auth.appAuthToken, refreshToken: auth.refreshToken || null, authAppId: auth.authAppId || null }, now);
}

/** Console: the sub-merchants entered by suppliers, those waiting first. */
export async function listSubMerchants(db: Db, q: { pageIndex: number; pageSize: number; status?: number | undefined }): Promise<{ list: SubMerchantAdminRow[]; total: number }> {
  const rows = await db
    .select({ s: paySubMerchants, companyName: companies.name, total: sql<number>`count(*) over ()::int` })
    .from(paySubMerchants)
    .innerJoin(companies, eq(companies.id, paySubMerchants.companyId))
    .where(q.status !== undefined ? eq(paySubMerchants.status, q.status) : undefined)
    .orderBy(sql`${paySubMerchants.status} = ${SubMerchantStatus.SUBMITTED} desc`, desc(paySubMerchants.submittedAt), desc(paySubMerchants.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return {
    total: rows[0]?.total ?? 0,
    list: rows.map(({ s, companyName }) => ({
      id: s.id,
      companyId: s.companyId,
      companyName,
      channel: s.channel,
      subMchId: s.subMchId,
      status: s.status,
      note: s.note,
      submittedAt: s.submittedAt.toISOString(),
      verifiedAt: s.verifiedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * A platform administrator verifies (after checking with the partner that the sub-merchant is bound to the platform's
 * service provider and belongs to this company) or refuses an entered sub-merchant; the audit log records it.
 */
export async function decideSubMerchant(db: Db, actor: AuditActor, input: SubMerchantDecideInput, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(paySubMerchants).where(eq(paySubMerchants.id, input.id)).for('update');
    if (!row) throw notFound();
    if (row.status !== SubMerchantStatus.SUBMITTED) throw fail('SUBMCH_NOT_PENDING');
    const status = input.approve ? SubMerchantStatus.VERIFIED : SubMerchantStatus.REFUSED;
    await tx
      .update(paySubMerchants)
      .set({ status, note: input.note, verifiedBy: actor.userId, verifiedAt: input.approve ? now : null })
      .where(eq(paySubMerchants.id, row.id));
    await recordAudit(tx, actor, {
      action: input.approve ? 'submerchant.verify' : 'submerchant.refuse',
      targetType: 'pay_sub_merchant',
      targetId: row.id,
      before: { companyId: row.companyId, channel: row.channel, subMchId: row.subMchId, status: row.status },
      after: { status, note: input.note },
    });
  });
}
