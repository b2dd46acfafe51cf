import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { LoadError, SkeletonBlock } from './Skeletons.tsx';

type Echarts = typeof import('echarts/core');

let loading: Promise<Echarts> | null = null;
/**
 * ECharts, loaded on the first chart only (a chunk of its own: core, line, bar and pie, canvas renderer), so
 * pages without charts never download it.
 */
function loadEcharts(): Promise<Echarts> {
  loading ??= Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ])
    .then(([core, charts, components, renderers]) => {
      core.use([
        charts.LineChart,
        charts.BarChart,
        charts.PieChart,
        components.GridComponent,
        components.TooltipComponent,
        components.LegendComponent,
        components.TitleComponent,
        components.DataZoomComponent,
        renderers.CanvasRenderer,
      ]);
      return core;
    })
    .catch((e: unknown) => {
      loading = null;
      throw e;
    });
  return loading;
}

/** One chart: `option` as ECharts takes it; resizes with its box; a skeleton while ECharts loads. */
export function EChart({
  option,
  height = 320,
  label,
}: {
  option: EChartsCoreOption;
  height?: number;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<Echarts['init']> | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    let observer: ResizeObserver | undefined;
    loadEcharts().then(
      (echarts) => {
        if (!alive || !box.current) return;
        chart.current = echarts.init(box.current);
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(box.current);
        setState('ready');
      },
      () => alive && setState('error'),
    );
    return () => {
      alive = false;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [attempt]);

  useEffect(() => {
    if (state === 'ready') chart.current?.setOption(option, { notMerge: true });
  }, [option, state]);

  return (
    <div style={{ position: 'relative', height }}>
      <div
        ref={box}
        role="img"
        aria-label={label}
        data-chart={label}
        style={{ height, width: '100%', visibility: state === 'ready' ? 'visible' : 'hidden' }}
      />
      {state === 'loading' && (
        <div style={{ position: 'absolute', inset: 0 }}>
          <SkeletonBlock height={height} />
        </div>
      )}
      {state === 'error' && (
        <div style={{ position: 'absolute', inset: 0 }}>
          <LoadError
            text="图表加载失败"
            onRetry={() => {
              setState('loading');
              setAttempt((n) => n + 1);
            }}
          />
        </div>
      )}
    </div>
  );
}
