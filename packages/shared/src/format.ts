import { EMPTY_TEXT } from './constants.ts';

/** Masked phone (docs/product/interface.md#display-formatting): 138****8000. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return EMPTY_TEXT;
  const s = String(phone);
  if (s.length < 7) return s;
  return `${s.slice(0, 3)}****${s.slice(-4)}`;
}

/** The default text for an empty value is 无 (docs/product/interface.md#display-formatting). */
export function orEmpty(value: unknown): string {
  if (value === null || value === undefined) return EMPTY_TEXT;
  const s = String(value).trim();
  return s === '' ? EMPTY_TEXT : s;
}

/**
 * An order line's title: the product name and its spec ("规格 带宽1.0m / 材质 304"), leaving out the spec parts
 * whose value the name already says (the demo and many suppliers name a one-SKU product 「带式压滤机 带宽1.0m」),
 * so a list does not read 「带式压滤机 带宽1.0m 规格 带宽1.0m」.
 */
export function lineTitle(productName: string, spec: string | null | undefined): string {
  const parts = (spec ?? '')
    .split(' / ')
    .map((p) => p.trim())
    .filter((p) => {
      if (!p) return false;
      const space = p.indexOf(' ');
      const value = (space > 0 ? p.slice(space + 1) : p).trim();
      return !value || !productName.includes(value);
    });
  return parts.length ? `${productName} ${parts.join(' / ')}` : productName;
}

/**
 * A stored document's name as people read it: the name kept with it plus the stored file's extension when the
 * name lacks it (tender and bid PDFs keep their name without `.pdf`; the stored key is a random name).
 */
export function documentLabel(d: { name: string; path: string }): string {
  const ext = /\.([a-z0-9]+)$/i.exec(d.path)?.[1]?.toLowerCase() ?? '';
  return ext && !d.name.toLowerCase().endsWith(`.${ext}`) ? `${d.name}.${ext}` : d.name;
}

/** A review rating (0–5) with one decimal: 4.5. Amounts use formatMoney (money.ts). */
export const formatRating = (rating: number): string => rating.toFixed(1);
