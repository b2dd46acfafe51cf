import { useMemo } from 'react';
import { Card, Col, Row, Statistic, Tabs } from 'antd';
import type { OrderReport } from '@aquamall/shared';
import { EChart } from '../../../components/EChart.tsx';
import { ReportShell } from '../components/ReportShell.tsx';
import { rankingOption, shareOption, trendOption } from '../components/charts.ts';
import { CategoryTable, CounterpartTable, PeriodTable } from '../components/tables.tsx';

/** 采购统计 (purchaser: spend by period, supplier, category) and 订单销售统计 (supplier: the same by customer). */
export function OrderReportPage({ report }: { report: 'procurement' | 'orderSale' }) {
  return (
    <ReportShell report={report} isEmpty={(d) => d.total.orderCount === 0}>
      {(d) => <OrderReportBody data={d} buyer={report === 'procurement'} />}
    </ReportShell>
  );
}

function OrderReportBody({ data, buyer }: { data: OrderReport; buyer: boolean }) {
  const who = buyer ? '供应商' : '客户';
  const trend = useMemo(
    () =>
      trendOption(
        data.periods.map((p) => p.period),
        [
          { name: buyer ? '采购金额' : '销售金额', values: data.periods.map((p) => p.amount), money: true },
          { name: '订单数', values: data.periods.map((p) => p.orderCount) },
        ],
      ),
    [data, buyer],
  );
  const ranking = useMemo(
    () =>
      rankingOption(
        data.counterparts.slice(0, 10).map((c) => ({ name: c.name, value: c.amount })),
        true,
      ),
    [data],
  );
  const shares = useMemo(
    () => shareOption(data.categories.map((c) => ({ name: c.name, value: c.amount }))),
    [data],
  );
  const avg = data.total.orderCount ? Number(data.total.amount) / data.total.orderCount : 0;
  return (
    <>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic
            title={buyer ? '采购金额（元）' : '销售金额（元）'}
            value={data.total.amount}
            precision={2}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="订单数" value={data.total.orderCount} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="平均订单金额（元）" value={avg} precision={2} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={`${who}数`} value={data.counterparts.length} />
        </Col>
      </Row>
      <Card size="small" title={buyer ? '采购趋势' : '销售趋势'} style={{ marginBottom: 16 }}>
        <EChart option={trend} label="趋势" />
      </Card>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title={`${who}排行（前10）`}>
            <EChart option={ranking} label={`${who}排行`} height={300} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="品类占比">
            <EChart option={shares} label="品类占比" height={300} />
          </Card>
        </Col>
      </Row>
      <Tabs
        items={[
          {
            key: 'period',
            label: '按周期',
            children: <PeriodTable rows={data.periods} amountTitle="订单金额" />,
          },
          {
            key: 'who',
            label: `按${who}`,
            children: <CounterpartTable rows={data.counterparts} title={who} />,
          },
          { key: 'category', label: '按品类', children: <CategoryTable rows={data.categories} /> },
        ]}
      />
    </>
  );
}
