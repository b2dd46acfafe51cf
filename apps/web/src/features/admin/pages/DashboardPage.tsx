import { Link } from 'react-router';
import { Badge, Card, Col, Row, Statistic } from 'antd';
import { useConsoleQuery } from '../api/admin.ts';

/** Console home: what waits for review, and a few totals. */
export default function DashboardPage() {
  const { data } = useConsoleQuery('adminDashboard');
  const todo: [string, number | undefined, string][] = [
    ['待审核入驻申请', data?.pendingMerchants, '/admin/merchant'],
    ['待审核企业认证', data?.pendingCertifications, '/admin/certification'],
    ['待确认会员升级', data?.pendingUpgrades, '/admin/member-upgrades'],
  ];
  const totals: [string, number | undefined][] = [
    ['供应商', data?.suppliers],
    ['采购商', data?.purchasers],
    ['已开通店铺', data?.openShops],
    ['在售商品', data?.onSale],
    ['24小时内后台操作', data?.actions24h],
  ];
  return (
    <>
      <Row gutter={[16, 16]}>
        {todo.map(([title, value, to]) => (
          <Col xs={24} sm={8} key={title}>
            <Link to={to}>
              <Card hoverable>
                <Badge dot={!!value}>
                  <Statistic title={title} value={value ?? '-'} />
                </Badge>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <Card title="平台概况" style={{ marginTop: 16 }}>
        <Row gutter={[16, 16]}>
          {totals.map(([title, value]) => (
            <Col xs={12} sm={8} lg={4} key={title}>
              <Statistic title={title} value={value ?? '-'} />
            </Col>
          ))}
        </Row>
      </Card>
    </>
  );
}
