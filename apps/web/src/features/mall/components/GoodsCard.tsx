import { Link } from 'react-router';
import type { GoodsItem } from '@aquamall/shared';
import { Img } from '../../../components/Img.tsx';
import { GoodsPrice } from './MyPrice.tsx';
import { Highlight } from './Highlight.tsx';
import { CardAddToList } from './CardAddToList.tsx';

/** A product tile of the goods grids (list, shop floors, related goods). */
export function GoodsCard({
  item,
  words,
  showShop = true,
}: {
  item: GoodsItem;
  words?: readonly string[];
  showShop?: boolean;
}) {
  const href = `/mall/goodsDetail?id=${item.id}`;
  return (
    <div className="am-goods-card" data-testid="goods-card">
      <Link to={href} className="am-goods-img">
        <Img src={item.defaultImage} alt={item.name} />
        {item.isPovertyRelief ? <span className="am-goods-flag">扶贫</span> : null}
      </Link>
      <div className="am-goods-body">
        <div className="am-goods-price">
          <GoodsPrice item={item} />
          <CardAddToList item={item} />
        </div>
        <Link to={href} className="am-goods-name" title={item.name}>
          <Highlight text={item.name} words={words} />
        </Link>
        <div className="am-goods-spec" title={[item.brand, item.spec].filter(Boolean).join(' ')}>
          {item.brand ? (
            <span className="am-goods-brand">
              <Highlight text={item.brand} words={words} />
            </span>
          ) : null}
          <Highlight text={item.spec || item.model} words={words} />
        </div>
        <div className="am-goods-meta">
          <span>已售 {item.salesCount}</span>
          <span>
            起订 {item.minOrder}
            {item.unit}
          </span>
        </div>
        {showShop ? (
          <Link to={`/mall/shopHome?id=${item.companyId}`} className="am-goods-shop" title={item.shopName}>
            <Highlight text={item.shopName} words={words} />
          </Link>
        ) : null}
      </div>
    </div>
  );
}
