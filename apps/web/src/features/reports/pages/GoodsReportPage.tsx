import { useMemo } from 'react';
import { Card, Col, Row, Statistic, Tabs } from 'antd';
import type { GoodsReport } from '@aquamall/shared';
import { EChart } from '../../../components/EChart.tsx';
import { ReportShell } from '../components/ReportShell.tsx';
import { rankingOption, trendOption } from '../components/charts.ts';
import { PeriodTable, ProductTable } from '../components/tables.tsx';

/** 商品销售统计 (supplier) and 采购商品统计 (purchaser): goods over time, top products by amount and by quantity. */
export function GoodsReportPage({ report }: { report: 'goodsSale' | 'procurementGoods' }) {
  return (
    <ReportShell report={report} isEmpty={(d) => d.total.orderCount === 0}>
      {(d) => <GoodsReportBody data={d} buyer={report === 'procurementGoods'} />}
    </ReportShell>
  );
}

function GoodsReportBody({ data, buyer }: { data: GoodsReport; buyer: boolean }) {
  const trend = useMemo(
    () =>
      trendOption(
        data.periods.map((p) => p.period),
        [
          { name: buyer ? '采购金额' : '销售金额', values: data.periods.map((p) => p.amount), money: true },
          { name: '数量', values: data.periods.map((p) => p.quantity) },
        ],
      ),
    [data, buyer],
  );
  const byAmount = useMemo(
    () =>
      rankingOption(
        data.products.slice(0, 10).map((p) => ({ name: p.name, value: p.amount })),
        true,
      ),
    [data],
  );
  const byQuantity = useMemo(
    () =>
      rankingOption(
        data.topByQuantity.map((p) => ({ name: `${p.name}（${p.unit}）`, value: p.quantity })),
        false,
      ),
    [data],
  );
  return (
    <>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={8}>
          <Statistic
            title={buyer ? '采购商品金额（元）' : '商品销售金额（元）'}
            value={data.total.amount}
            precision={2}
          />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title="商品数量" value={data.total.quantity} />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title="订单数" value={data.total.orderCount} />
        </Col>
      </Row>
      <Card size="small" title="金额与数量趋势" style={{ marginBottom: 16 }}>
        <EChart option={trend} label="趋势" />
      </Card>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title="金额排行（前10）">
            <EChart option={byAmount} label="金额排行" height={320} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="数量排行（前10）">
            <EChart option={byQuantity} label="数量排行" height={320} />
          </Card>
        </Col>
      </Row>
      <Tabs
        items={[
          {
            key: 'products',
            label: `商品排行（前${data.products.length}）`,
            children: <ProductTable rows={data.products} />,
          },
          {
            key: 'period',
            label: '按周期',
            children: <PeriodTable rows={data.periods} amountTitle="商品金额" quantity />,
          },
        ]}
      />
    </>
  );
}
