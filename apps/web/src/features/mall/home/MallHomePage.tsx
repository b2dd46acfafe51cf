import './mall-home.css';
import { Link } from 'react-router';
import { useSiteData } from '../../../lib/site-content/site-data.ts';
import { usePartners } from '../../../lib/site-content/partners.ts';
import { CategoryMenu } from '../layout/CategoryMenu.tsx';
import { BannerCarousel } from '../../../components/site/BannerCarousel.tsx';
import { StatsStrip } from '../../../components/site/StatsStrip.tsx';
import { PartnerWall } from '../../../components/site/PartnerWall.tsx';
import { LoadError } from '../../../components/Skeletons.tsx';
import { HomeUserCard } from './HomeUserCard.tsx';
import { NoticePanel } from './NoticePanel.tsx';
import { CategoryFloors } from './CategoryFloors.tsx';

const SERVICES = [
  { title: '采购询价', text: '发布需求，多家供应商比价', to: '/mall/enquiry', tone: 'blue' },
  { title: '招标投标', text: '招标公告与中标结果公示', to: '/mall/bidindex', tone: 'teal' },
  { title: '找供应商', text: '认证厂家、经销商与服务商', to: '/mall/shopList', tone: 'orange' },
  { title: '消费扶贫', text: '助农产品直采，源头好货', to: '/mall/goodsSearch', tone: 'green' },
];

/** The mall landing page: catalogue, banners, notices, figures, category guide and partners. */
export default function MallHomePage() {
  const site = useSiteData();
  const partners = usePartners();
  return (
    <div className="am-home">
      <div className="am-container am-home-first">
        <CategoryMenu className="am-cat-static" />
        <div className="am-home-banner">
          {site.isError ? (
            <LoadError onRetry={() => void site.refetch()} text="首页数据加载失败" />
          ) : (
            <BannerCarousel banners={site.data?.mallBanners} loading={site.isPending} height={400} caption fallback={<div className="am-banner-fallback">水务产业B2B采购平台</div>} />
          )}
        </div>
        <aside className="am-home-side">
          <HomeUserCard />
          <NoticePanel size={5} />
        </aside>
      </div>

      <div className="am-container">
        <StatsStrip stats={site.data?.statisticDatas} loading={site.isPending} />

        <div className="am-services">
          {SERVICES.map((s) => (
            <Link key={s.to} to={s.to} className={`am-service am-tone-${s.tone}`}>
              <strong>{s.title}</strong>
              <span>{s.text}</span>
            </Link>
          ))}
        </div>

        <section className="am-section">
          <header className="am-section-head">
            <h2>分类导购</h2>
            <Link to="/mall/goodsList">全部商品 &gt;</Link>
          </header>
          <CategoryFloors />
        </section>

        <section className="am-section am-home-news">
          <NoticePanel size={8} withDate title="行业资讯" />
          <div className="am-home-news-banners">
            {(site.data?.noticeBanners ?? []).slice(0, 2).map((b) => (
              <BannerCarousel key={b.sysNo} banners={[b]} height={150} caption />
            ))}
          </div>
        </section>

        <section className="am-section">
          <header className="am-section-head">
            <h2>合作企业</h2>
          </header>
          <PartnerWall partners={partners.data} loading={partners.isPending} error={partners.isError} onRetry={() => void partners.refetch()} />
        </section>
      </div>
    </div>
  );
}
