import { useState } from 'react';
import { Button, Cascader, Checkbox, InputNumber, Select } from 'antd';
import type { CategoryNode, GoodsFacet } from '@aquamall/shared';
import { useCategories } from '../../../lib/site-content/categories.ts';
import { useAreas } from '../api/areas.ts';
import { useShops } from '../api/shops.ts';
import type { useUrlState } from './url-state.ts';

type UrlState = ReturnType<typeof useUrlState>;

/** The node of a code in the tree, and its ancestors. */
function findPath(tree: CategoryNode[], code: string): CategoryNode[] {
  for (const n of tree) {
    if (n.categoryCode === code) return [n];
    const sub = findPath(n.children ?? [], code);
    if (sub.length) return [n, ...sub];
  }
  return [];
}

/**
 * A keyword's categories with their counts. When the keyword has more matches than the server counts, the counts
 * describe the first `cappedAt` matches only, and the hint says so (docs/decisions/0061, 2026-11-24).
 */
export function FacetChips({
  facets,
  cappedAt,
  onPick,
}: {
  facets: GoodsFacet[];
  cappedAt?: number;
  onPick: (f: GoodsFacet) => void;
}) {
  return (
    <>
      {facets.map((f) => (
        <button key={f.categoryCode} type="button" className="am-filter-chip" onClick={() => onPick(f)}>
          {f.name} <span className="am-muted">({f.count})</span>
        </button>
      ))}
      {cappedAt ? (
        <span className="am-muted am-small" data-testid="facets-capped">
          分类统计基于前 {cappedAt} 件商品
        </span>
      ) : null}
    </>
  );
}

/** Category, price, supplier, origin and poverty-relief filters; every change goes to the query string. */
export function GoodsFilters({
  state,
  povertyFixed,
  facets,
  facetsCappedAt,
}: {
  state: UrlState;
  povertyFixed?: boolean;
  /** Categories of a keyword's matches with counts, shown instead of the tree while no category is picked. */
  facets?: GoodsFacet[];
  /** The facets count only this many first matches (the keyword has more). */
  facetsCappedAt?: number;
}) {
  const categories = useCategories();
  const areas = useAreas();
  // The supplier list loads when the select is first opened, not on every list view.
  const [wantShops, setWantShops] = useState(false);
  const shops = useShops({ pageIndex: 1, pageSize: 100 }, wantShops);
  const code = state.get('categoryCode');
  const path = categories.data ? findPath(categories.data, code) : [];
  const current = path[path.length - 1];
  const options = code ? (current?.children ?? []) : (categories.data ?? []);
  const [min, setMin] = useState<number | null>(state.num('priceMin') ?? null);
  const [max, setMax] = useState<number | null>(state.num('priceMax') ?? null);
  const [priceKey, setPriceKey] = useState(`${state.get('priceMin')}|${state.get('priceMax')}`);
  const urlPriceKey = `${state.get('priceMin')}|${state.get('priceMax')}`;
  if (priceKey !== urlPriceKey) {
    // the URL changed (a tag was removed, back/forward): show what it says
    setPriceKey(urlPriceKey);
    setMin(state.num('priceMin') ?? null);
    setMax(state.num('priceMax') ?? null);
  }
  const pickCategory = (n: CategoryNode) =>
    state.set({ categoryCode: n.categoryCode, categoryName: n.name, title: n.name });

  return (
    <div className="am-filters" data-testid="goods-filters">
      <div className="am-filter-row">
        <div className="am-filter-label">分类</div>
        <div className="am-filter-values">
          {path.length ? (
            <span className="am-filter-path">
              {path.map((n) => (
                <button
                  key={n.categoryCode}
                  type="button"
                  className="am-linklike"
                  onClick={() => pickCategory(n)}
                >
                  {n.name}
                </button>
              ))}
            </span>
          ) : null}
          {!code && facets?.length ? (
            <FacetChips
              facets={facets}
              cappedAt={facetsCappedAt}
              onPick={(f) => state.set({ categoryCode: f.categoryCode, categoryName: f.name, title: f.name })}
            />
          ) : (
            options.map((n) => (
              <button
                key={n.categoryCode}
                type="button"
                className="am-filter-chip"
                onClick={() => pickCategory(n)}
              >
                {n.name}
              </button>
            ))
          )}
          {!options.length && !path.length ? <span className="am-muted">暂无分类</span> : null}
        </div>
      </div>
      <div className="am-filter-row">
        <div className="am-filter-label">价格</div>
        <div className="am-filter-values">
          <InputNumber
            size="small"
            min={0}
            placeholder="¥ 最低"
            value={min}
            onChange={(v) => setMin(v)}
            aria-label="最低价"
          />
          <span className="am-muted">—</span>
          <InputNumber
            size="small"
            min={0}
            placeholder="¥ 最高"
            value={max}
            onChange={(v) => setMax(v)}
            aria-label="最高价"
          />
          <Button
            size="small"
            onClick={() => {
              const [lo, hi] = min !== null && max !== null && min > max ? [max, min] : [min, max];
              state.set({ priceMin: lo ?? undefined, priceMax: hi ?? undefined });
            }}
          >
            确定
          </Button>
        </div>
      </div>
      <div className="am-filter-row">
        <div className="am-filter-label">供应商</div>
        <div className="am-filter-values">
          <Select
            size="small"
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            placeholder="全部供应商"
            style={{ width: 260 }}
            value={state.num('companyId')}
            loading={shops.isFetching}
            onOpenChange={(open) => open && setWantShops(true)}
            options={
              shops.data
                ? shops.data.list.map((s) => ({ value: s.id, label: s.shopName }))
                : state.num('companyId')
                  ? [
                      {
                        value: state.num('companyId') as number,
                        label: state.get('companyName') || String(state.num('companyId')),
                      },
                    ]
                  : []
            }
            onChange={(id: number | undefined, opt) => {
              const label = opt && !Array.isArray(opt) ? String(opt.label) : undefined;
              state.set({ companyId: id, companyName: id ? label : undefined });
            }}
            aria-label="供应商"
          />
          {areas.data?.length ? (
            <>
              <span className="am-filter-label am-filter-label-inline">产地</span>
              <Cascader
                size="small"
                style={{ width: 220 }}
                placeholder="全部产地"
                changeOnSelect
                allowClear
                options={areas.data.map((p) => ({
                  value: p.sysNo,
                  label: p.name,
                  children: (p.children ?? []).map((c) => ({ value: c.sysNo, label: c.name })),
                }))}
                onChange={(vals, opts) => {
                  const last = opts?.[opts.length - 1];
                  state.set({
                    areaCode: vals?.length ? Number(vals[vals.length - 1]) : undefined,
                    areaName: last ? String(last.label) : undefined,
                  });
                }}
                aria-label="产地"
              />
            </>
          ) : null}
          {povertyFixed ? null : (
            <Checkbox
              checked={state.get('povertyRelief') === '1'}
              onChange={(e) => state.set({ povertyRelief: e.target.checked ? '1' : undefined })}
            >
              只看扶贫商品
            </Checkbox>
          )}
        </div>
      </div>
    </div>
  );
}
