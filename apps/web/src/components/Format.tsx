import { maskPhone, orEmpty } from '@aquamall/shared/format';
import { formatPrice, type PriceFormatOptions } from '@aquamall/shared/money';

/** A price: 2 decimals, thousands separators, 万 above 999999 when `wan` is on, 无 when empty (docs/product/interface.md#display-formatting). */
export function Price({ value, symbol = true, className, ...opts }: PriceFormatOptions & { value: number | string | null | undefined; symbol?: boolean; className?: string }) {
  const text = formatPrice(value, opts);
  const empty = value === null || value === undefined || value === '' || !Number.isFinite(Number(value));
  // A negative amount (a red-letter invoice, a refund) reads -¥28,521.00, the sign before the currency.
  const negative = !empty && symbol && text.startsWith('-');
  return (
    <span className={className ?? 'am-price'}>
      {negative ? '-' : null}
      {symbol && !empty ? <small>¥</small> : null}
      {negative ? text.slice(1) : text}
    </span>
  );
}

/** A phone number shown masked: 138****8000. */
export function MaskedPhone({ value }: { value: string | null | undefined }) {
  return <span>{maskPhone(value)}</span>;
}

/** Any value, or 无 when empty. */
export function OrEmpty({ value }: { value: unknown }) {
  return <>{orEmpty(value)}</>;
}
