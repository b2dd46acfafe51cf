import { Link } from 'react-router';
import { Select, type TableColumnsType } from 'antd';
import { formatChinaDateTime, type PurchaseRequestRow } from '@aquamall/shared';
import { ListPage, ListTable, isFiltered, useListParams } from '../../../components/ListPage.tsx';
import { Price } from '../../../components/Format.tsx';
import { useRequestList } from '../api/approvals.ts';
import { RequestStatusTag, statusOptions } from '../components/status.tsx';

const TITLES = { todo: '待我审批', mine: '我的采购申请' } as const;

/**
 * approval/todo (the requests waiting for the caller's decision) and approval/mine (the caller's own), paged
 * (docs/product/approvals.md#screens).
 */
export function RequestListPage({ scope }: { scope: 'todo' | 'mine' }) {
  const { params, filter, page } = useListParams<{ status?: number }>({});
  const list = useRequestList({ ...params, scope });
  const columns: TableColumnsType<PurchaseRequestRow> = [
    {
      title: '申请单号',
      dataIndex: 'requestNo',
      width: 170,
      render: (v: string, r) => <Link to={`/customer/approval/request/${r.sysNo}`}>{v}</Link>,
    },
    { title: '内容', dataIndex: 'subject', width: 200, ellipsis: true, render: (v: string) => v || '购物车下单' },
    { title: '申请人', dataIndex: 'requesterName', width: 120 },
    { title: '合计金额', dataIndex: 'totalAmount', width: 140, render: (v: string) => <Price value={v} /> },
    { title: '审批规则', dataIndex: 'ruleName', width: 140 },
    {
      title: '审批进度',
      key: 'step',
      width: 200,
      render: (_, r) =>
        r.currentStepLabel ? `第${r.currentStep + 1}/${r.stepCount}步 ${r.currentStepLabel}` : `共${r.stepCount}步`,
    },
    { title: '状态', dataIndex: 'status', width: 100, render: (s: number) => <RequestStatusTag status={s} /> },
    { title: '提交时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatChinaDateTime(v) },
  ];
  return (
    <ListPage
      title={TITLES[scope]}
      filters={
        scope === 'mine' ? (
          <Select
            allowClear
            placeholder="全部状态"
            style={{ width: 160 }}
            options={statusOptions}
            onChange={(status?: number) => filter({ status })}
          />
        ) : null
      }
    >
      <ListTable<PurchaseRequestRow>
        rowKey="sysNo"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="采购申请加载失败"
        emptyText={scope === 'todo' ? '暂无待您审批的采购申请' : isFiltered(params) ? '没有该状态的采购申请' : '暂无采购申请'}
        showTotal={(total) => `共 ${total} 条`}
      />
    </ListPage>
  );
}

export const TodoPage = () => <RequestListPage scope="todo" />;
export const MinePage = () => <RequestListPage scope="mine" />;
