import '../components/mall-pages.css';
import { Link } from 'react-router';
import { THUMB_WIDTH } from '@aquamall/shared';
import { Img } from '../../../components/Img.tsx';
import { Price } from '../../../components/Format.tsx';
import { Crumbs } from '../components/Crumbs.tsx';
import { KeywordSearch } from '../components/KeywordSearch.tsx';
import { ListHead } from '../components/ListHead.tsx';
import { PagedListState } from '../components/ListState.tsx';
import { ShopBadges } from '../components/ShopCardBox.tsx';
import { Highlight } from '../components/Highlight.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useMetaDescription } from '../components/meta.ts';
import { useShops } from '../api/shops.ts';
import { searchTerms } from '@aquamall/shared';

const PAGE_SIZE = 10;

/** shopList: supplier shops, query `name` (docs/product/mall.md#mall-routes). */
export default function ShopListPage() {
  const state = useUrlState();
  const name = state.get('name').trim();
  const shops = useShops({ name: name || undefined, pageIndex: state.page, pageSize: PAGE_SIZE });
  const data = shops.data;
  const words = searchTerms(name);
  useMetaDescription('水处理药剂、设备、膜组件与泵阀的认证生产厂家、经销商和服务商，在线查看店铺与商品。');
  return (
    <div className="am-container am-page">
      <Crumbs items={[{ title: '供应商' }]} />
      <ListHead title="供应商" total={data?.total} unit="家">
        <KeywordSearch
          value={name}
          placeholder="搜索店铺或公司名称"
          onSearch={(v) => state.set({ name: v })}
        />
      </ListHead>
      <PagedListState query={shops} state={state} pageSize={PAGE_SIZE} emptyText="没有找到相关供应商">
        {data?.list.map((s) => (
          <div key={s.id} className="am-shop-row" data-testid="shop-row">
            <div className="am-shop-row-info">
              <div className="am-shopcard-head">
                <Img src={s.logo} width={THUMB_WIDTH} alt={s.shopName} className="am-shopcard-logo" />
                <div>
                  <h3>
                    <Link to={`/mall/shopHome?id=${s.id}`}>
                      <Highlight text={s.shopName} words={words} />
                    </Link>
                  </h3>
                  <div className="am-muted am-small">
                    <Highlight text={s.companyName} words={words} />
                  </div>
                </div>
              </div>
              <ShopBadges shop={s} />
              <p>
                {s.areaName ? `所在地区：${s.areaName} · ` : ''}在售商品：{s.productCount} 件
              </p>
              <p className="am-clamp-2">主营：{s.mainBusiness || '无'}</p>
              <Link
                to={`/mall/shopHome?id=${s.id}`}
                className="am-btn am-btn-primary"
                style={{ marginTop: 10 }}
              >
                进入店铺
              </Link>
            </div>
            <div className="am-shop-row-products">
              {s.products.map((p) => (
                <Link key={p.id} to={`/mall/goodsDetail?id=${p.id}`} className="am-mini-goods">
                  <Img src={p.defaultImage} alt={p.name} />
                  <span title={p.name}>{p.name}</span>
                  <Price value={p.price} />
                </Link>
              ))}
              {!s.products.length ? <span className="am-muted am-small">暂无在售商品</span> : null}
            </div>
          </div>
        ))}
      </PagedListState>
    </div>
  );
}
