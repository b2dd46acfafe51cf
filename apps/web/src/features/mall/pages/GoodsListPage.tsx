import '../components/mall-pages.css';
import { useSearchParams } from 'react-router';
import { GoodsBrowser } from '../components/GoodsBrowser.tsx';
import { useLateTitle, useMetaDescription } from '../components/meta.ts';

/** goodsList: the product list (docs/product/mall.md#mall-routes). */
export default function GoodsListPage() {
  const [params] = useSearchParams();
  const keyword = params.get('productName')?.trim();
  const category = params.get('categoryName');
  useLateTitle(keyword ? `${keyword} - 商品搜索` : undefined);
  useMetaDescription(
    `${category || keyword || '水处理药剂、设备、膜组件、泵阀'}的批发采购价格、供应商与规格参数，源头厂家在线询价。`,
  );
  return <GoodsBrowser title="商品列表" />;
}
