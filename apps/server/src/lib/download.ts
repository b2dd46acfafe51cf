import type { FastifyReply } from 'fastify';
import { EXPORT_LIMIT_HEADER, XLSX_MIME } from '@aquamall/shared';

/** `attachment` with an ASCII fallback name and the real (Chinese) name for browsers that read `filename*`. */
export const attachmentHeader = (ascii: string, name: string) =>
  `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Row limits of the list exports: a longer list is cut there and the answer says so (EXPORT_LIMIT_HEADER).
 * Mutable for tests only.
 */
export const EXPORT_LIMITS = {
  orders: 5_000,
  quotations: 5_000,
  enquiries: 5_000,
  invoices: 5_000,
  creditAccounts: 5_000,
  creditLedger: 5_000,
  products: 10_000,
};

/** A list export's workbook and, when the list was cut at its row limit, that limit. */
export interface ExportFile {
  file: Buffer;
  limit?: number;
}

/** The first `limit` of `rows` (read with `limit + 1`) and, when there were more, the limit that cut them. */
export function cutAt<T>(rows: T[], limit: number): { rows: T[]; cut?: number } {
  return rows.length > limit ? { rows: rows.slice(0, limit), cut: limit } : { rows };
}

/**
 * A file answer the web client's download saves (docs/product/api-envelope.md#file-downloads: blob, file name from content-disposition). Excel by
 * default; `type` for PDF or ZIP; a cut list export sets EXPORT_LIMIT_HEADER; `privateCopy` keeps proxies and the browser cache from storing it.
 */
export function sendDownload(
  reply: FastifyReply,
  file: Buffer | ExportFile,
  ascii: string,
  name: string,
  { type = XLSX_MIME, privateCopy = false }: { type?: string; privateCopy?: boolean } = {},
) {
  if (privateCopy) reply.header('cache-control', 'private, no-store');
  if (!Buffer.isBuffer(file) && file.limit !== undefined) reply.header(EXPORT_LIMIT_HEADER, String(file.limit));
  const body = Buffer.isBuffer(file) ? file : file.file;
  return reply.type(type).header('content-disposition', attachmentHeader(ascii, name)).send(body);
}
