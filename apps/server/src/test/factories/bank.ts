import type { Db } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/index.ts';

/** Gives the company a settlement account, verified by the small deposit unless `status` says otherwise. */
export async function giveBankAccount(
  db: Db,
  companyId: number,
  over: { accountName?: string; bankName?: string; branchName?: string; accountNo?: string; status?: number } = {},
) {
  const [r] = await db
    .insert(bankAccounts)
    .values({
      companyId,
      accountName: over.accountName ?? '测试收款单位',
      bankName: over.bankName ?? '中国工商银行',
      branchName: over.branchName ?? '杭州西湖支行',
      accountNo: over.accountNo ?? `6222021000${String(companyId).padStart(6, '0')}`,
      status: over.status ?? 2,
      verifiedAt: (over.status ?? 2) === 2 ? new Date() : null,
    })
    .returning();
  return r!;
}
