import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { defaultRange, tradeOption } from './TradeDashboardPage.tsx';

describe('trade dashboard', () => {
  it('defaults to the last 30 China days by day and the last 12 months by month', () => {
    const today = dayjs('2026-11-27');
    expect(defaultRange('day', today).map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-10-29', '2026-11-27']);
    expect(defaultRange('month', today).map((d) => d.format('YYYY-MM-DD'))).toEqual(['2025-12-01', '2026-11-27']);
  });

  it('charts GMV as bars in yuan and the counts as lines on the second axis', () => {
    const option = tradeOption([
      { period: '2026-11-01', gmv: '1234.50', orders: 3, newCompanies: 1, activeSuppliers: 2, activePurchasers: 2 },
      { period: '2026-11-02', gmv: '0.00', orders: 0, newCompanies: 0, activeSuppliers: 0, activePurchasers: 0 },
    ]) as { xAxis: { data: string[] }; series: { name: string; type: string; data: number[]; yAxisIndex?: number }[] };
    expect(option.xAxis.data).toEqual(['2026-11-01', '2026-11-02']);
    expect(option.series[0]).toMatchObject({ name: 'GMV', type: 'bar', data: [1234.5, 0] });
    expect(option.series.slice(1).map((s) => [s.name, s.yAxisIndex])).toEqual([
      ['订单数', 1],
      ['新增企业', 1],
      ['活跃供应商', 1],
      ['活跃采购商', 1],
    ]);
  });
});
