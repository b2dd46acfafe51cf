import { useState } from 'react';
import { useNavigate } from 'react-router';
import { InputNumber } from 'antd';
import { ShoppingCartOutlined, FileSearchOutlined, StarOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { CompanyType, type GoodsDetail } from '@aquamall/shared';
import { useSession, type SessionUser } from '../../session/index.ts';
import { clientStore } from '../../../lib/storage.ts';
import { Price } from '../../../components/Format.tsx';
import { SkuContractPrice, useSkuContractPrice } from './MyPrice.tsx';
import { notify } from '../../../lib/notify.ts';
import { useAddToCart } from '../api/cart.ts';
import { loginHref } from './meta.ts';
import { AddToShoppingList } from '../../../components/shopping-list/AddToShoppingList.tsx';

type Priced = Pick<GoodsDetail, 'price' | 'priceTiers'>;

/** The unit price for a quantity: the best tier whose minimum is reached, else the list price. */
export function tierPrice(g: Priced, qty: number): number {
  let p = g.price;
  for (const t of g.priceTiers) if (qty >= t.minQty) p = t.price;
  return p;
}

/** What is being bought: the chosen SKU, or the product itself when it has none. */
function offerOf(goods: GoodsDetail, skuId: number | null): Priced & { available: number; skuId: number | null } {
  const sku = goods.skus.find((s) => s.sysNo === skuId);
  return sku ? { price: sku.price, priceTiers: sku.priceTiers, available: sku.available, skuId: sku.sysNo } : { price: goods.price, priceTiers: goods.priceTiers, available: goods.stock, skuId: null };
}

/** The enquiry editor started from this product (and the SKU chosen on the page). */
export const enquiryEditorHref = (productId: number, skuId: number | null) =>
  `/customer/enquiry/edit?productId=${productId}${skuId ? `&skuId=${skuId}` : ''}`;

/** The signed-in caller's company type: the mall does not load the user; the copy stored at login says it until it does. */
export const callerCompanyType = (user: SessionUser | null | undefined, token: string | null): number | null | undefined =>
  (user ?? (token ? clientStore.getUser<SessionUser>() : null))?.extension?.CompanyType;

/** Who may buy here: a visitor is sent to login, a supplier is told why not. */
export function buyBlocker(token: string | null, companyType: number | null | undefined, skuId: number | null): 'login' | 'supplier' | 'no-sku' | null {
  if (!token) return 'login';
  if (companyType !== undefined && companyType !== null && companyType !== CompanyType.PURCHASER) return 'supplier';
  if (!skuId) return 'no-sku';
  return null;
}

/**
 * SKU choice, the chosen SKU's tiers and available stock, quantity (from the minimum order) with the tier
 * price it reaches, 加入购物车, 立即购买 (the checkout of just this line, the cart untouched) and 询价. A visitor
 * is led to login with this page as returnUrl; a supplier is told that only purchasers buy.
 */
export function PurchaseBox({ goods }: { goods: GoodsDetail }) {
  const { token, user } = useSession();
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const [skuId, setSkuId] = useState<number | null>(() => (goods.skus.find((s) => s.available > 0) ?? goods.skus[0])?.sysNo ?? null);
  const min = Math.max(1, goods.minOrder);
  const [qty, setQty] = useState(min);
  const offer = offerOf(goods, skuId);
  const soldOut = offer.available <= 0 || offer.available < min;
  // A purchaser's contract price (协议价) replaces the list and tier price; the server decides it again at checkout.
  const unitPrice = useSkuContractPrice(goods.id, offer.skuId) ?? tierPrice(offer, qty);
  const companyType = () => callerCompanyType(user, token);
  const onEnquire = () => {
    // 询价 opens the editor filled from this product and SKU (decision 0185); a visitor signs in and lands
    // there, a supplier is told why not (and sends nothing it would be refused).
    const editor = enquiryEditorHref(goods.id, offer.skuId);
    const blocker = buyBlocker(token, companyType(), offer.skuId);
    if (blocker === 'login') void navigate(loginHref(editor));
    else if (blocker === 'supplier') notify.warning('供应商账号不能发布询价，请使用采购单位账号登录后询价');
    else void navigate(editor);
  };
  const allowed = (): number | null => {
    const blocker = buyBlocker(token, companyType(), offer.skuId);
    if (blocker === 'login') void navigate(loginHref());
    else if (blocker === 'supplier') notify.warning('供应商账号不能在商城采购，请使用采购单位账号登录后下单');
    else if (blocker === 'no-sku') notify.warning('请先选择规格');
    return blocker ? null : offer.skuId;
  };
  const onAdd = () => {
    const skuId = allowed();
    if (skuId) addToCart.mutate({ skuId, quantity: qty });
  };
  const onBuyNow = () => {
    const skuId = allowed();
    if (skuId) void navigate(`/customer/cart/checkout?skuId=${skuId}&quantity=${qty}`);
  };
  return (
    <>
      <dl className="am-detail-facts">
        {goods.skus.length > 0 && (
          <>
            <dt>规格</dt>
            <dd className="am-sku-list" role="radiogroup" aria-label="选择规格">
              {goods.skus.map((s) => (
                <button
                  key={s.sysNo}
                  type="button"
                  role="radio"
                  aria-checked={s.sysNo === offer.skuId}
                  className={`am-sku${s.sysNo === offer.skuId ? ' is-active' : ''}${s.available <= 0 ? ' is-empty' : ''}`}
                  onClick={() => setSkuId(s.sysNo)}
                >
                  {s.spec || s.code}
                </button>
              ))}
            </dd>
          </>
        )}
        {offer.priceTiers.length > 0 && (
          <>
            <dt>阶梯价</dt>
            <dd className="am-tiers" data-testid="price-tiers">
              <div>
                <Price value={offer.price} />
                <span>
                  {min}–{offer.priceTiers[0]!.minQty - 1}
                  {goods.unit}
                </span>
              </div>
              {offer.priceTiers.map((t) => (
                <div key={t.minQty}>
                  <Price value={t.price} />
                  <span>
                    ≥ {t.minQty}
                    {goods.unit}
                  </span>
                </div>
              ))}
            </dd>
          </>
        )}
        <SkuContractPrice productId={goods.id} skuId={offer.skuId} unit={goods.unit} />
        <dt>可售库存</dt>
        <dd data-testid="available-stock">{offer.available > 0 ? `${offer.available} ${goods.unit}` : '暂时缺货'}</dd>
        <dt>起订量</dt>
        <dd>
          {goods.minOrder} {goods.unit}
        </dd>
        <dt>采购数量</dt>
        <dd>
          <InputNumber
            min={min}
            max={Math.max(offer.available, min)}
            precision={0}
            value={qty}
            onChange={(v) => setQty(Math.max(min, Number(v) || min))}
            addonAfter={goods.unit}
            aria-label="采购数量"
            size="small"
          />
          <span className="am-muted" style={{ marginLeft: 10 }}>
            单价 <span data-testid="unit-price"><Price value={unitPrice} /></span> · 合计 <Price value={unitPrice * qty} />
          </span>
        </dd>
      </dl>
      <div className="am-detail-actions">
        <button
          type="button"
          onClick={onBuyNow}
          disabled={soldOut}
          className={`am-btn am-btn-primary am-btn-lg${soldOut ? ' is-disabled' : ''}`}
          data-testid="buy-now"
        >
          <ThunderboltOutlined /> 立即购买
        </button>
        <button
          type="button"
          onClick={onAdd}
          disabled={soldOut || addToCart.isPending}
          className={`am-btn am-btn-accent am-btn-lg${soldOut ? ' is-disabled' : ''}`}
          aria-disabled={soldOut}
          data-testid="add-to-cart"
        >
          <ShoppingCartOutlined /> {soldOut ? '暂时缺货' : '加入购物车'}
        </button>
        <button type="button" onClick={onEnquire} className="am-btn am-btn-lg" data-testid="enquire">
          <FileSearchOutlined /> 询价
        </button>
        <AddToShoppingList
          candidates={() => {
            const id = allowed();
            const sku = goods.skus.find((s) => s.sysNo === id);
            return id ? [{ skuId: id, quantity: qty, label: `${goods.name}${sku?.spec ? ` · ${sku.spec}` : ''}` }] : null;
          }}
          trigger={(open) => (
            <button type="button" onClick={open} className="am-btn am-btn-lg" data-testid="add-to-list">
              <StarOutlined /> 加入常购清单
            </button>
          )}
        />
        {!token ? <span className="am-muted am-small">登录后可采购或询价</span> : null}
      </div>
    </>
  );
}
