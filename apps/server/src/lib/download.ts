import type { FastifyReply } from 'fastify';
import { XLSX_MIME } from '@aquamall/shared';

/** `attachment` with an ASCII fallback name and the real (Chinese) name for browsers that read `filename*`. */
export const attachmentHeader = (ascii: string, name: string) =>
  `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * A file answer the web client's download saves (SPEC §7–8: blob, file name from content-disposition). Excel by
 * default; `type` for PDF or ZIP; `privateCopy` keeps proxies and the browser cache from storing it.
 */
export function sendDownload(
  reply: FastifyReply,
  file: Buffer,
  ascii: string,
  name: string,
  { type = XLSX_MIME, privateCopy = false }: { type?: string; privateCopy?: boolean } = {},
) {
  if (privateCopy) reply.header('cache-control', 'private, no-store');
  return reply.type(type).header('content-disposition', attachmentHeader(ascii, name)).send(file);
}
