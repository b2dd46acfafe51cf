import '../components/mall-pages.css';
import { ApiError } from '../../../lib/api.ts';
import { usePageTitle } from '../../../app/RootLayout.tsx';
import { Img } from '../../../components/Img.tsx';
import { LoadError, SkeletonBlock } from '../../../components/Skeletons.tsx';
import { KeywordSearch } from '../components/KeywordSearch.tsx';
import { NotFoundBox } from '../components/NotFoundBox.tsx';
import { ShopBadges } from '../components/ShopCardBox.tsx';
import { ShopCompanyInfo } from '../components/ShopCompanyInfo.tsx';
import { ShopFloors, ShopGoods } from '../components/ShopGoods.tsx';
import { useIdParam, useUrlState } from '../components/url-state.ts';
import { useMetaDescription } from '../components/meta.ts';
import { useShopCategories, useShopInfo } from '../api/shops.ts';

const TABS = [
  { key: '', label: '店铺首页' },
  { key: 'goods', label: '全部商品' },
  { key: 'about', label: '公司介绍' },
] as const;

/** shopHome: banner, info, floors, the shop's categories and products, search inside the shop. */
export default function ShopHomePage() {
  const id = useIdParam();
  const state = useUrlState();
  const info = useShopInfo(id);
  const cats = useShopCategories(id);
  const shop = info.data;
  const kw = state.get('kw').trim();
  const cat = state.get('cat');
  const tab = kw || cat ? 'goods' : state.get('tab');
  usePageTitle(shop?.shopName);
  useMetaDescription(
    shop
      ? `${shop.shopName}（${shop.companyName}）：${shop.mainBusiness || shop.introduction}`.slice(0, 150)
      : undefined,
  );

  if (!id || (info.error instanceof ApiError && info.error.code === 4)) {
    return <NotFoundBox text="店铺不存在或已关闭" back="/mall/shopList" backText="去看看其他供应商" />;
  }
  if (info.isError)
    return (
      <div className="am-container am-page">
        <LoadError onRetry={() => void info.refetch()} />
      </div>
    );
  return (
    <div className="am-shop">
      <div className="am-shop-banner">
        {shop?.banner ? <Img src={shop.banner} alt="" loading="eager" /> : null}
        <div className="am-shop-banner-text">
          <div className="am-container">
            {shop ? (
              <>
                <Img src={shop.logo} alt={shop.shopName} loading="eager" />
                <div>
                  <h1>{shop.shopName}</h1>
                  <ShopBadges shop={shop} />
                </div>
              </>
            ) : (
              <SkeletonBlock height={72} width={360} />
            )}
          </div>
        </div>
      </div>
      <div className="am-shop-nav">
        <div className="am-container">
          <div className="am-shop-nav-tabs" role="tablist">
            {TABS.map((t) => (
              <button
                key={t.key}
                type="button"
                role="tab"
                aria-selected={tab === t.key}
                className={tab === t.key ? 'is-active' : ''}
                onClick={() => state.set({ tab: t.key, kw: undefined, cat: undefined })}
              >
                {t.label}
              </button>
            ))}
          </div>
          <KeywordSearch
            value={kw}
            placeholder="在本店内搜索"
            width={280}
            onSearch={(v) => state.set({ kw: v, tab: undefined })}
          />
        </div>
      </div>
      <div className="am-container am-page">
        <div className="am-shop-layout">
          <aside>
            <div className="am-side-menu" aria-label="店铺分类">
              <button
                type="button"
                className={!cat && tab === 'goods' ? 'is-active' : ''}
                onClick={() => state.set({ tab: 'goods', cat: undefined, kw: undefined })}
              >
                全部商品 <span className="am-muted">{shop?.productCount ?? ''}</span>
              </button>
              {cats.data?.map((c) => (
                <button
                  key={c.categoryCode}
                  type="button"
                  className={cat === c.categoryCode ? 'is-active' : ''}
                  onClick={() => state.set({ cat: c.categoryCode, kw: undefined, tab: undefined })}
                >
                  {c.name} <span className="am-muted">{c.count}</span>
                </button>
              ))}
            </div>
            {shop ? (
              <div className="am-shopcard" style={{ marginTop: 12 }}>
                <div className="am-shopcard-name">联系方式</div>
                <dl className="am-shopcard-facts">
                  <div>
                    <dt>联系人</dt>
                    <dd>{shop.contactName || '无'}</dd>
                  </div>
                  <div>
                    <dt>电话</dt>
                    <dd>{shop.contactPhone}</dd>
                  </div>
                  <div>
                    <dt>地区</dt>
                    <dd>{shop.areaName || '无'}</dd>
                  </div>
                  <div>
                    <dt>地址</dt>
                    <dd>{shop.address || '无'}</dd>
                  </div>
                </dl>
              </div>
            ) : null}
          </aside>
          <section>
            {tab === 'about' && id ? <ShopCompanyInfo id={id} /> : null}
            {tab === 'goods' && id ? (
              <ShopGoods companyId={id} keyword={kw} categoryCode={cat} state={state} />
            ) : null}
            {tab !== 'about' && tab !== 'goods' && id ? <ShopFloors id={id} /> : null}
          </section>
        </div>
      </div>
    </div>
  );
}
