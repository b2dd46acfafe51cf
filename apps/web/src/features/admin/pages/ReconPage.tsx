import { useState } from 'react';
import { Button, DatePicker, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { enumLabel, formatChinaDateTime, formatFen, reconResolveInput, toFen, RECON_KINDS, type ReconDiscrepancyRow, type ReconKind, type ReconRunRow } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { Price } from '../../../components/Format.tsx';
import { CellWithSub, chinaTimeColumn, payChannelColumn } from '../../../components/table-cells.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { addDays } from '@aquamall/shared';
import { beforeChinaToday, chinaTodayPicker, dayToPicker, pickerToDay } from '../../../lib/china-time.ts';
import { useConsoleQuery } from '../api/admin.ts';
import { useResolveDiscrepancy, useRunRecon } from '../api/trade.ts';
import { DecisionModal, DecisionNote } from '../components/DecisionModal.tsx';

const rules = formRules(reconResolveInput);
const KIND_COLOR: Record<string, string> = { long: 'orange', short: 'red', amount: 'purple' };

/** The partner's amount less ours, in fen (a 金额不符 line); null when one side has no amount. */
export function reconDifferenceFen(row: Pick<ReconDiscrepancyRow, 'partnerAmount' | 'ourAmount'>): number | null {
  return row.partnerAmount !== null && row.ourAmount !== null ? toFen(row.partnerAmount) - toFen(row.ourAmount) : null;
}

function ResolveModal({ row, onClose }: { row: ReconDiscrepancyRow; onClose: () => void }) {
  const resolve = useResolveDiscrepancy();
  return (
    <DecisionModal<{ note: string }>
      title={`处理对账差异（${RECON_KINDS[row.kind as ReconKind] ?? row.kind}）`}
      okText="确认处理"
      pending={resolve.isPending}
      onSubmit={(v) => resolve.mutateAsync({ id: row.id, note: v.note })}
      onClose={onClose}
      summary={
        <>
          <p>
            {row.day} {enumLabel('PayChannel', row.channel)} · 支付单 {row.payNo ?? '—'}
            {row.refundNo ? ` · 退款单 ${row.refundNo}` : ''}
          </p>
          <p>{row.note}</p>
        </>
      }
    >
      <DecisionNote name="note" label="处理说明" rules={rules.note} extra="处理人和时间将被记录，并写入操作日志。" />
    </DecisionModal>
  );
}

/** Console 支付对账 (decision 0207): each day's reconciliation runs per channel and the discrepancies, resolved with a note. */
export default function ReconPage() {
  const runsParams = useListParams<Record<string, never>>({}, 10);
  const runs = useConsoleQuery('adminReconRuns', runsParams.params);
  // One run's discrepancies (resolved ones too), or all still open; choosing either starts at page 1.
  const discParams = useListParams<{ runId?: number; open?: boolean }>({ open: true }, 20);
  const runId = discParams.params.runId;
  const setRunId = (id: number | undefined) => discParams.filter(id ? { runId: id, open: undefined } : { runId: undefined, open: true });
  const disc = useConsoleQuery('adminReconDiscrepancies', discParams.params);
  const chosen = runs.data?.list.find((r) => r.id === runId);
  const [resolving, setResolving] = useState<ReconDiscrepancyRow | null>(null);
  const [day, setDay] = useState<Dayjs>(dayToPicker(addDays(pickerToDay(chinaTodayPicker()), -1)));
  const run = useRunRecon();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <ListPage
        variant="outlined"
        title="支付对账"
        filters={
          <Space wrap>
            <Typography.Text type="secondary">每日 08:00 自动核对前一日的微信支付、支付宝对账单。</Typography.Text>
            <DatePicker value={day} onChange={(d) => d && setDay(d)} allowClear={false} disabledDate={(d) => !beforeChinaToday(d)} />
            <Button type="primary" loading={run.isPending} onClick={() => void run.mutateAsync({ day: pickerToDay(day) })}>
              立即对账
            </Button>
          </Space>
        }
      >
        <ListTable<ReconRunRow>
          rowKey="id"
          query={runs}
          params={runsParams.params}
          onPage={runsParams.page}
          scroll={{ x: 800 }}
          errorTitle="对账记录加载失败"
          emptyText="暂无对账记录"
          columns={[
            // The day stays on one line in the narrow column of a phone.
            { title: '账单日期', dataIndex: 'day', width: 120, render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span> },
            payChannelColumn<ReconRunRow>(),
            {
              title: '结果',
              dataIndex: 'status',
              width: 180,
              render: (s: string, r) =>
                s === 'done' ? (
                  <Tag color="green">已完成</Tag>
                ) : (
                  <div>
                    <Tag color="red">获取账单失败</Tag>
                    {r.error ? <div style={{ color: '#8c8c8c', fontSize: 12 }} data-testid="recon-run-error">{r.error}</div> : null}
                  </div>
                ),
            },
            { title: '账单笔数', dataIndex: 'partnerCount', width: 100 },
            { title: '一致', dataIndex: 'matchedCount', width: 80 },
            { title: '差异 / 未处理', width: 120, render: (_, r) => `${r.discrepancyCount} / ${r.openCount}` },
            chinaTimeColumn<ReconRunRow>('对账时间', 'createdAt'),
            {
              title: '操作',
              width: 100,
              render: (_, r) =>
                r.id === runId ? (
                  <Tag color="blue">查看中</Tag>
                ) : r.discrepancyCount > 0 ? (
                  <Button type="link" onClick={() => setRunId(r.id)}>查看差异</Button>
                ) : (
                  <Typography.Text type="secondary">—</Typography.Text>
                ),
            },
          ]}
        />
      </ListPage>
      <ListPage
        variant="outlined"
        title={chosen ? `${chosen.day} ${enumLabel('PayChannel', chosen.channel)}对账的差异（${chosen.discrepancyCount} 条，未处理 ${chosen.openCount} 条）` : runId ? '本次对账的差异' : '未处理的差异'}
        filters={runId ? <Button onClick={() => setRunId(undefined)}>查看全部未处理差异</Button> : null}
      >
        <ListTable<ReconDiscrepancyRow>
          rowKey="id"
          query={disc}
          params={discParams.params}
          onPage={discParams.page}
          scroll={{ x: 1100 }}
          errorTitle="对账差异加载失败"
          emptyText="暂无差异"
          columns={[
            { title: '账单日期', dataIndex: 'day', width: 110, render: (v: string, r) => <CellWithSub sub={enumLabel('PayChannel', r.channel)}><span style={{ whiteSpace: 'nowrap' }}>{v}</span></CellWithSub> },
            { title: '类型', dataIndex: 'kind', width: 90, render: (k: string) => <Tag color={KIND_COLOR[k]}>{RECON_KINDS[k as ReconKind] ?? k}</Tag> },
            { title: '支付单 / 退款单', width: 200, render: (_, r) => <CellWithSub sub={r.refundNo}>{r.payNo ?? '—'}</CellWithSub> },
            { title: '渠道金额', dataIndex: 'partnerAmount', width: 110, render: (v: string | null) => (v ? <Price value={v} /> : '—') },
            { title: '平台金额', dataIndex: 'ourAmount', width: 110, render: (v: string | null) => (v ? <Price value={v} /> : '—') },
            {
              title: '差额',
              width: 100,
              render: (_, r) => {
                const d = reconDifferenceFen(r);
                return d === null ? '—' : <span data-testid="recon-difference">{d > 0 ? '+' : ''}{formatFen(d)}</span>;
              },
            },
            { title: '说明', dataIndex: 'note' },
            {
              title: '处理',
              width: 220,
              render: (_, r) =>
                r.resolvedAt ? (
                  <CellWithSub sub={`${r.resolvedBy ?? ''} ${formatChinaDateTime(r.resolvedAt)}`}>{r.resolution}</CellWithSub>
                ) : (
                  <Button type="link" onClick={() => setResolving(r)}>处理</Button>
                ),
            },
          ]}
        />
      </ListPage>
      {resolving && <ResolveModal row={resolving} onClose={() => setResolving(null)} />}
    </Space>
  );
}
