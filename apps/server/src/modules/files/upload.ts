import crypto from 'node:crypto';
import { ENQUIRY_FILE_TYPES, UPLOAD_TYPES, uploadTypeMessage, type UploadedFile, chinaMonth } from '@aquamall/shared';
import { loadSharp } from '../../lib/lazy.ts';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { fail } from './messages.ts';
import { checkZipDirectory, OFD_LIMITS, verifyZipContents } from '../../lib/zip-guard.ts';

/** An OFD whose package is too large, too packed or broken. */
export const OFD_REFUSED = '文件内容过大或格式异常，无法上传';
import type { Storage } from '../../lib/storage.ts';
import type { AuthContext } from '../auth/index.ts';
import { PRIVATE_FOLDERS } from './access.ts';
import { sniff } from './content-type.ts';
import { imageSlots } from './image-slots.ts';
import { MAX_INPUT_PIXELS } from './variants.ts';

/** One received file, fully buffered (at most UPLOAD_MAX_IMAGES × UPLOAD_MAX_MB per request). */
export interface ReceivedFile {
  fileName: string;
  body: Buffer;
}

interface PreparedImage {
  fileName: string;
  body: Buffer;
  mime: string;
  ext: string;
}

/** The real types accepted for the allowed extensions (jpg, jpeg, png). */
const ACCEPTED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
]);

const typeError = () => fail('UPLOAD_TYPE_NOT_ALLOWED', { types: UPLOAD_TYPES });

/** The file name's extension, lower-cased ('' when none). */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * Checks one file and re-encodes it: the name must have an allowed extension, the bytes must really be a JPEG
 * or PNG (a renamed HTML page is refused), and sharp must decode it. The stored copy has the EXIF orientation
 * applied to the pixels and every other metadata block (EXIF, GPS, XMP, comments) removed; the colour profile
 * is kept so colours do not shift.
 */
export async function prepareImage(file: ReceivedFile): Promise<PreparedImage> {
  if (!(UPLOAD_TYPES as readonly string[]).includes(extensionOf(file.fileName))) throw typeError();
  const type = await sniff(file.body);
  const ext = ACCEPTED.get(type.mime);
  if (!ext) throw typeError();
  let body: Buffer;
  const sharp = await loadSharp();
  try {
    body = await imageSlots.run(() => {
      const image = sharp(file.body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .autoOrient()
        .keepIccProfile();
      return ext === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    });
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw fail('UPLOAD_IMAGE_TOO_LARGE');
    throw typeError();
  }
  return { fileName: file.fileName, body, mime: type.mime, ext };
}

/**
 * Folders whose uploads may also be documents besides images, with the types each accepts in the order its
 * message names them: tender and bid documents (PDF, decision 0140), invoice files (PDF, OFD, decision 0130),
 * enquiry and quotation attachments — drawings and specifications (PDF, decision 0122).
 */
export const DOCUMENT_FOLDERS: Readonly<Record<string, readonly string[]>> = {
  bid: [...UPLOAD_TYPES, 'pdf'],
  enquiry: ENQUIRY_FILE_TYPES,
  invoice: ['pdf', 'ofd', ...UPLOAD_TYPES],
};

/**
 * A PDF or OFD document (stored as received, never shown inline by the file host) or an image (as
 * prepareImage). The bytes decide: a PDF must sniff as application/pdf (its size is bounded by the upload limit;
 * it is never parsed here); an OFD (GB/T 33190) is a zip package whose directory passes the zip limits and names
 * OFD.xml.
 */
export async function prepareDocument(
  file: ReceivedFile,
  types: readonly string[] = DOCUMENT_FOLDERS.invoice!,
): Promise<PreparedImage> {
  const ext = extensionOf(file.fileName);
  if (!types.includes(ext)) throw fail('UPLOAD_TYPE_NOT_ALLOWED', { types });
  if (ext !== 'pdf' && ext !== 'ofd') return prepareImage(file);
  const type = await sniff(file.body);
  const isPdf = ext === 'pdf' && type.mime === 'application/pdf';
  const isOfd = ext === 'ofd' && type.mime === 'application/zip' && (await ofdPackage(file.body, types));
  if (!isPdf && !isOfd) throw fail('UPLOAD_TYPE_NOT_ALLOWED', { types });
  return {
    fileName: file.fileName,
    body: file.body,
    mime: isPdf ? 'application/pdf' : 'application/ofd',
    ext,
  };
}

/**
 * True when a zip is an OFD package (an OFD.xml entry at its root). Its central directory is held to the zip
 * limits first (entries, declared sizes, ratio), so a zip bomb dressed as an invoice is refused unopened; then
 * every entry is inflated as a counted stream (nothing kept), so one whose header lies is refused too and what
 * is stored — as received — is known to stay within the limits for whoever opens it.
 */
async function ofdPackage(body: Buffer, types: readonly string[]): Promise<boolean> {
  const words = { unreadable: uploadTypeMessage(types), refused: OFD_REFUSED };
  const entries = await checkZipDirectory(body, OFD_LIMITS, words);
  if (!entries.some((e) => e.name === 'OFD.xml')) return false;
  await verifyZipContents(body, OFD_LIMITS, undefined, words);
  return true;
}

/** `u/<yyyy>/<mm>/` (China time), optionally inside a folder: `u/<folder>/<yyyy>/<mm>/`. */
export function uploadDir(folder: string | null, now = new Date()): string {
  const ym = chinaMonth(now).replace('-', '/');
  return folder ? `u/${folder}/${ym}` : `u/${ym}`;
}

/** Cleans a client-given file name for the record (no paths, no control characters, bounded length). */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
}

/**
 * Validates every file first (so a bad file among good ones stores nothing), then stores each under an
 * unguessable random name and records it with the caller's company and user.
 */
export async function storeUploads(
  deps: { db: Db; storage: Storage },
  auth: AuthContext,
  received: ReceivedFile[],
  folder: string | null,
): Promise<UploadedFile[]> {
  const prepared: PreparedImage[] = [];
  const documents = folder === null ? undefined : DOCUMENT_FOLDERS[folder];
  for (const file of received) prepared.push(await (documents ? prepareDocument(file, documents) : prepareImage(file)));
  const dir = uploadDir(folder);
  const out: UploadedFile[] = [];
  for (const img of prepared) {
    const key = `${dir}/${crypto.randomBytes(16).toString('base64url')}.${img.ext}`;
    const fileName = cleanFileName(img.fileName);
    await deps.storage.put(key, img.body, img.mime);
    try {
      await deps.db.insert(files).values({
        path: key,
        originalName: fileName,
        mime: img.mime,
        size: img.body.length,
        companyId: auth.companyId,
        userId: auth.userId,
        private: folder !== null && (PRIVATE_FOLDERS as readonly string[]).includes(folder),
      });
    } catch (err) {
      await deps.storage.delete(key).catch(() => undefined);
      throw err instanceof AppError ? err : new Error('could not record upload', { cause: err });
    }
    out.push({ fileRelativePath: key, fileName, size: img.body.length });
  }
  return out;
}
