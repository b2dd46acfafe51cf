import { CertStatus, EnquiryStatus, EnquiryVisibility } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, enquiries, enquiryInvitations, enquiryItems } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { makeSupplier } from './products.ts';

let seq = 0;

/** A published enquiry of `companyId` with whole-number lines (2 吨 PAC, 3 吨 PAM by default). */
export async function makeEnquiry(
  db: Db,
  companyId: number,
  opts: {
    status?: number;
    deadline?: Date;
    sealed?: boolean;
    invited?: number[];
    items?: { productName: string; quantity: number; unit?: string }[];
  } = {},
) {
  const n = ++seq;
  const [e] = await db
    .insert(enquiries)
    .values({
      companyId,
      code: `XJT${process.pid}${String(n).padStart(5, '0')}${Math.random().toString(36).slice(2, 6)}`.slice(
        0,
        32,
      ),
      title: `测试询价${n}`,
      status: opts.status ?? EnquiryStatus.QUOTING,
      deadline: opts.deadline ?? new Date(Date.now() + 3 * 86_400_000),
      sealed: opts.sealed ?? false,
      visibility: opts.invited ? EnquiryVisibility.INVITED : EnquiryVisibility.PUBLIC,
      publishedAt: new Date(),
      deliveryAreaName: '江苏省 南京市',
    })
    .returning();
  const items = await db
    .insert(enquiryItems)
    .values(
      (
        opts.items ?? [
          { productName: '聚合氯化铝', quantity: 2 },
          { productName: '聚丙烯酰胺', quantity: 3 },
        ]
      ).map((i, sort) => ({
        enquiryId: e!.id,
        productName: i.productName,
        quantity: String(i.quantity),
        unit: i.unit ?? '吨',
        sort,
      })),
    )
    .returning();
  if (opts.invited?.length) {
    await db
      .insert(enquiryInvitations)
      .values(opts.invited.map((supplierCompanyId) => ({ enquiryId: e!.id, supplierCompanyId })));
  }
  return { enquiry: e!, items };
}

/** An approved (open shop) and certified supplier, member level 2 by default. */
export async function makeQuotingSupplier(
  db: Db,
  name: string,
  opts: { memberLevel?: number; isMemberVail?: number; certified?: boolean; approved?: boolean } = {},
) {
  const s = await makeSupplier(db, name, {
    memberLevel: opts.memberLevel ?? 2,
    isMemberVail: opts.isMemberVail ?? 1,
    approved: opts.approved,
  });
  if (opts.certified !== false)
    await db.update(companies).set({ certStatus: CertStatus.CERTIFIED }).where(eq(companies.id, s.id));
  return s;
}
