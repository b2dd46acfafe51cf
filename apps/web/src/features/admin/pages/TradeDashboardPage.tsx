import { useMemo, useState } from 'react';
import { Button, Card, Col, DatePicker, Result, Row, Segmented, Skeleton, Space, Statistic, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import type { AdminTradeStats } from '@aquamall/shared';
import { EChart } from '../../../components/EChart.tsx';
import { Price } from '../../../components/Format.tsx';
import { useConsoleQuery } from '../api/admin.ts';
import { exportTradeStats } from '../api/trade.ts';
import { chinaTodayPicker, pickerToDay } from '../../../lib/china-time.ts';

type Granularity = 'day' | 'month';
type Period = AdminTradeStats['periods'][number];

/** Today in China time (the statistics count China days). */
const chinaToday = chinaTodayPicker;
/** The default range: the last 30 days by day, the last 12 months by month. */
export function defaultRange(g: Granularity, today = chinaToday()): [Dayjs, Dayjs] {
  return g === 'day' ? [today.subtract(29, 'day'), today] : [today.subtract(11, 'month').startOf('month'), today];
}

/** GMV as bars (left axis, yuan); orders, new companies and active companies as lines (right axis). */
export function tradeOption(periods: Period[]): EChartsCoreOption {
  const x = periods.map((p) => p.period);
  const line = (name: string, key: 'orders' | 'newCompanies' | 'activeSuppliers' | 'activePurchasers') => ({
    name,
    type: 'line',
    yAxisIndex: 1,
    smooth: true,
    showSymbol: periods.length <= 31,
    data: periods.map((p) => p[key]),
  });
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 56, right: 40, top: 40, bottom: 28, containLabel: true },
    xAxis: { type: 'category', data: x },
    yAxis: [
      { type: 'value', name: 'GMV（元）', axisLabel: { formatter: (v: number) => (v >= 10000 ? `${v / 10000}万` : String(v)) } },
      { type: 'value', name: '数量', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { name: 'GMV', type: 'bar', data: periods.map((p) => Number(p.gmv)), itemStyle: { color: '#1677ff' } },
      line('订单数', 'orders'),
      line('新增企业', 'newCompanies'),
      line('活跃供应商', 'activeSuppliers'),
      line('活跃采购商', 'activePurchasers'),
    ],
  };
}

/** Console 交易统计: GMV, orders, new and active companies by China day or month, as a chart, a table and Excel. */
export default function TradeDashboardPage() {
  const [granularity, setGranularity] = useState<Granularity>('day');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => defaultRange('day'));
  const q = { granularity, dateFrom: pickerToDay(range[0]), dateTo: pickerToDay(range[1]) };
  const stats = useConsoleQuery('adminTradeStats', q);
  const option = useMemo(() => (stats.data ? tradeOption(stats.data.periods) : null), [stats.data]);
  const [exporting, setExporting] = useState(false);
  const t = stats.data?.total;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="outlined"
        title="交易统计"
        extra={
          <Button
            loading={exporting}
            onClick={() => {
              setExporting(true);
              void exportTradeStats(q).finally(() => setExporting(false));
            }}
          >
            导出Excel
          </Button>
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Segmented<Granularity>
            value={granularity}
            options={[
              { value: 'day', label: '按日' },
              { value: 'month', label: '按月' },
            ]}
            onChange={(g) => {
              setGranularity(g);
              setRange(defaultRange(g));
            }}
          />
          <DatePicker.RangePicker
            picker={granularity === 'day' ? 'date' : 'month'}
            allowClear={false}
            value={range}
            disabledDate={(d) => d.isAfter(chinaToday(), 'day')}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange(granularity === 'day' ? [v[0], v[1]] : [v[0].startOf('month'), v[1].endOf('month').isAfter(chinaToday()) ? chinaToday() : v[1].endOf('month')]);
            }}
          />
          <span style={{ color: '#8c8c8c' }}>北京时间；GMV 为区间内下单且未取消的订单金额</span>
        </Space>
        {stats.isError ? (
          <Result status="warning" title="统计加载失败" subTitle={stats.error instanceof Error ? stats.error.message : undefined} extra={<Button onClick={() => void stats.refetch()}>重试</Button>} />
        ) : !t ? (
          <Skeleton active />
        ) : (
          <>
            <Row gutter={[16, 16]} data-testid="trade-totals">
              <Col xs={12} md={8} lg={4}><Statistic title="GMV（元）" value={t.gmv} precision={2} /></Col>
              <Col xs={12} md={8} lg={4}><Statistic title="订单数" value={t.orders} /></Col>
              <Col xs={12} md={8} lg={4}><Statistic title="新增企业" value={t.newCompanies} /></Col>
              <Col xs={12} md={8} lg={4}><Statistic title="活跃供应商" value={t.activeSuppliers} /></Col>
              <Col xs={12} md={8} lg={4}><Statistic title="活跃采购商" value={t.activePurchasers} /></Col>
            </Row>
            <div style={{ marginTop: 16 }}>{option && <EChart option={option} height={340} label="平台交易趋势图" />}</div>
          </>
        )}
      </Card>
      {stats.data && (
        <Card variant="outlined" title="明细">
          <Table<Period>
            size="small"
            rowKey="period"
            scroll={{ x: 600 }}
            dataSource={[...stats.data.periods].reverse()}
            pagination={{ pageSize: 31, hideOnSinglePage: true }}
            columns={[
              { title: '统计周期', dataIndex: 'period' },
              { title: 'GMV', dataIndex: 'gmv', render: (v: string) => <Price value={v} /> },
              { title: '订单数', dataIndex: 'orders' },
              { title: '新增企业', dataIndex: 'newCompanies' },
              { title: '活跃供应商', dataIndex: 'activeSuppliers' },
              { title: '活跃采购商', dataIndex: 'activePurchasers' },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
