import { useState } from 'react';
import { Link } from 'react-router';
import { InputNumber } from 'antd';
import { ShoppingCartOutlined, FileSearchOutlined } from '@ant-design/icons';
import type { GoodsDetail } from '@aquamall/shared';
import { useSession } from '../../session/index.ts';
import { Price } from '../../../components/Format.tsx';
import { loginHref } from './meta.ts';

/** The unit price for a quantity: the best tier whose minimum is reached, else the list price. */
export function tierPrice(g: Pick<GoodsDetail, 'price' | 'priceTiers'>, qty: number): number {
  let p = g.price;
  for (const t of g.priceTiers) if (qty >= t.minQty) p = t.price;
  return p;
}

/**
 * Quantity, 加入购物车 and 询价. A visitor is led to login with this page as returnUrl; a signed-in user goes
 * to the workbench cart / enquiry editor with the product preselected.
 */
export function PurchaseBox({ goods }: { goods: GoodsDetail }) {
  const { token } = useSession();
  const [qty, setQty] = useState(Math.max(1, goods.minOrder));
  const soldOut = goods.stock <= 0;
  const cartHref = token ? `/customer/cart?productId=${goods.id}&quantity=${qty}` : loginHref();
  const enquiryHref = token ? `/customer/enquiry/edit?productId=${goods.id}` : loginHref();
  return (
    <>
      <dl className="am-detail-facts">
        <dt>采购数量</dt>
        <dd>
          <InputNumber
            min={Math.max(1, goods.minOrder)}
            max={Math.max(goods.stock, goods.minOrder)}
            precision={0}
            value={qty}
            onChange={(v) => setQty(Math.max(goods.minOrder, Number(v) || goods.minOrder))}
            addonAfter={goods.unit}
            aria-label="采购数量"
            size="small"
          />
          <span className="am-muted" style={{ marginLeft: 10 }}>
            单价 <Price value={tierPrice(goods, qty)} /> · 合计 <Price value={tierPrice(goods, qty) * qty} />
          </span>
        </dd>
      </dl>
      <div className="am-detail-actions">
        <Link
          to={cartHref}
          className={`am-btn am-btn-accent am-btn-lg${soldOut ? ' is-disabled' : ''}`}
          aria-disabled={soldOut}
        >
          <ShoppingCartOutlined /> {soldOut ? '暂时缺货' : '加入购物车'}
        </Link>
        <Link to={enquiryHref} className="am-btn am-btn-lg">
          <FileSearchOutlined /> 询价
        </Link>
        {!token ? <span className="am-muted am-small">登录后可采购或询价</span> : null}
      </div>
    </>
  );
}
