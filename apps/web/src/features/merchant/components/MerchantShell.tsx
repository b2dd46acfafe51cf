import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A plain page frame for the public merchant-entry pages: brand, title, content. */
export function MerchantShell({ children }: { children: ReactNode }) {
  return (
    <div style={{ minHeight: '100vh', background: 'var(--am-bg)' }}>
      <header style={{ background: '#fff', borderBottom: '1px solid var(--am-border)' }}>
        <div style={{ maxWidth: 1100, margin: '0 auto', padding: '14px 16px', display: 'flex', alignItems: 'center', gap: 16 }}>
          <Link to="/" style={{ fontSize: 20, fontWeight: 700, color: 'var(--am-primary)' }}>
            B2B企业服务平台
          </Link>
          <span style={{ color: 'var(--am-muted)', fontSize: 16 }}>| 商家入驻</span>
          <span style={{ flex: 1 }} />
          <Link to="/mall">进入商城</Link>
          <Link to="/customer/home">工作台</Link>
        </div>
      </header>
      <main style={{ maxWidth: 1100, margin: '24px auto', padding: '0 16px' }}>{children}</main>
    </div>
  );
}
