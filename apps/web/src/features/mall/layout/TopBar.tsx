import { Link } from 'react-router';
import { CompanyType } from '@aquamall/shared/enums';
import { currentUserName } from '../../../lib/current-user.ts';
import { useCartCount } from '../../../lib/cart-count.ts';
import { logout, useSession } from '../../session/index.ts';
import { useMallCompanyType } from '../api/session-user.ts';

/** The thin bar above the mall header: welcome, login/register or the user's name with 退出, workbench link. */
export function TopBar({ siteName }: { siteName: string }) {
  // Re-read on session changes (login in this tab, logout); the name comes from the stored user.
  const { token } = useSession();
  const name = token ? currentUserName() : null;
  const purchaser = useMallCompanyType() === CompanyType.PURCHASER;
  const cart = useCartCount(purchaser);
  return (
    <div className="am-topbar">
      <div className="am-container am-topbar-row">
        <div className="am-topbar-left">
          <span>您好，欢迎来到{siteName}！</span>
          {name ? (
            <>
              <span className="am-topbar-user" data-testid="topbar-user">
                {name}
              </span>
              <button
                type="button"
                className="am-linklike"
                onClick={() => void logout({ redirect: '/mall/home' })}
              >
                退出
              </button>
            </>
          ) : (
            <>
              <Link to="/sso/login" className="am-topbar-strong">
                请登录
              </Link>
              <Link to="/sso/register">免费注册</Link>
            </>
          )}
        </div>
        <nav className="am-topbar-right" aria-label="快捷入口">
          <Link to="/">网站首页</Link>
          {purchaser && (
            <Link to="/customer/cart" className="am-topbar-cart" data-testid="topbar-cart">
              购物车<span className="am-topbar-strong">({cart.data?.count ?? 0})</span>
            </Link>
          )}
          <Link to="/customer">工作台</Link>
          <Link to="/merchant/apply">商家入驻</Link>
          <Link to="/mall/notice">帮助中心</Link>
        </nav>
      </div>
    </div>
  );
}
