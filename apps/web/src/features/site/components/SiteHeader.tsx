import { Link } from 'react-router';
import type { NavLink } from '@aquamall/shared';
import { NavAnchor } from '../../../components/NavAnchor.tsx';
import { currentUserName } from '../../../lib/current-user.ts';
import { useSession } from '../../session/index.ts';

/** The site home's header: logo, the home_top_menu navigation, merchant entry and sign-in links. */
export function SiteHeader({ siteName, nav }: { siteName: string; nav: NavLink[] }) {
  const { token } = useSession(); // re-render on login/logout
  const name = token ? currentUserName() : null;
  return (
    <header className="am-site-header">
      <div className="am-container am-site-header-row">
        <Link to="/" className="am-brand">
          <img src="/images/logo.svg" alt="" width={40} height={40} />
          <span className="am-brand-text">
            <strong>{siteName}</strong>
            <small>水务产业互联网服务平台</small>
          </span>
        </Link>
        <nav className="am-site-nav" aria-label="网站导航" data-testid="site-nav">
          {nav.map((l) => (
            <NavAnchor key={l.title} href={l.linkUrl} target={l.target}>
              {l.title}
            </NavAnchor>
          ))}
        </nav>
        <div className="am-site-actions">
          <Link to="/merchant/apply" className="am-btn am-btn-ghost" data-testid="merchant-entry">
            商家入驻
          </Link>
          {name ? (
            <Link to="/customer" className="am-btn am-btn-primary">
              {name}
            </Link>
          ) : (
            <>
              <Link to="/sso/login" className="am-site-login">
                登录
              </Link>
              <Link to="/sso/register" className="am-btn am-btn-primary">
                免费注册
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
