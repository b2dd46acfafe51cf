import { Tag } from 'antd';
import { isNegotiatedPrice } from '@aquamall/shared';
import { Price } from './Format.tsx';

/**
 * Where a unit price came from (docs/product/prices.md): a negotiated price (协议价, 框架协议价) is tagged and the
 * list price shown struck through beside it; a tier price is tagged 阶梯价; the list price shows nothing.
 */
export function PriceSource({
  source,
  label,
  listPrice,
}: {
  source: string | null | undefined;
  label: string;
  listPrice?: number | string | null;
}) {
  if (!label) return null;
  const negotiated = isNegotiatedPrice(source);
  return (
    <div data-testid="price-source">
      <Tag color={negotiated ? 'green' : 'blue'}>{label}</Tag>
      {negotiated && listPrice !== undefined && listPrice !== null && (
        <del className="am-list-price" aria-label="原价">
          <Price value={listPrice} className="am-price-muted" />
        </del>
      )}
    </div>
  );
}
