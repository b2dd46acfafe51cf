import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { loadPdfLib } from '../lazy.ts';

/** Where a CJK font may be found on the machine (fonts-noto-cjk on Debian/Ubuntu). */
const CJK_CANDIDATES: { file: string; postscriptName?: string }[] = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', postscriptName: 'NotoSansCJKsc-Regular' },
  { file: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', postscriptName: 'NotoSerifCJKsc-Regular' },
  { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', postscriptName: 'WenQuanYiMicroHei' },
];

interface FontkitLike {
  create(buffer: Buffer, postscriptName?: string): unknown;
}

let cached: { bytes: Buffer; postscriptName?: string } | null | undefined;

function findCjkFont() {
  if (cached !== undefined) return cached;
  cached = null;
  for (const c of CJK_CANDIDATES) {
    try {
      cached = { bytes: fs.readFileSync(c.file), postscriptName: c.postscriptName };
      break;
    } catch {
      /* try the next one */
    }
  }
  return cached;
}

/**
 * pdf-lib's bundled fontkit fork corrupts CID-keyed CFF subsets (Noto Sans CJK renders blank), so upstream
 * fontkit 2 is used; it lacks the old `encodeStream()` that pdf-lib calls, which this adapter provides. It also
 * selects one face of a font collection (.ttc).
 */
function fontkitAdapter(fontkit: FontkitLike, postscriptName?: string) {
  const bind = <T extends object>(target: T, extra: Record<string | symbol, unknown>) =>
    new Proxy(target, {
      get(t, p) {
        if (p in extra) return extra[p];
        const v = (t as Record<string | symbol, unknown>)[p];
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
      },
    });
  return {
    create(bytes: Uint8Array) {
      const font = fontkit.create(Buffer.from(bytes), postscriptName) as { createSubset(): { encode(): Uint8Array } };
      return bind(font, {
        createSubset: () => {
          const subset = font.createSubset();
          return bind(subset, { encodeStream: () => Readable.from([subset.encode()]) });
        },
      });
    },
  };
}

/**
 * A font for the document: a subset of a system CJK font when one can be loaded, otherwise Helvetica (then
 * only Latin text can be drawn, and `cjk` is false so the caller writes an English version).
 */
export async function loadDocumentFont(doc: PDFDocument): Promise<{ font: PDFFont; cjk: boolean }> {
  const found = findCjkFont();
  if (found) {
    try {
      const fontkit = (await import('fontkit')) as unknown as FontkitLike;
      doc.registerFontkit(fontkitAdapter(fontkit, found.postscriptName) as never);
      return { font: await doc.embedFont(found.bytes, { subset: true }), cjk: true };
    } catch {
      /* fall back to Latin */
    }
  }
  const { StandardFonts } = await loadPdfLib();
  return { font: await doc.embedFont(StandardFonts.Helvetica), cjk: false };
}
