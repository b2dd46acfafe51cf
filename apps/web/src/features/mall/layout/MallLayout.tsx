import './mall-layout.css';
import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from '../../../app/RootLayout.tsx';
import { SiteFooter } from '../../../components/site/SiteFooter.tsx';
import { useSiteData } from '../../../lib/site-content/site-data.ts';
import { useFooter } from '../../../lib/site-content/footer.ts';
import { TopBar } from './TopBar.tsx';
import { SearchBar } from './SearchBar.tsx';
import { MallNav } from './MallNav.tsx';

const SITE_NAME = 'B2B企业服务平台';

/** The search group of the deepest route that names one (docs/product/mall.md#search-bar: 0 goods+stores, 2 purchaser, 3 news). */
function useSearchGroup(): number | undefined {
  const matches = useMatches();
  return [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.searchGroup).find((g) => g !== undefined);
}

/** The layout of every /mall route: top bar, search bar, navigation with the catalogue, page, tips and footer. */
export default function MallLayout() {
  const group = useSearchGroup();
  const matches = useMatches();
  const isHome = matches.some((m) => m.id === 'mall-home');
  const site = useSiteData();
  const footer = useFooter();
  const siteName = site.data?.settings.siteName || SITE_NAME;
  return (
    <div className="am-mall">
      <TopBar siteName={siteName} />
      <SearchBar group={group} siteName={siteName} />
      <MallNav items={site.data?.mallNav ?? []} catalogueOpen={isHome} />
      <main className="am-mall-main">
        <Outlet />
      </main>
      <SiteFooter
        links={footer.data?.links.length ? footer.data.links : (site.data?.footerLinks ?? [])}
        tips={site.data?.footerQuestions?.length ? site.data.footerQuestions : footer.data?.questions}
        settings={site.data?.settings}
      />
    </div>
  );
}
