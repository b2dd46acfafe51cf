import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { MERCHANT_AGREEMENT_VERSION, MerchantStatus, requiredMerchantDocuments, Side } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, merchantApplications, products } from '../../db/schema/index.ts';
import { recordHistory } from '../../lib/transition.ts';
import { MERCHANT_DOC } from './history.ts';

/**
 * For the demo seed: gives companies seeded as 待审核 or 已驳回 (merchantStatus 1/2) an application with
 * documents, so the console queue and the applicant's status page have something real to show. Idempotent.
 * Document images reuse an existing product image (the demo has no scanned licences).
 */
export async function seedDemoApplications(db: Db): Promise<number> {
  const todo = await db
    .select()
    .from(companies)
    .leftJoin(merchantApplications, eq(merchantApplications.companyId, companies.id))
    .where(and(inArray(companies.merchantStatus, [MerchantStatus.PENDING, MerchantStatus.REJECTED]), isNull(merchantApplications.id)));
  if (!todo.length) return 0;
  const [img] = await db.select({ path: products.defaultImage }).from(products).where(ne(products.defaultImage, '')).limit(1);
  const doc = img?.path ?? 'seed/demo-licence.png';
  for (const { companies: c } of todo) {
    const shopType = c.shopType ?? 2;
    const rejected = c.merchantStatus === MerchantStatus.REJECTED;
    const submittedAt = new Date(Date.now() - 3 * 86400_000);
    const [row] = await db
      .insert(merchantApplications)
      .values({
        companyId: c.id,
        status: c.merchantStatus,
        shopType,
        shopName: c.shopName || `${c.name.replace(/有限公司$/, '')}旗舰店`,
        companyName: c.name,
        creditCode: c.creditCode ?? '',
        legalPerson: c.legalPerson ?? '',
        contactName: c.contactName ?? '',
        contactPhone: c.contactPhone ?? '',
        address: c.address ?? '',
        mainBusiness: c.mainBusiness,
        threeInOne: true,
        documents: Object.fromEntries(requiredMerchantDocuments(shopType, true).map((k) => [k, [doc]])),
        agreementVersion: MERCHANT_AGREEMENT_VERSION,
        agreementSignedAt: submittedAt,
        agreementIp: '127.0.0.1',
        submittedAt,
        decidedAt: rejected ? new Date(Date.now() - 86400_000) : null,
        rejectReason: rejected ? '品牌授权书已过期，请上传有效期内的授权书' : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    const applicant = { side: Side.SELLER, userId: null, userName: '申请企业' };
    await recordHistory(db, {
      docType: MERCHANT_DOC,
      docId: row.id,
      action: 'submit',
      fromStatus: MerchantStatus.NONE,
      toStatus: MerchantStatus.PENDING,
      actor: applicant,
      now: submittedAt,
    });
    if (rejected) {
      await recordHistory(db, {
        docType: MERCHANT_DOC,
        docId: row.id,
        action: 'reject',
        fromStatus: MerchantStatus.PENDING,
        toStatus: MerchantStatus.REJECTED,
        actor: { side: Side.PLATFORM, userId: null, userName: '平台审核员' },
        note: row.rejectReason ?? '',
        now: row.decidedAt ?? undefined,
      });
    }
  }
  return todo.length;
}
