import { useMemo } from 'react';
import { Alert, Card, Col, Row, Statistic, Table, type TableColumnsType } from 'antd';
import type { BalanceReport, BalanceRow } from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
import { EChart } from '../../../components/EChart.tsx';
import { ReportShell } from '../components/ReportShell.tsx';
import { stackedOption, trendOption } from '../components/charts.ts';
import { PeriodTable } from '../components/tables.tsx';

const BUCKETS = [
  { key: 'notDue', name: '未到期', color: '#91caff' },
  { key: 'd0to30', name: '逾期0-30天', color: '#ffd666' },
  { key: 'd31to60', name: '逾期31-60天', color: '#ffa940' },
  { key: 'd61to90', name: '逾期61-90天', color: '#ff7a45' },
  { key: 'd90plus', name: '逾期90天以上', color: '#cf1322' },
] as const;

const money = (title: string, dataIndex: keyof BalanceRow, width = 120) => ({
  title,
  dataIndex,
  width,
  align: 'right' as const,
  render: (v: string) => <Price value={v} />,
});

/**
 * 应收账款 (supplier: per customer) and 应付账款 (purchaser: per supplier): orders delivered in the range and not
 * yet paid, the credit account's balance and credit used, and the ageing of overdue credit as of today.
 */
export function BalanceReportPage({ report }: { report: 'saleAmount' | 'payAmount' }) {
  return (
    <ReportShell
      report={report}
      initial="month"
      isEmpty={(d) => d.rows.length === 0 && d.periods.every((p) => p.orderCount === 0)}
    >
      {(d) => <BalanceReportBody data={d} seller={report === 'saleAmount'} />}
    </ReportShell>
  );
}

function BalanceReportBody({ data, seller }: { data: BalanceReport; seller: boolean }) {
  const who = seller ? '客户' : '供应商';
  const top = data.rows.slice(0, 10);
  const ageing = useMemo(
    () =>
      stackedOption(
        top.map((r) => r.name),
        BUCKETS.map((b) => ({ name: b.name, color: b.color, values: top.map((r) => r[b.key]) })),
      ),
    [top],
  );
  const delivered = useMemo(
    () =>
      trendOption(
        data.periods.map((p) => p.period),
        [
          { name: '发货订单金额', values: data.periods.map((p) => p.amount), money: true },
          { name: '发货订单数', values: data.periods.map((p) => p.orderCount) },
        ],
      ),
    [data],
  );
  const columns: TableColumnsType<BalanceRow> = [
    { title: who, dataIndex: 'name', width: 200, fixed: 'left', ellipsis: true },
    { title: '未结清订单', dataIndex: 'unpaidOrderCount', width: 100, align: 'right' },
    money('已发货未付款', 'deliveredUnpaid', 130),
    {
      title: '信用额度',
      dataIndex: 'creditLimit',
      width: 120,
      align: 'right',
      render: (v: string, r) => (r.hasAccount ? <Price value={v} /> : '未开通'),
    },
    money('预付余额', 'balance'),
    money('已用额度', 'creditUsed'),
    ...BUCKETS.map((b) => money(b.name, b.key, 120)),
    {
      title: '逾期合计',
      dataIndex: 'overdue',
      width: 120,
      align: 'right',
      render: (v: string) => (
        <span style={{ color: Number(v) > 0 ? '#cf1322' : undefined }}>
          <Price value={v} />
        </span>
      ),
    },
  ];
  return (
    <>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic
            title={seller ? '已发货未收款（元）' : '已收货未付款（元）'}
            value={data.total.deliveredUnpaid}
            precision={2}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="已用信用额度（元）" value={data.total.creditUsed} precision={2} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title="逾期金额（元）"
            value={data.total.overdue}
            precision={2}
            valueStyle={Number(data.total.overdue) > 0 ? { color: '#cf1322' } : undefined}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={`${who}数`} value={data.rows.length} />
        </Col>
      </Row>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="已发货未付款按统计日期内首次发货的订单计算；信用额度、余额与账龄截至今天（先到期的欠款先还）。"
      />
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title={`${who}账龄（前10）`}>
            <EChart option={ageing} label="账龄" height={300} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="发货趋势">
            <EChart option={delivered} label="发货趋势" height={300} />
          </Card>
        </Col>
      </Row>
      <Table<BalanceRow>
        rowKey="companyId"
        size="small"
        scroll={{ x: 1500 }}
        columns={columns}
        dataSource={data.rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {data.total.unpaidOrderCount}
              </Table.Summary.Cell>
              {(
                [
                  'deliveredUnpaid',
                  'creditLimit',
                  'balance',
                  'creditUsed',
                  ...BUCKETS.map((b) => b.key),
                  'overdue',
                ] as const
              ).map((k, i) => (
                <Table.Summary.Cell key={k} index={i + 2} align="right">
                  <Price value={data.total[k]} />
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
      <Card size="small" title="按周期发货" style={{ marginTop: 16 }}>
        <PeriodTable rows={data.periods} amountTitle="发货订单金额" />
      </Card>
    </>
  );
}
