import '../components/mall-pages.css';
import { useMetaDescription } from '../components/meta.ts';
import { GoodsBrowser } from '../components/GoodsBrowser.tsx';

/** goodsSearch: the consumer poverty-relief (消费扶贫) view — only products flagged as such (docs/product/mall.md#mall-routes). */
export default function GoodsSearchPage() {
  useMetaDescription('消费扶贫专区：来自脱贫地区的农副产品与大宗商品，源头直采，以购代捐。');
  return (
    <GoodsBrowser
      povertyOnly
      title="消费扶贫"
      banner={
        <div className="am-poverty-banner">
          <div>
            <h1>消费扶贫专区</h1>
            <p>脱贫地区特色产品 · 源头直采 · 以购代捐，助力乡村振兴</p>
          </div>
        </div>
      }
    />
  );
}
