import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { InvoiceKind, type InvoiceTitleRow, type invoiceTitleInput } from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companies, invoiceTitles, type InvoiceSnapshot } from '../../db/schema/index.ts';
import { isValidCreditCode } from '../../lib/credit-code.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { Caller } from '../products/caller.ts';

type TitleInput = z.output<typeof invoiceTitleInput>;
type Row = typeof invoiceTitles.$inferSelect;

export const MAX_INVOICE_TITLES = 20;

const toRow = (t: Row): InvoiceTitleRow => ({
  sysNo: t.id,
  kind: t.kind,
  title: t.title,
  taxNo: t.taxNo,
  regAddress: t.regAddress,
  regPhone: t.regPhone,
  bankName: t.bankName,
  bankAccount: t.bankAccount,
  isDefault: t.isDefault,
});

/** What an order copies of a saved title (InvoiceKind of the wish, not of the title). */
export const invoiceSnapshot = (kind: number, t: Row | null): InvoiceSnapshot =>
  t
    ? {
        kind,
        title: t.title,
        taxNo: t.taxNo,
        regAddress: t.regAddress,
        regPhone: t.regPhone,
        bankName: t.bankName,
        bankAccount: t.bankAccount,
      }
    : {
        kind: InvoiceKind.NONE,
        title: '',
        taxNo: '',
        regAddress: '',
        regPhone: '',
        bankName: '',
        bankAccount: '',
      };

function values(input: TitleInput) {
  if (!isValidCreditCode(input.taxNo)) throw invalid('纳税人识别号不正确，请核对统一社会信用代码');
  const special = input.kind === InvoiceKind.SPECIAL;
  return {
    kind: input.kind,
    title: input.title,
    taxNo: input.taxNo,
    // A 普通 title keeps only what it was given; the schema requires all four for 专用.
    regAddress: input.regAddress,
    regPhone: input.regPhone,
    bankName: input.bankName,
    bankAccount: special ? input.bankAccount.replace(/\s+/g, '') : input.bankAccount,
  };
}

export async function listInvoiceTitles(db: Db, caller: Caller): Promise<InvoiceTitleRow[]> {
  const rows = await db
    .select()
    .from(invoiceTitles)
    .where(eq(invoiceTitles.companyId, caller.companyId))
    .orderBy(desc(invoiceTitles.isDefault), asc(invoiceTitles.id));
  return rows.map(toRow);
}

export async function ownInvoiceTitle(db: Db, caller: Pick<Caller, 'companyId'>, id: number): Promise<Row> {
  const [t] = await db
    .select()
    .from(invoiceTitles)
    .where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.companyId, caller.companyId)));
  if (!t) throw notFound('发票抬头不存在');
  return t;
}

async function makeDefault(tx: Db, companyId: number, id: number) {
  await tx
    .update(invoiceTitles)
    .set({ isDefault: false })
    .where(and(eq(invoiceTitles.companyId, companyId), ne(invoiceTitles.id, id)));
  await tx.update(invoiceTitles).set({ isDefault: true }).where(eq(invoiceTitles.id, id));
}

export async function createInvoiceTitle(
  db: Db,
  caller: Caller,
  input: TitleInput,
): Promise<{ sysNo: number }> {
  const v = values(input);
  return db.transaction(async (tx) => {
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, caller.companyId))
      .for('update');
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(invoiceTitles)
      .where(eq(invoiceTitles.companyId, caller.companyId))) as [{ n: number }];
    if (n >= MAX_INVOICE_TITLES)
      throw conflict(`发票抬头最多保存${MAX_INVOICE_TITLES}个，请先删除不用的抬头`);
    const [row] = await tx
      .insert(invoiceTitles)
      .values({ ...v, companyId: caller.companyId })
      .returning({ id: invoiceTitles.id });
    if (input.isDefault || n === 0) await makeDefault(tx, caller.companyId, row!.id);
    return { sysNo: row!.id };
  });
}

export async function updateInvoiceTitle(
  db: Db,
  caller: Caller,
  id: number,
  input: TitleInput,
): Promise<void> {
  const v = values(input);
  await db.transaction(async (tx) => {
    const t = await ownInvoiceTitle(tx, caller, id);
    await tx
      .update(invoiceTitles)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(invoiceTitles.id, t.id));
    if (input.isDefault) await makeDefault(tx, caller.companyId, t.id);
  });
}

export async function deleteInvoiceTitle(db: Db, caller: Caller, id: number): Promise<void> {
  const t = await ownInvoiceTitle(db, caller, id);
  await db.delete(invoiceTitles).where(eq(invoiceTitles.id, t.id));
}
