import { Link, Outlet } from 'react-router';
import { useInstallNavigator } from '../session/index.ts';
import './sso.css';

/** The sign-in pages' frame: a slim header with the platform name and a way back to the mall. */
export function SsoLayout() {
  useInstallNavigator();
  return (
    <div className="sso-page">
      <header className="sso-header">
        <div className="am-container sso-header-inner">
          <Link to="/" className="sso-brand">
            <img className="sso-logo" src="/images/logo.svg" alt="" width={34} height={34} />
            <span>B2B企业服务平台</span>
          </Link>
          <nav className="sso-header-links">
            <Link to="/mall">返回商城</Link>
            <Link to="/">网站首页</Link>
          </nav>
        </div>
      </header>
      <main className="sso-main">
        <Outlet />
      </main>
      <footer className="sso-footer">© 2026 B2B企业服务平台 · 水处理与大宗商品采购服务</footer>
    </div>
  );
}

/** A centred white card with a title, for the single-form pages. */
export function SsoCard({ title, children, width = 440 }: { title: string; children: React.ReactNode; width?: number }) {
  return (
    <div className="sso-card" style={{ width }}>
      <h2 className="sso-card-title">{title}</h2>
      {children}
    </div>
  );
}
