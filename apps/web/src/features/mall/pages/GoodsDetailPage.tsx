import '../components/mall-pages.css';
import { formatMoney } from '@aquamall/shared';
import { lazy, Suspense } from 'react';
import { usePageTitle } from '../../../app/RootLayout.tsx';
import { Price } from '../../../components/Format.tsx';
import { SkeletonBlock } from '../../../components/Skeletons.tsx';
import { Crumbs } from '../components/Crumbs.tsx';
import { DetailState } from '../components/DetailState.tsx';
import { Gallery } from '../components/Gallery.tsx';
import { GoodsCard } from '../components/GoodsCard.tsx';
import { PurchaseBox } from '../components/PurchaseBox.tsx';
import { ShopCardBox } from '../components/ShopCardBox.tsx';
import { useIdParam } from '../components/url-state.ts';
import { useMetaDescription } from '../components/meta.ts';
import { useGoodsDetail } from '../api/goods.ts';
import { categoryHref } from '../layout/category-links.ts';

/** goodsDetail: gallery with full-screen preview, price and tiers, specifications, shop card, related goods. */
/** Below the fold, with its forms (and their zod rules) in a chunk of their own. */
const GoodsDiscussions = lazy(() => import('../components/GoodsDiscussions.tsx'));

export default function GoodsDetailPage() {
  const id = useIdParam();
  const q = useGoodsDetail(id);
  const g = q.data;
  usePageTitle(g?.name);
  useMetaDescription(
    g
      ? `${g.name}${g.brand ? `，品牌${g.brand}` : ''}${g.spec ? `，规格${g.spec}` : ''}，价格${formatMoney(g.price)}/${g.unit}，${g.shop.shopName}供应。`
      : undefined,
  );

  if (!g) {
    return (
      <DetailState
        invalid={!id}
        query={q}
        notFound={{ text: '商品不存在或已下架', back: '/mall/goodsList', backText: '去看看其他商品' }}
        skeleton={
          <>
            <SkeletonBlock height={20} width={320} />
            <div style={{ height: 12 }} />
            <SkeletonBlock height={460} />
          </>
        }
      />
    );
  }
  return (
    <div className="am-container am-page">
      <Crumbs
        items={[...g.categoryPath.map((c) => ({ title: c.name, to: categoryHref(c) })), { title: g.name }]}
      />
      <div className="am-detail-top">
        <Gallery images={g.images} alt={g.name} />
        <div className="am-detail-info">
          <h1>{g.name}</h1>
          <div className="am-detail-sub">
            {[
              g.brand && `品牌：${g.brand}`,
              g.model && `型号：${g.model}`,
              g.isPovertyRelief && '消费扶贫商品',
            ]
              .filter(Boolean)
              .join(' · ')}
          </div>
          <div className="am-price-panel">
            <div>
              <span className="am-muted am-small">价格 </span>
              <Price value={g.price} /> <span className="am-muted">/{g.unit}{g.skus.length > 1 ? ' 起' : ''}</span>
            </div>
          </div>
          <dl className="am-detail-facts">
            {g.skus.length === 0 && (
              <>
                <dt>规格</dt>
                <dd>{g.spec || '无'}</dd>
              </>
            )}
            <dt>交货期</dt>
            <dd>{g.leadTimeDays ? `${g.leadTimeDays} 天内发货` : '以商家确认为准'}</dd>
            <dt>产地</dt>
            <dd>{g.originName || '无'}</dd>
            <dt>销量</dt>
            <dd>
              {g.salesCount} {g.unit}
            </dd>
          </dl>
          <PurchaseBox goods={g} />
        </div>
        <ShopCardBox shop={g.shop} />
      </div>
      <div className="am-detail-body">
        <div className="am-box">
          <div className="am-box-title">规格参数</div>
          <div className="am-box-pad">
            {g.attributes.length ? (
              <table className="am-attr-table">
                <tbody>
                  {Array.from({ length: Math.ceil(g.attributes.length / 3) }, (_, r) => (
                    <tr key={r}>
                      {g.attributes
                        .slice(r * 3, r * 3 + 3)
                        .flatMap((a) => [
                          <td key={`n${a.name}`}>{a.name}</td>,
                          <td key={`v${a.name}`}>{a.value}</td>,
                        ])}
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <span className="am-muted">暂无规格参数</span>
            )}
          </div>
          <div className="am-box-title">商品详情</div>
          <div className="am-box-pad">
            {g.description ? (
              <div className="am-rich" dangerouslySetInnerHTML={{ __html: g.description }} />
            ) : (
              <span className="am-muted">暂无详细介绍</span>
            )}
          </div>
          <div className="am-box-title">评价与问答</div>
          <Suspense fallback={<div className="am-box-pad am-muted">加载中…</div>}>
            <GoodsDiscussions productId={g.id} unit={g.unit} />
          </Suspense>
        </div>
        <aside className="am-box">
          <div className="am-box-title">相关商品</div>
          <div className="am-related" data-testid="related-goods">
            {g.related.length ? (
              g.related.map((r) => <GoodsCard key={r.id} item={r} showShop={false} />)
            ) : (
              <span className="am-muted">暂无</span>
            )}
          </div>
        </aside>
      </div>
    </div>
  );
}
