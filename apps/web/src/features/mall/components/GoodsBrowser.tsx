import type { ReactNode } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { GOODS_SORTS, searchTerms, type GoodsSort } from '@aquamall/shared';
import { useGoods } from '../api/goods.ts';
import { ActiveFilters } from './ActiveFilters.tsx';
import { Crumbs } from './Crumbs.tsx';
import { GoodsCard } from './GoodsCard.tsx';
import { MyPricesForGoods } from './MyPrice.tsx';
import { GoodsFilters } from './GoodsFilters.tsx';
import { PagedListState } from './ListState.tsx';
import { useUrlState } from './url-state.ts';

const PAGE_SIZE = 20;

/** goodsList and goodsSearch: filters, removable tags, sort bar, result count, grid and paging, all in the URL. */
export function GoodsBrowser({
  povertyOnly,
  title,
  banner,
}: {
  povertyOnly?: boolean;
  title: string;
  banner?: ReactNode;
}) {
  const state = useUrlState();
  const sortParam = state.get('sort');
  const sort: GoodsSort = (GOODS_SORTS as readonly string[]).includes(sortParam)
    ? (sortParam as GoodsSort)
    : 'relevance';
  const query = {
    productName: state.get('productName').trim().slice(0, 40) || undefined,
    categoryCode: state.get('categoryCode') || undefined,
    priceMin: state.num('priceMin'),
    priceMax: state.num('priceMax'),
    companyId: state.num('companyId'),
    areaCode: state.num('areaCode'),
    povertyRelief: povertyOnly || state.get('povertyRelief') === '1' ? true : undefined,
    sort,
    pageIndex: state.page,
    pageSize: PAGE_SIZE,
  };
  const goods = useGoods(query);
  const data = goods.data;
  // Words the server added as synonyms (PAC → 聚合氯化铝 …), shown so a surprising match explains itself.
  const typed = new Set(searchTerms(query.productName));
  // Pinyin initials (jhlhl) are left out of the hint.
  const synonyms = (data?.keywords ?? []).filter((w) => !typed.has(w) && /[\u3400-\u9fff]/.test(w));
  const setSort = (s: GoodsSort) => state.set({ sort: s === 'relevance' ? undefined : s });
  const priceSort = sort === 'priceAsc' || sort === 'priceDesc';
  const crumbTitle =
    state.get('categoryName') || (query.productName ? `“${query.productName}”的搜索结果` : title);

  return (
    <div className="am-container am-page">
      <Crumbs
        items={[
          { title, to: povertyOnly ? '/mall/goodsSearch' : '/mall/goodsList' },
          ...(crumbTitle !== title ? [{ title: crumbTitle }] : []),
        ]}
      />
      {banner}
      <GoodsFilters
        state={state}
        povertyFixed={povertyOnly}
        facets={data?.facets}
        facetsCappedAt={data?.facetsCapped ? data.total : undefined}
      />
      <ActiveFilters state={state} povertyFixed={povertyOnly} />
      {synonyms.length ? (
        <div className="am-synonyms am-muted am-small" data-testid="synonyms">
          已同时为您搜索：{synonyms.join('、')}
        </div>
      ) : null}
      <div className="am-sortbar">
        <div className="am-sortbar-items" role="group" aria-label="排序">
          {(['relevance', 'sales', 'newest'] as const).map((s) => (
            <button
              key={s}
              type="button"
              className={sort === s ? 'is-active' : ''}
              onClick={() => setSort(s)}
            >
              {{ relevance: '综合', sales: '销量', newest: '新品' }[s]}
            </button>
          ))}
          <button
            type="button"
            className={priceSort ? 'is-active' : ''}
            onClick={() => setSort(sort === 'priceAsc' ? 'priceDesc' : 'priceAsc')}
            aria-label={sort === 'priceAsc' ? '价格从低到高' : sort === 'priceDesc' ? '价格从高到低' : '价格'}
          >
            价格 {sort === 'priceDesc' ? <ArrowDownOutlined /> : <ArrowUpOutlined />}
          </button>
        </div>
        <div className="am-sortbar-count" data-testid="result-count">
          {data ? (
            <>
              共{' '}
              <b>
                {data.total}
                {data.totalCapped ? '+' : ''}
              </b>{' '}
              件商品
            </>
          ) : null}
        </div>
      </div>
      <PagedListState
        query={goods}
        state={state}
        pageSize={PAGE_SIZE}
        emptyText={
          query.productName
            ? `没有找到与“${query.productName}”相关的商品，换个关键词试试`
            : '暂无符合条件的商品'
        }
        skeleton="grid"
      >
        <div
          className={`am-goods-grid${goods.isPlaceholderData ? ' is-stale' : ''}`}
          data-testid="goods-grid"
        >
          <MyPricesForGoods goods={query}>
            {data?.list.map((g) => (
              <GoodsCard key={g.id} item={g} words={data.keywords} />
            ))}
          </MyPricesForGoods>
        </div>
      </PagedListState>
    </div>
  );
}
