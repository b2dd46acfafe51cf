import '../site-home.css';
import { Link } from 'react-router';
import { useNavMenu } from '../../../lib/site-content/navigation.ts';
import { useIndexBanners } from '../../../lib/site-content/banners.ts';
import { useStatistics } from '../../../lib/site-content/statistics.ts';
import { usePartners } from '../../../lib/site-content/partners.ts';
import { useFooter } from '../../../lib/site-content/footer.ts';
import { useSiteData } from '../../../lib/site-content/site-data.ts';
import { BannerCarousel } from '../../../components/site/BannerCarousel.tsx';
import { StatsStrip } from '../../../components/site/StatsStrip.tsx';
import { PartnerWall } from '../../../components/site/PartnerWall.tsx';
import { SiteFooter } from '../../../components/site/SiteFooter.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';
import { ServiceGrid } from '../components/ServiceGrid.tsx';

const SITE_NAME = 'B2B企业服务平台';

/** The site home (docs/product/mall.md#site-home, site-home): header with home_top_menu, hero, services, figures, partners, footer. */
export default function SiteHomePage() {
  const nav = useNavMenu('home_top_menu');
  const banners = useIndexBanners();
  const stats = useStatistics();
  const partners = usePartners();
  const footer = useFooter();
  const site = useSiteData();
  const siteName = site.data?.settings.siteName || SITE_NAME;
  return (
    <div className="am-site">
      <SiteHeader siteName={siteName} nav={nav.data ?? []} />
      <section className="am-hero">
        <BannerCarousel banners={banners.data} loading={banners.isPending} height={440} fallback={<div className="am-hero-fallback" />} />
        <div className="am-hero-copy">
          <div className="am-container">
            <h1>水务产业 B2B 企业服务平台</h1>
            <p>水处理药剂 · 水处理设备 · 膜及膜组件 · 泵阀管件 · 农资大宗商品</p>
            <p className="am-hero-sub">企业认证、在线询价、招标投标、订单与账期，一站完成</p>
            <div className="am-hero-cta">
              <Link to="/mall/home" className="am-btn am-btn-primary am-btn-lg">
                进入商城
              </Link>
              <Link to="/merchant/apply" className="am-btn am-btn-light am-btn-lg">
                商家入驻
              </Link>
            </div>
          </div>
        </div>
      </section>

      <div className="am-container am-site-stats">
        <StatsStrip stats={stats.data?.length ? stats.data : site.data?.statisticDatas} loading={stats.isPending && site.isPending} />
      </div>

      <section className="am-container am-site-section">
        <header className="am-site-section-head">
          <h2>平台服务</h2>
          <p>从找货、询价到招投标，覆盖企业采购全流程</p>
        </header>
        <ServiceGrid />
      </section>

      <section className="am-site-band">
        <div className="am-container am-site-band-row">
          <div>
            <h2>成为平台商家，触达全国水务采购商</h2>
            <p>提交营业执照等资质，平台审核通过后即可开店发布商品。</p>
          </div>
          <Link to="/merchant/apply" className="am-btn am-btn-light am-btn-lg">
            立即入驻
          </Link>
        </div>
      </section>

      <section className="am-container am-site-section">
        <header className="am-site-section-head">
          <h2>合作企业</h2>
          <p>与水务集团、环保工程公司和优质厂商携手共建</p>
        </header>
        <PartnerWall partners={partners.data} loading={partners.isPending} error={partners.isError} onRetry={() => void partners.refetch()} />
      </section>

      <SiteFooter links={footer.data?.links ?? site.data?.footerLinks ?? []} tips={footer.data?.questions.length ? footer.data.questions : site.data?.footerQuestions} settings={site.data?.settings} />
    </div>
  );
}
