/**
 * Contract prices (协议价) and where a unit price comes from (docs/product/prices.md). The server decides the
 * price of every catalogue line with one resolver (apps/server/src/modules/pricing/resolve.ts); answers carry
 * the source and its label so the mall, the cart, the checkout and the order lines say 协议价 alike.
 */

/** Where a unit price came from, in resolution order: framework agreement > contract price > quantity tier > list. */
export const PRICE_SOURCES = ['agreement', 'contract', 'tier', 'list'] as const;
export type PriceSourceName = (typeof PRICE_SOURCES)[number];

/** The Chinese label of a price source ('' for the list price, which needs none). */
export const PRICE_SOURCE_LABEL: Record<PriceSourceName, string> = {
  agreement: '框架协议价',
  contract: '协议价',
  tier: '阶梯价',
  list: '',
};

/** The label an order line or a cart line shows for its stored source (null or unknown: none). */
export const priceSourceLabel = (source: string | null | undefined): string =>
  source && source in PRICE_SOURCE_LABEL ? PRICE_SOURCE_LABEL[source as PriceSourceName] : '';

/** True when the price is a negotiated one (agreement or contract): shown with the list price struck through. */
export const isNegotiatedPrice = (source: string | null | undefined): boolean =>
  source === 'agreement' || source === 'contract';

/** ContractPriceKind: a fixed unit price, or a discount percent off the list price. */
export const ContractPriceKind = { FIXED: 1, DISCOUNT: 2 } as const;
export type ContractPriceKindValue = (typeof ContractPriceKind)[keyof typeof ContractPriceKind];
