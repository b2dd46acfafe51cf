import { formatChinaDateTime } from '@aquamall/shared';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import type { AuditRow } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { useConsoleQuery } from '../api/admin.ts';
import { actionLabel, AUDIT_ACTIONS, AUDIT_TARGETS, targetLabel, toOptions } from '../components/audit-labels.ts';
import { pickerRange } from '../../../lib/china-time.ts';

interface Filters {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  company?: string;
  dateFrom?: string;
  dateTo?: string;
}

const json = (v: unknown) => (v === null || v === undefined ? '无' : JSON.stringify(v, null, 2));

/** Console: the append-only audit log, newest first, searchable by actor, company, action, target and date. */
export default function AuditPage() {
  const { params, reset, page } = useListParams<Filters>({}, 20);
  const list = useConsoleQuery('adminAuditList', params);
  return (
    <ListPage
      variant="outlined"
      title="操作日志"
      filters={
      <Form
        layout="inline"
        onFinish={(v: { actor?: string; action?: string; targetType?: string; targetId?: string; company?: string; range?: [Dayjs, Dayjs] }) => {
          const clean = (s?: string) => s?.trim() || undefined;
          reset({
            actor: clean(v.actor),
            action: clean(v.action),
            targetType: clean(v.targetType),
            targetId: clean(v.targetId),
            company: clean(v.company),
            ...pickerRange(v.range),
          });
        }}
      >
        <Form.Item name="actor"><Input placeholder="操作人" allowClear /></Form.Item>
        <Form.Item name="company"><Input placeholder="所属企业" allowClear maxLength={60} /></Form.Item>
        <Form.Item name="action">
          <Select placeholder="操作" allowClear showSearch optionFilterProp="label" options={toOptions(AUDIT_ACTIONS)} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="targetType">
          <Select placeholder="对象类型" allowClear options={toOptions(AUDIT_TARGETS)} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="targetId"><Input placeholder="对象编号" allowClear style={{ width: 100 }} /></Form.Item>
        <Form.Item name="range"><DatePicker.RangePicker /></Form.Item>
        <Button type="primary" htmlType="submit">查询</Button>
      </Form>
      }
    >
      <ListTable<AuditRow>
        rowKey="id"
        size="small"
        scroll={{ x: 900 }}
        query={list}
        params={params}
        onPage={page}
        errorTitle="操作日志加载失败"
        emptyText="暂无操作记录"
        expandable={{
          expandedRowRender: (r) => (
            <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
              <div style={{ flexBasis: '100%', color: '#595959' }}>操作代码：{r.action} · 浏览器：{r.userAgent || '无'}</div>
              <pre style={{ flex: 1, margin: 0, whiteSpace: 'pre-wrap' }}>变更前：{json(r.before)}</pre>
              <pre style={{ flex: 1, margin: 0, whiteSpace: 'pre-wrap' }}>变更后：{json(r.after)}</pre>
            </div>
          ),
        }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: (v: string) => formatChinaDateTime(v, '—', true) },
          { title: '操作人', dataIndex: 'actorName' },
          { title: '所属企业', dataIndex: 'companyName', render: (v: string, r) => v || (r.actorUserId ? '平台' : '—') },
          { title: '操作', dataIndex: 'action', render: (v: string) => actionLabel(v) },
          { title: '对象', render: (_, r) => `${targetLabel(r.targetType)} #${r.targetId}` },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
    </ListPage>
  );
}
