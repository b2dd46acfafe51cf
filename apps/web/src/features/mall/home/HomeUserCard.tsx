import { Link } from 'react-router';
import { currentUserName } from '../../../lib/current-user.ts';
import { useSession } from '../../session/index.ts';
import { Img } from '../../../components/Img.tsx';

/** The welcome card beside the banners: sign-in shortcuts, or the user's name and the workbench. */
export function HomeUserCard() {
  const { token } = useSession(); // re-render on login/logout
  const name = token ? currentUserName() : null;
  return (
    <div className="am-home-user">
      <div className="am-home-user-head">
        <Img src="" avatar alt="" className="am-home-avatar" />
        <div>
          <div className="am-home-user-hi">{name ? `${name}，您好` : 'Hi，欢迎来到水务商城'}</div>
          <div className="am-home-user-sub">{name ? '祝您采购顺利' : '登录后享受更多采购服务'}</div>
        </div>
      </div>
      <div className="am-home-user-actions">
        {name ? (
          <Link to="/customer" className="am-btn am-btn-primary">
            进入工作台
          </Link>
        ) : (
          <>
            <Link to="/sso/login" className="am-btn am-btn-primary">
              登录
            </Link>
            <Link to="/sso/register" className="am-btn">
              免费注册
            </Link>
          </>
        )}
      </div>
      <div className="am-home-quick">
        <Link to="/customer/enquiry/edit">发布询价</Link>
        <Link to="/merchant/apply">商家入驻</Link>
        <Link to="/mall/bidindex">招标公告</Link>
        <Link to="/mall/goodsSearch">消费扶贫</Link>
      </div>
    </div>
  );
}
