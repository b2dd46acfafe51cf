import type { EChartsCoreOption } from 'echarts/core';
import { formatMoney } from '@aquamall/shared';

/** Chart options of the report pages (amounts are yuan strings on the wire). */

const yuan = (v: unknown) => formatMoney(typeof v === 'number' || typeof v === 'string' ? v : null);

/** Lines over time: one series per measure; the second measure (counts) on a right-hand axis. */
export function trendOption(
  periods: string[],
  series: { name: string; values: (number | string)[]; money?: boolean }[],
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 64, right: 56, top: 36, bottom: periods.length > 31 ? 56 : 28 },
    xAxis: { type: 'category', data: periods, boundaryGap: false },
    yAxis: [
      {
        type: 'value',
        name: series[0]?.money ? '金额（元）' : '',
        axisLabel: { formatter: (v: number) => (v >= 10000 ? `${v / 10000}万` : String(v)) },
      },
      { type: 'value', name: series[1]?.name ?? '', splitLine: { show: false }, minInterval: 1 },
    ],
    dataZoom: periods.length > 31 ? [{ type: 'slider', bottom: 8, height: 18 }] : [],
    series: series.map((s, i) => ({
      name: s.name,
      type: 'line',
      smooth: true,
      showSymbol: periods.length <= 31,
      yAxisIndex: i === 0 ? 0 : 1,
      areaStyle: i === 0 ? { opacity: 0.08 } : undefined,
      data: s.values.map(Number),
      tooltip: s.money ? { valueFormatter: yuan } : undefined,
    })),
  };
}

/** A ranking: horizontal bars, the largest at the top. */
export function rankingOption(
  items: { name: string; value: number | string }[],
  money: boolean,
  unit = '',
): EChartsCoreOption {
  const rows = [...items].reverse();
  const label = (v: number) => (money ? yuan(v) : String(v));
  // Room right of the longest bar for its value label (¥6,922,800.00 was cut at the card's edge).
  const labelWidth = Math.max(0, ...rows.map((r) => label(Number(r.value)).length)) * 7 + 16;
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: money ? yuan : (v: unknown) => `${String(v)}${unit}`,
    },
    grid: { left: 8, right: Math.max(48, labelWidth), top: 8, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value',
      axisLabel: { formatter: (v: number) => (v >= 10000 ? `${v / 10000}万` : String(v)) },
    },
    yAxis: {
      type: 'category',
      data: rows.map((r) => (r.name.length > 12 ? `${r.name.slice(0, 12)}…` : r.name)),
    },
    series: [
      {
        type: 'bar',
        data: rows.map((r) => Number(r.value)),
        barMaxWidth: 22,
        label: {
          show: true,
          position: 'right',
          formatter: (p: { value: number }) => label(p.value),
        },
      },
    ],
  };
}

/** Shares: a ring pie with the percentage in the legend tooltip. */
export function shareOption(items: { name: string; value: number | string }[]): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${p.name}<br/>${yuan(p.value)}（${p.percent}%）`,
    },
    // The legend below the ring (beside it, it ran into the labels of the right-hand slices).
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['36%', '60%'],
        center: ['50%', '45%'],
        data: items.map((i) => ({ name: i.name, value: Number(i.value) })),
        label: { formatter: '{b}\n{d}%' },
        // Slivers (滤膜 0.01%) get no label of their own: the legend and tooltip name them.
        minShowLabelAngle: 6,
        labelLayout: { hideOverlap: true },
      },
    ],
  };
}

/** Stacked bars: one bar per company, one stack segment per ageing bucket. */
export function stackedOption(
  names: string[],
  stacks: { name: string; values: (number | string)[]; color: string }[],
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: yuan },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: names.map((n) => (n.length > 8 ? `${n.slice(0, 8)}…` : n)) },
    yAxis: {
      type: 'value',
      axisLabel: { formatter: (v: number) => (v >= 10000 ? `${v / 10000}万` : String(v)) },
    },
    series: stacks.map((s) => ({
      name: s.name,
      type: 'bar',
      stack: 'total',
      barMaxWidth: 36,
      itemStyle: { color: s.color },
      data: s.values.map(Number),
    })),
  };
}
