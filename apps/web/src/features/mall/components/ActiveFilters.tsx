import { Tag } from 'antd';
import { formatPrice } from '@aquamall/shared';
import type { useUrlState } from './url-state.ts';

type UrlState = ReturnType<typeof useUrlState>;

/** The filters in force, each a removable tag, plus 清空. */
export function ActiveFilters({ state, povertyFixed }: { state: UrlState; povertyFixed?: boolean }) {
  const tags: { key: string; label: string; clear: Record<string, undefined> }[] = [];
  const kw = state.get('productName');
  if (kw) tags.push({ key: 'kw', label: `关键词：${kw}`, clear: { productName: undefined } });
  const cat = state.get('categoryCode');
  if (cat) {
    tags.push({
      key: 'cat',
      label: `分类：${state.get('categoryName') || cat}`,
      clear: { categoryCode: undefined, categoryName: undefined, title: undefined },
    });
  }
  const lo = state.num('priceMin');
  const hi = state.num('priceMax');
  if (lo !== undefined || hi !== undefined) {
    const text =
      lo !== undefined && hi !== undefined
        ? `${formatPrice(lo)} - ${formatPrice(hi)}`
        : lo !== undefined
          ? `≥ ${formatPrice(lo)}`
          : `≤ ${formatPrice(hi)}`;
    tags.push({ key: 'price', label: `价格：¥${text}`, clear: { priceMin: undefined, priceMax: undefined } });
  }
  if (state.get('companyId')) {
    tags.push({
      key: 'shop',
      label: `供应商：${state.get('companyName') || state.get('companyId')}`,
      clear: { companyId: undefined, companyName: undefined },
    });
  }
  if (state.get('areaCode')) {
    tags.push({
      key: 'area',
      label: `产地：${state.get('areaName') || state.get('areaCode')}`,
      clear: { areaCode: undefined, areaName: undefined },
    });
  }
  if (!povertyFixed && state.get('povertyRelief') === '1')
    tags.push({ key: 'pr', label: '扶贫商品', clear: { povertyRelief: undefined } });
  if (!tags.length) return null;
  const all = Object.assign({}, ...tags.map((t) => t.clear)) as Record<string, undefined>;
  return (
    <div className="am-active-filters" data-testid="active-filters">
      <span className="am-muted">已选条件：</span>
      {tags.map((t) => (
        <Tag key={t.key} closable onClose={() => state.set(t.clear)} color="blue">
          {t.label}
        </Tag>
      ))}
      <button type="button" className="am-linklike" onClick={() => state.set(all)}>
        清空
      </button>
    </div>
  );
}
