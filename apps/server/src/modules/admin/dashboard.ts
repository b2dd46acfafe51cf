import { count, eq, gte } from 'drizzle-orm';
import { CertStatus, CompanyType, MerchantStatus, ProductStatus } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { auditLogs, certifications, companies, memberUpgradeRequests, merchantApplications, products } from '../../db/schema/index.ts';

/** What waits for the platform, and a few totals. */
export async function dashboard(db: Db) {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  const since = new Date(Date.now() - 24 * 3600 * 1000);
  const [pendingMerchants, pendingCertifications, pendingUpgrades, suppliers, purchasers, openShops, onSale, actions24h] = await Promise.all([
    n(db.select({ n: count() }).from(merchantApplications).where(eq(merchantApplications.status, MerchantStatus.PENDING))),
    n(db.select({ n: count() }).from(certifications).where(eq(certifications.status, CertStatus.REVIEWING))),
    n(db.select({ n: count() }).from(memberUpgradeRequests).where(eq(memberUpgradeRequests.status, 0))),
    n(db.select({ n: count() }).from(companies).where(eq(companies.type, CompanyType.SUPPLIER))),
    n(db.select({ n: count() }).from(companies).where(eq(companies.type, CompanyType.PURCHASER))),
    n(db.select({ n: count() }).from(companies).where(eq(companies.shopOpen, true))),
    n(db.select({ n: count() }).from(products).where(eq(products.status, ProductStatus.ON_SALE))),
    n(db.select({ n: count() }).from(auditLogs).where(gte(auditLogs.createdAt, since))),
  ]);
  return { pendingMerchants, pendingCertifications, pendingUpgrades, suppliers, purchasers, openShops, onSale, actions24h };
}
