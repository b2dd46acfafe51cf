import { Alert, Progress, Space, Typography } from 'antd';
import { BudgetOverMode, toFen, type BudgetRow } from '@aquamall/shared';
import { useQuery } from '@tanstack/react-query';
import { Price } from './Format.tsx';
import { api } from '../lib/api.ts';

/** One budget's used / remaining with a bar. */
export function BudgetFigures({ row }: { row: BudgetRow }) {
  const allocated = toFen(row.allocated);
  const used = toFen(row.used);
  const percent = allocated > 0 ? Math.min(100, Math.round((used / allocated) * 1000) / 10) : 100;
  return (
    <Space orientation="vertical" size={0} style={{ minWidth: 200 }}>
      <Progress percent={percent} size="small" status={toFen(row.remaining) < 0 ? 'exception' : 'normal'} showInfo={false} />
      <span className="am-muted">
        已用 <Price value={row.used} /> / 剩余 <Price value={row.remaining} />
      </span>
    </Space>
  );
}

/**
 * The budgets an order of the signed-in user draws on (docs/product/budgets.md#checkout), with what this checkout
 * would leave; beyond one of them, what the company's setting does. Nothing when no budget applies.
 */
export function BudgetUsage({ total }: { total: number }) {
  // The same query key as the approvals feature's useMyBudgets: a budget change there refreshes this.
  const mine = useQuery({ queryKey: ['budgets', 'mine'], queryFn: () => api.read('budgetMine', undefined, { suppressError: true }) });
  if (!mine.data?.list.length) return null;
  const totalFen = toFen(total);
  const short = mine.data.list.find((b) => toFen(b.remaining) < totalFen);
  const route = mine.data.overMode === BudgetOverMode.APPROVE;
  return (
    <Alert
      type={short ? (route ? 'warning' : 'error') : 'info'}
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="checkout-budget"
      title={
        short
          ? `本次采购超出「${short.targetName} ${short.periodName}」预算（剩余 ¥${short.remaining}），${route ? '提交后将转为采购申请，审批通过后下单' : '无法提交，请调整采购数量或联系管理员追加预算'}`
          : '本次采购将占用以下预算'
      }
      description={
        <Space wrap size="large">
          {mine.data.list.map((b) => (
            <Space key={b.sysNo} orientation="vertical" size={0}>
              <Typography.Text strong>
                {b.targetName} · {b.periodName}
              </Typography.Text>
              <BudgetFigures row={b} />
            </Space>
          ))}
        </Space>
      }
    />
  );
}
