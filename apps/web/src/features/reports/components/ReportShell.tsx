import { useState, type ReactNode } from 'react';
import { Button, Card, DatePicker, Result, Segmented, Space, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { REPORTS, type ReportGranularity, type ReportName, type ReportQuery } from '@aquamall/shared';
import { afterChinaToday, chinaRangePresets, dayToPicker, pickerToDay, reportDefaultRange } from '../../../lib/china-time.ts';
import { EmptyState, SkeletonBlock } from '../../../components/Skeletons.tsx';
import { exportReport, useReport, type ReportData } from '../api/reports.ts';

const GRANULARITIES: { label: string; value: ReportGranularity }[] = [
  { label: '按日', value: 'day' },
  { label: '按月', value: 'month' },
  { label: '按季度', value: 'quarter' },
];

type Data<R extends ReportName> = ReportData[R];

/**
 * A report page: date range (with presets) and granularity, the export button, then the charts and tables
 * the page draws from the data; loading, empty and error states are handled here.
 */
export function ReportShell<R extends ReportName>({
  report,
  isEmpty,
  children,
  initial = 'day',
}: {
  report: R;
  isEmpty: (data: Data<R>) => boolean;
  children: (data: Data<R>, q: ReportQuery) => ReactNode;
  initial?: ReportGranularity;
}) {
  // Every report opens on the same range (reportDefaultRange); only the granularity differs by page.
  const [q, setQ] = useState<ReportQuery & { granularity: ReportGranularity }>(() => {
    const r = reportDefaultRange();
    return { dateFrom: r.from, dateTo: r.to, granularity: initial };
  });
  const [presets] = useState(() => chinaRangePresets());
  const [exporting, setExporting] = useState(false);
  const res = useReport(report, q);
  const data = res.data as Data<R> | undefined;

  return (
    <Card
      title={REPORTS[report].title}
      variant="borderless"
      // Which filters the shown data answers (none while a new range loads and the previous one stays shown),
      // so a test waits for the data rather than for time.
      data-report-query={
        data && !res.isPlaceholderData && !res.isFetching
          ? `${q.dateFrom}~${q.dateTo}~${q.granularity}`
          : undefined
      }
    >
      <Space wrap style={{ marginBottom: 16 }} data-testid="report-filters">
        <span>统计日期</span>
        <DatePicker.RangePicker
          allowClear={false}
          presets={presets}
          value={[dayToPicker(q.dateFrom), dayToPicker(q.dateTo)]}
          disabledDate={afterChinaToday}
          onChange={(v) => {
            if (v?.[0] && v[1]) setQ({ ...q, dateFrom: pickerToDay(v[0]), dateTo: pickerToDay(v[1]) });
          }}
          style={{ width: 260 }}
        />
        <Segmented<ReportGranularity>
          options={GRANULARITIES}
          value={q.granularity}
          onChange={(granularity) => setQ({ ...q, granularity })}
        />
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!data || res.isError}
          onClick={() => {
            setExporting(true);
            void exportReport(report, q).finally(() => setExporting(false));
          }}
        >
          导出Excel
        </Button>
        {res.isFetching && data && <Spin size="small" />}
      </Space>
      {res.isError ? (
        <Result
          status="warning"
          title="报表加载失败"
          subTitle={res.error instanceof Error ? res.error.message : undefined}
          extra={<Button onClick={() => void res.refetch()}>重试</Button>}
        />
      ) : !data ? (
        <div aria-busy="true">
          <SkeletonBlock height={320} />
          <div style={{ height: 16 }} />
          <SkeletonBlock height={200} />
        </div>
      ) : isEmpty(data) ? (
        <EmptyState text="所选期间暂无数据，请调整统计日期" />
      ) : (
        children(data, q)
      )}
    </Card>
  );
}
