import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Space, Typography } from 'antd';
import {
  BellOutlined,
  EditOutlined,
  LogoutOutlined,
  ShoppingCartOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { CompanyType } from '@aquamall/shared';
import { logout, type SessionUser } from '../../session/index.ts';
import { todoQuery } from '../api/access.ts';
import { useCartCount } from '../../../lib/cart-count.ts';
import './workbench-layout.css';

/**
 * Workbench header (docs/product/workbench.md#layout): company name, the user's real name or nickname, logout; purchasers (type 4)
 * get the publish-enquiry button, the cart link and the label 我的采购, others 我的供货订单.
 */
export function WorkbenchHeader({ user }: { user: SessionUser | null }) {
  const purchaser = user?.extension.CompanyType === CompanyType.PURCHASER;
  const name = user?.realName || user?.nickName || user?.phone || '';
  const { data: todo } = useQuery({ ...todoQuery, enabled: !!user?.extension.CompanyId });
  const { data: cart } = useCartCount(purchaser);
  return (
    <header className="wb-header">
      <Link to="/mall" className="wb-brand" aria-label="返回商城">
        <img src="/images/logo.svg" alt="" width={28} height={28} />
        <span className="wb-hide-sm">B2B企业服务平台</span>
      </Link>
      <Link
        to="/customer/home"
        className="wb-hide-sm"
        style={{ fontSize: 16, color: '#262626' }}
        data-testid="workbench-label"
      >
        {purchaser ? '我的采购' : '我的供货订单'}
      </Link>
      <div style={{ flex: 1 }} />
      <Space size="middle">
        {purchaser && (
          <>
            <Link to="/customer/enquiry/edit">
              <Button type="primary" icon={<EditOutlined />} data-testid="publish-enquiry">
                发布询价
              </Button>
            </Link>
            <Link to="/customer/cart" data-testid="cart-link">
              <Badge count={cart?.count ?? 0} size="small" offset={[4, -2]} data-testid="cart-count">
                <ShoppingCartOutlined /> <span className="wb-hide-sm">购物车</span>
              </Badge>
            </Link>
          </>
        )}
        <Link to="/customer/message/index" aria-label="我的消息">
          <Badge count={todo?.unreadMessages ?? 0} size="small">
            <BellOutlined style={{ fontSize: 16, color: '#595959' }} />
          </Badge>
        </Link>
        <Typography.Text type="secondary" className="wb-hide-sm" data-testid="company-name">
          {user?.extension.CompanyName}
        </Typography.Text>
        <span className="wb-hide-sm" data-testid="user-name">
          <UserOutlined /> {name}
        </span>
        <Button type="link" icon={<LogoutOutlined />} onClick={() => void logout()} aria-label="退出">
          <span className="wb-hide-sm">退出</span>
        </Button>
      </Space>
    </header>
  );
}
