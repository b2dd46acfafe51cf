import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './merchant-shell.css';

/** A plain page frame for the public merchant-entry pages: brand, title, content. */
export function MerchantShell({ children }: { children: ReactNode }) {
  return (
    <div style={{ minHeight: '100vh', background: 'var(--am-bg)' }}>
      <header style={{ background: '#fff', borderBottom: '1px solid var(--am-border)' }}>
        <div className="mshell-bar">
          <Link to="/" className="mshell-brand">
            <img src="/images/logo.svg" alt="" width={32} height={32} />
            B2B企业服务平台
          </Link>
          <span className="mshell-sub">| 商家入驻</span>
          <span style={{ flex: 1 }} />
          <Link to="/mall">进入商城</Link>
          <Link to="/customer/home">工作台</Link>
        </div>
      </header>
      <main style={{ maxWidth: 1100, margin: '24px auto', padding: '0 16px' }}>{children}</main>
    </div>
  );
}
