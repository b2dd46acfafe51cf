/**
 * Search-text normalization shared by the server (query side), the database (index side, migration
 * 0006_search_ngrams: aq_search_norm) and the web (highlighting). Keep the three identical:
 * full-width ASCII and ideographic/no-break spaces become half-width, A-Z becomes a-z (ASCII only, so the result
 * never depends on a database locale), whitespace runs become one space, the ends are trimmed.
 */
const FULLWIDTH_START = 0xff01;
const FULLWIDTH_END = 0xff5e;

function foldChar(ch: string): string {
  const c = ch.charCodeAt(0);
  if (c >= FULLWIDTH_START && c <= FULLWIDTH_END) ch = String.fromCharCode(c - 0xfee0);
  else if (c === 0x3000 || c === 0xa0) return ' ';
  const a = ch.charCodeAt(0);
  return a >= 65 && a <= 90 ? String.fromCharCode(a + 32) : ch;
}

/** Char-for-char fold (same length as the input): used to map highlight positions back to the text. */
export function foldSearchChars(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += foldChar(s[i] as string);
  return out;
}

export function normalizeSearch(s: string): string {
  return foldSearchChars(s).replace(/\s+/g, ' ').trim();
}

/** At most this many space-separated terms of one keyword are searched (all must match). */
export const MAX_SEARCH_TERMS = 5;

/** The distinct terms of a keyword: normalized, split on whitespace. */
export function searchTerms(keyword: string | undefined | null): string[] {
  if (!keyword) return [];
  const terms = normalizeSearch(keyword).split(' ').filter(Boolean);
  return [...new Set(terms)].slice(0, MAX_SEARCH_TERMS);
}

export interface HighlightSegment {
  text: string;
  hit: boolean;
}

/** Splits `text` into plain and matched segments for the given (normalized) words, case/width-insensitively. */
export function highlightSegments(text: string, words: readonly string[]): HighlightSegment[] {
  if (!text) return [];
  const folded = foldSearchChars(text);
  const marks = new Uint8Array(text.length);
  for (const w of words) {
    if (!w) continue;
    let from = 0;
    for (;;) {
      const at = folded.indexOf(w, from);
      if (at < 0) break;
      marks.fill(1, at, at + w.length);
      from = at + w.length;
    }
  }
  const out: HighlightSegment[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || marks[i] !== marks[start]) {
      out.push({ text: text.slice(start, i), hit: marks[start] === 1 });
      start = i;
    }
  }
  return out;
}
