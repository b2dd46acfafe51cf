import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Tag } from 'antd';
import type { GoodsItem, MyPrice } from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
import type { InputOf } from '../../../lib/api.ts';
import { useMyPrices, useMyPricesForGoods } from '../api/my-prices.ts';

/**
 * The signed-in purchaser's own prices over the public goods answers (docs/product/prices.md#where-a-purchaser-sees-it):
 * a grid wraps its cards in `MyPricesProvider` (one call for every product on screen), a card shows `GoodsPrice`.
 */
const MyPricesContext = createContext<ReadonlyMap<number, MyPrice[]>>(new Map());

export function MyPricesProvider({ productIds, children }: { productIds: readonly number[]; children: ReactNode }) {
  return <MyPricesOver mine={useMyPrices(productIds).data}>{children}</MyPricesOver>;
}

/** The same for a goods list page: the prices asked with the list's own query, in parallel with it (decision 0248). */
export function MyPricesForGoods({ goods, children }: { goods: InputOf<'goodsQuery'>; children: ReactNode }) {
  return <MyPricesOver mine={useMyPricesForGoods(goods).data}>{children}</MyPricesOver>;
}

function MyPricesOver({ mine, children }: { mine: readonly MyPrice[] | undefined; children: ReactNode }) {
  const byProduct = useMemo(() => {
    const m = new Map<number, MyPrice[]>();
    for (const p of mine ?? []) m.set(p.productId, [...(m.get(p.productId) ?? []), p]);
    return m;
  }, [mine]);
  return <MyPricesContext.Provider value={byProduct}>{children}</MyPricesContext.Provider>;
}

/** The lowest negotiated price among a product's SKUs (the card shows the product's lowest price too). */
const lowest = (prices: readonly MyPrice[] | undefined) =>
  prices?.length ? prices.reduce((a, b) => (Number(b.price) < Number(a.price) ? b : a)) : null;

/** A goods card's price: the list price, or for a purchaser with a contract price 协议价 with the list price struck. */
export function GoodsPrice({ item }: { item: GoodsItem }) {
  const mine = lowest(useContext(MyPricesContext).get(item.id));
  if (!mine)
    return (
      <>
        <Price value={item.price} />
        <span className="am-muted">/{item.unit}</span>
      </>
    );
  return (
    <span data-testid="goods-contract-price" style={{ display: 'inline-flex', alignItems: 'baseline', gap: 4, flexWrap: 'wrap' }}>
      <Tag color="green" style={{ marginInlineEnd: 0 }}>
        {mine.label}
      </Tag>
      <Price value={mine.price} />
      <span className="am-muted">/{item.unit}</span>
      <del className="am-muted" aria-label="原价" style={{ fontSize: 12 }}>
        <Price value={mine.listPrice} className="am-price-muted" />
      </del>
    </span>
  );
}

/** The goods page: the chosen SKU's negotiated price for the signed-in purchaser, or nothing. */
export function SkuContractPrice({ productId, skuId, unit }: { productId: number; skuId: number | null; unit: string }) {
  const mine = useMyPrices([productId]);
  const p = mine.data?.find((x) => x.skuId === skuId);
  if (!p) return null;
  return (
    <>
      <dt>{p.label}</dt>
      <dd data-testid="sku-contract-price">
        <Tag color="green">{p.label}</Tag>
        <Price value={p.price} /> <span className="am-muted">/{unit}</span>{' '}
        <del className="am-muted" aria-label="原价">
          <Price value={p.listPrice} className="am-price-muted" />
        </del>
        <span className="am-muted am-small"> 贵公司专享价格，下单时按协议价结算</span>
      </dd>
    </>
  );
}

/** The negotiated unit price of a SKU for the purchase box's total (null: none). */
export function useSkuContractPrice(productId: number, skuId: number | null): number | null {
  const mine = useMyPrices([productId]);
  const p = mine.data?.find((x) => x.skuId === skuId);
  return p ? Number(p.price) : null;
}
