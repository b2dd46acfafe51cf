import { searchTerms } from '@aquamall/shared';
import { useGoods } from '../api/goods.ts';
import { useShopFloors } from '../api/shops.ts';
import { GoodsCard } from './GoodsCard.tsx';
import { MyPricesProvider } from './MyPrice.tsx';
import { ListState, PagedListState } from './ListState.tsx';
import type { useUrlState } from './url-state.ts';

const PAGE_SIZE = 20;

/** The shop's floors (its own arrangement, or best sellers and new arrivals). */
export function ShopFloors({ id }: { id: number }) {
  const floors = useShopFloors(id);
  return (
    <ListState
      isPending={floors.isPending}
      isError={floors.isError}
      empty={!!floors.data && !floors.data.length}
      onRetry={() => void floors.refetch()}
      emptyText="店铺暂无在售商品"
      skeleton="grid"
    >
      {floors.data?.map((f) => (
        <div key={f.title} data-testid="shop-floor">
          <h2 className="am-floor-title">{f.title}</h2>
          <div className="am-goods-grid">
            <MyPricesProvider productIds={f.products.map((g) => g.id)}>
              {f.products.map((g) => (
                <GoodsCard key={g.id} item={g} showShop={false} />
              ))}
            </MyPricesProvider>
          </div>
        </div>
      ))}
    </ListState>
  );
}

/** Search and category inside one shop: the public goods query with `companyId`. */
export function ShopGoods({
  companyId,
  keyword,
  categoryCode,
  state,
}: {
  companyId: number;
  keyword: string;
  categoryCode: string;
  state: ReturnType<typeof useUrlState>;
}) {
  const goods = useGoods({
    companyId,
    productName: keyword || undefined,
    categoryCode: categoryCode || undefined,
    pageIndex: state.page,
    pageSize: PAGE_SIZE,
    sort: 'relevance',
  });
  const data = goods.data;
  return (
    <>
      <div className="am-sortbar">
        <div className="am-sortbar-count" style={{ paddingLeft: 16 }} data-testid="result-count">
          {keyword ? <>本店“{keyword}”的搜索结果：</> : null}
          {data ? (
            <>
              共 <b>{data.total}</b> 件商品
            </>
          ) : null}
        </div>
      </div>
      <PagedListState query={goods} state={state} pageSize={PAGE_SIZE} emptyText="本店没有找到相关商品" skeleton="grid">
        <div className="am-goods-grid" data-testid="goods-grid">
          <MyPricesProvider productIds={data?.list.map((g) => g.id) ?? []}>
            {data?.list.map((g) => (
              <GoodsCard
                key={g.id}
                item={g}
                words={data.keywords.length ? data.keywords : searchTerms(keyword)}
                showShop={false}
              />
            ))}
          </MyPricesProvider>
        </div>
      </PagedListState>
    </>
  );
}
