import { InvoiceKind, MAX_INVOICE_TITLES, type InvoiceTitleRow, type invoiceTitleInput, isValidCreditCode } from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { invoiceTitles, type InvoiceSnapshot } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import type { Caller } from '../auth/index.ts';
import { savedEntries } from './saved-entries.ts';

type TitleInput = z.output<typeof invoiceTitleInput>;
type Row = typeof invoiceTitles.$inferSelect;

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
  if (!isValidCreditCode(input.taxNo)) throw fail('INVOICE_TITLE_TAX_NO_INVALID');
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

const saved = savedEntries<typeof invoiceTitles, Row>(invoiceTitles, {
  missing: '发票抬头不存在',
  full: `发票抬头最多保存${MAX_INVOICE_TITLES}个，请先删除不用的抬头`,
  max: MAX_INVOICE_TITLES,
});

export const listInvoiceTitles = async (db: Db, caller: Caller): Promise<InvoiceTitleRow[]> =>
  (await saved.list(db, caller)).map(toRow);

/** One saved title of the caller's company (404 for another company's). */
export const ownInvoiceTitle = saved.own;

export const createInvoiceTitle = (db: Db, caller: Caller, input: TitleInput): Promise<{ sysNo: number }> =>
  saved.create(db, caller, values(input), input.isDefault);

export const updateInvoiceTitle = (db: Db, caller: Caller, id: number, input: TitleInput): Promise<void> =>
  saved.update(db, caller, id, values(input), input.isDefault);

/** Deletes a saved title; when it was the default, the oldest remaining one becomes the default. */
export const deleteInvoiceTitle = saved.remove;
