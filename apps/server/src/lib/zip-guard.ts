import yauzl from 'yauzl';
import { AppError, invalid } from './errors.ts';
import { kernelErrors } from './messages.ts';

/**
 * Zip archives uploaded by users (.xlsx imports, OFD invoices) are checked before anything inflates them
 * (docs/decisions/0170-upload-bombs.md): first the central directory alone — how many entries, their declared
 * uncompressed sizes (each and in total) and compression ratios — then, where the archive will be parsed, every
 * entry is inflated as a stream and counted, because a header can lie about its size. yauzl (a streaming zip
 * reader) reads the directory without inflating and stops a stream that yields more than its entry declared.
 */
export interface ZipLimits {
  /** Most entries in the archive. */
  maxEntries: number;
  /** Most uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Most uncompressed bytes of all entries together. */
  maxTotalBytes: number;
  /** Highest uncompressed ÷ compressed size of an entry larger than RATIO_FLOOR (and of the whole archive). */
  maxRatio: number;
}

/** Entries smaller than this are not held to the ratio (tiny XML parts compress very well and cost nothing). */
export const RATIO_FLOOR = 1024 * 1024;
const MB = 1024 * 1024;

/** An .xlsx workbook to import: its sheets, shared strings and styles, with room for pictures. */
export const XLSX_LIMITS: ZipLimits = { maxEntries: 500, maxEntryBytes: 48 * MB, maxTotalBytes: 96 * MB, maxRatio: 150 };
/** An OFD invoice (GB/T 33190): a few XML parts, fonts and page images. It is stored, never parsed here. */
export const OFD_LIMITS: ZipLimits = { maxEntries: 500, maxEntryBytes: 32 * MB, maxTotalBytes: 64 * MB, maxRatio: 150 };

/** The refusal of an archive too large, too packed or broken: nothing of it is used. */
export const ZIP_REFUSED = kernelErrors.ZIP_REFUSED.message;
/** The refusal of an upload that is not a readable workbook at all. */
export const XLSX_UNREADABLE = kernelErrors.XLSX_UNREADABLE.message;

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

type Refuse = (why: string) => Error;
const refuseWith =
  (message: string): Refuse =>
  () =>
    invalid(message);

/** The refusals' words: over a limit, and not a readable zip at all (the same unless told). */
export interface ZipMessages {
  refused?: string;
  unreadable?: string;
}

function openBuffer(body: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(body, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip),
    );
  });
}

/** Declared sizes of one entry against the limits (running total included). */
function checkEntry(e: yauzl.Entry, limits: ZipLimits, total: number, refuse: Refuse): number {
  if (e.uncompressedSize > limits.maxEntryBytes) throw refuse(`entry ${e.fileName} declares ${e.uncompressedSize} bytes`);
  if (e.uncompressedSize > RATIO_FLOOR && e.uncompressedSize / Math.max(1, e.compressedSize) > limits.maxRatio)
    throw refuse(`entry ${e.fileName} ratio`);
  const next = total + e.uncompressedSize;
  if (next > limits.maxTotalBytes) throw refuse('total uncompressed size');
  return next;
}

/**
 * Reads only the central directory and refuses (with `words`) an archive whose entries, declared sizes or
 * ratios pass the limits, or that is not a readable zip. Nothing is inflated. Answers the entries.
 */
export async function checkZipDirectory(body: Buffer, limits: ZipLimits, words: ZipMessages = {}): Promise<ZipEntryInfo[]> {
  const refuse = refuseWith(words.refused ?? ZIP_REFUSED);
  let zip: yauzl.ZipFile;
  try {
    zip = await openBuffer(body);
  } catch {
    throw invalid(words.unreadable ?? words.refused ?? ZIP_REFUSED);
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw refuse('too many entries');
  }
  const entries: ZipEntryInfo[] = [];
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      try {
        total = checkEntry(e, limits, total, refuse);
      } catch (err) {
        zip.close();
        reject(err as Error);
        return;
      }
      entries.push({ name: e.fileName, compressedSize: e.compressedSize, uncompressedSize: e.uncompressedSize });
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', () => reject(refuse('broken directory')));
    zip.readEntry();
  });
  if (total > RATIO_FLOOR && total / Math.max(1, body.length) > limits.maxRatio) throw refuse('archive ratio');
  return entries;
}

/**
 * Inflates every entry as a stream, keeping nothing: each must yield exactly the bytes its header declared
 * (yauzl stops a stream that yields more) and the running total stays within the limits. `onChunk` sees the
 * inflated bytes of an entry (to count rows of a sheet, for example) and may throw to refuse.
 */
export async function verifyZipContents(
  body: Buffer,
  limits: ZipLimits,
  onChunk?: (entry: string, chunk: Buffer) => void,
  words: ZipMessages = {},
): Promise<void> {
  const refuse = refuseWith(words.refused ?? ZIP_REFUSED);
  await checkZipDirectory(body, limits, words);
  const zip = await openBuffer(body);
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (err: unknown) => {
        if (failed) return;
        failed = true;
        zip.close();
        reject(err instanceof AppError ? err : refuse(String(err)));
      };
      zip.on('entry', (e: yauzl.Entry) => {
        if (e.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(e, (err, stream) => {
          if (err || !stream) return fail(refuse('unreadable entry'));
          let seen = 0;
          stream.on('data', (chunk: Buffer) => {
            seen += chunk.length;
            total += chunk.length;
            try {
              if (seen > limits.maxEntryBytes || total > limits.maxTotalBytes) throw refuse('inflated past the limits');
              onChunk?.(e.fileName, chunk);
            } catch (refusal) {
              stream.destroy();
              fail(refusal);
            }
          });
          stream.on('error', () => fail(refuse('entry size does not match its header')));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.on('end', () => resolve());
      zip.on('error', () => fail(refuse('broken archive')));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}
