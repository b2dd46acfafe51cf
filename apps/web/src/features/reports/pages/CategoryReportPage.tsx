import { useMemo } from 'react';
import { Card, Col, Row, Tabs } from 'antd';
import type { CategoryReport } from '@aquamall/shared';
import { EChart } from '../../../components/EChart.tsx';
import { ReportShell } from '../components/ReportShell.tsx';
import { rankingOption, shareOption, trendOption } from '../components/charts.ts';
import { CategoryTable, PeriodTable } from '../components/tables.tsx';

/** 品类销售统计 (supplier): each category's share of the goods sold, the categories ranked, goods over time. */
export function CategoryReportPage() {
  return (
    <ReportShell report="goodsCategory" isEmpty={(d) => d.total.orderCount === 0} initial="month">
      {(d) => <CategoryReportBody data={d} />}
    </ReportShell>
  );
}

function CategoryReportBody({ data }: { data: CategoryReport }) {
  const shares = useMemo(
    () => shareOption(data.categories.map((c) => ({ name: c.name, value: c.amount }))),
    [data],
  );
  const ranking = useMemo(
    () =>
      rankingOption(
        data.categories.slice(0, 10).map((c) => ({ name: c.name, value: c.amount })),
        true,
      ),
    [data],
  );
  const trend = useMemo(
    () =>
      trendOption(
        data.periods.map((p) => p.period),
        [
          { name: '销售金额', values: data.periods.map((p) => p.amount), money: true },
          { name: '数量', values: data.periods.map((p) => p.quantity) },
        ],
      ),
    [data],
  );
  return (
    <>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title="品类销售占比">
            <EChart option={shares} label="品类占比" height={320} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="品类排行（前10）">
            <EChart option={ranking} label="品类排行" height={320} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="销售趋势" style={{ marginBottom: 16 }}>
        <EChart option={trend} label="趋势" height={280} />
      </Card>
      <Tabs
        items={[
          { key: 'category', label: '按品类', children: <CategoryTable rows={data.categories} /> },
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
