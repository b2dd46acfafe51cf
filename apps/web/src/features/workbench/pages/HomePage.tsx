import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import {
  CompanyType,
  enumLabel,
  type TradeTodo,
  type TradeTodoKey,
  type WorkbenchTodo,
} from '@aquamall/shared';
import { useSession } from '../../session/index.ts';
import { todoQuery } from '../api/access.ts';

interface TodoCard {
  title: string;
  value: (t: WorkbenchTodo | undefined) => number;
  to: string;
}

/** The titles of the trade to-dos the server counts (only those whose list the user may open). */
const TRADE_TITLES: Record<TradeTodoKey, string> = {
  quotingEnquiries: '报价中的询价',
  toPayOrders: '待付款订单',
  toReceiveOrders: '待收货订单',
  openRmas: '处理中的售后',
  toConfirmOrders: '待确认订单',
  toShipOrders: '待发货订单',
  pendingRmas: '待处理售后',
  pendingInvoices: '待开发票',
};

/** What the cards show while the counts load (the server then leaves out lists the user may not open). */
const LOADING_KEYS: Record<number, TradeTodoKey[]> = {
  [CompanyType.PURCHASER]: ['quotingEnquiries', 'toPayOrders', 'toReceiveOrders', 'openRmas'],
  [CompanyType.SUPPLIER]: ['toConfirmOrders', 'toShipOrders', 'pendingRmas', 'pendingInvoices'],
};

const tradeCard = (t: TradeTodo): TodoCard => ({
  title: TRADE_TITLES[t.key],
  value: () => t.count,
  to: t.to,
});

const COMMON: TodoCard[] = [
  { title: '未读消息', value: (t) => t?.unreadMessages ?? 0, to: '/customer/message/index' },
  { title: '企业用户', value: (t) => t?.users ?? 0, to: '/customer/user/list' },
  { title: '自定义角色', value: (t) => t?.roles ?? 0, to: '/customer/role/list' },
];

const QUICK: Record<number, { label: string; to: string }[]> = {
  [CompanyType.PURCHASER]: [
    { label: '发布询价', to: '/customer/enquiry/edit' },
    { label: '我的询价', to: '/customer/enquiry' },
    { label: '采购订单', to: '/customer/order' },
    { label: '购物车', to: '/customer/cart' },
  ],
  [CompanyType.SUPPLIER]: [
    { label: '商品列表', to: '/customer/product' },
    { label: '我的报价', to: '/customer/quotation' },
    { label: '销售订单', to: '/customer/saleOrder' },
    { label: '库存调整', to: '/customer/inventory/adjustment' },
  ],
};

function Counter({
  card,
  todo,
  loading,
}: {
  card: TodoCard;
  todo: WorkbenchTodo | undefined;
  loading: boolean;
}) {
  const body = (
    <Card hoverable={!loading} size="small">
      <Statistic title={card.title} value={card.value(todo)} loading={loading} />
    </Card>
  );
  // Not a link until the counts are in: a trade card's page and tab come with its count.
  return loading ? (
    body
  ) : (
    <Link to={card.to} aria-label={card.title}>
      {body}
    </Link>
  );
}

/** customer-home: welcome, the company's to-dos with links, certification and membership, shortcuts. */
export default function HomePage() {
  const { user } = useSession();
  const { data: todo, isLoading } = useQuery(todoQuery);
  const type = user?.extension.CompanyType ?? 0;
  const trade =
    todo?.trade ?? (isLoading ? (LOADING_KEYS[type] ?? []).map((key) => ({ key, count: 0, to: '' })) : []);
  const todos = [...trade.map(tradeCard), ...COMMON];
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          您好，{user?.realName || user?.nickName || '用户'}
        </Typography.Title>
        <Space wrap>
          <Typography.Text type="secondary">{user?.extension.CompanyName}</Typography.Text>
          <Tag color="blue">{enumLabel('CompanyType', type) ?? '企业'}</Tag>
          <Link to="/customer/authentication/detail">
            <Tag color={todo?.certStatus === 2 ? 'green' : 'orange'} data-testid="cert-status">
              {enumLabel('CertStatus', todo?.certStatus ?? 0)}
            </Tag>
          </Link>
          {type === CompanyType.SUPPLIER && (
            <Link to="/merchant/apply">
              <Tag color={todo?.merchantStatus === 3 ? 'green' : 'default'} data-testid="merchant-status">
                商家入驻：{enumLabel('MerchantStatus', todo?.merchantStatus ?? 0)}
              </Tag>
            </Link>
          )}
          <Link to="/customer/authentication/member">
            <Tag color="gold">
              {enumLabel('MemberLevel', todo?.memberLevel ?? user?.extension.memberLv ?? 0)}
            </Tag>
          </Link>
        </Space>
      </Card>
      <Card title="待办事项" variant="borderless">
        <Row gutter={[16, 16]}>
          {todos.map((card) => (
            <Col key={card.title} xs={12} md={8} xl={6}>
              <Counter card={card} todo={todo} loading={isLoading} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card title="常用功能" variant="borderless">
        <Space wrap size="middle" className="wb-quick">
          {(QUICK[type] ?? []).map((q) => (
            <Link key={q.to} to={q.to}>
              {q.label}
            </Link>
          ))}
        </Space>
      </Card>
    </Space>
  );
}
