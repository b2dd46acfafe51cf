import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Input, Popconfirm, Select, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { enumLabel, type AdjustmentDetail, type AdjustmentRow, formatChinaDateTime } from '@aquamall/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { adjustmentDetailQuery, useAdjustmentList, useConfirmAdjustment, useDeleteAdjustment } from '../api/stock.ts';
import { AdjustmentFormModal } from '../components/AdjustmentFormModal.tsx';

/** inventory/adjustment: stock adjustment documents (入库/出库/盘点), draft → confirmed. */
export default function AdjustmentListPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { params, filter, page } = useListParams<{ type?: number; status?: number; docNo?: string }>();
  const [editing, setEditing] = useState<AdjustmentDetail | 'new' | null>(null);
  const list = useAdjustmentList(params);
  const confirm = useConfirmAdjustment();
  const remove = useDeleteAdjustment();
  const info = (id: number) => navigate(`/customer/inventory/adjustmentinfo?id=${id}`);

  const columns: TableColumnsType<AdjustmentRow> = [
    { title: '单号', dataIndex: 'docNo', render: (v: string, r) => <a onClick={() => info(r.sysNo)}>{v}</a> },
    { title: '类型', dataIndex: 'type', width: 80, render: (t: number) => <Tag color={t === 1 ? 'green' : t === 2 ? 'orange' : 'blue'}>{enumLabel('AdjustmentType', t)}</Tag> },
    { title: '明细', dataIndex: 'lineCount', width: 70, render: (n: number) => `${n} 行` },
    { title: '数量合计', dataIndex: 'totalQuantity', width: 90 },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <Tag color={s ? 'success' : 'default'}>{enumLabel('AdjustmentStatus', s)}</Tag> },
    { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v: string) => v || '无' },
    { title: '制单', key: 'by', width: 170, render: (_, r) => <span>{r.createdByName}<div style={{ color: '#8c8c8c', fontSize: 12 }}>{formatChinaDateTime(r.createdAt)}</div></span> },
    {
      title: '操作',
      key: 'a',
      width: 190,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => info(r.sysNo)}>查看</Button>
          {r.status === 0 && (
            <>
              <Button type="link" size="small" onClick={() => void qc.fetchQuery(adjustmentDetailQuery(r.sysNo)).then(setEditing)}>编辑</Button>
              <Popconfirm title="确认后将立即更新库存，且单据不能再修改。确认？" okText="确认" onConfirm={() => confirm.mutateAsync(r.sysNo)}>
                <Button type="link" size="small">确认</Button>
              </Popconfirm>
              <Popconfirm title="删除该草稿？" okText="删除" okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(r.sysNo)}>
                <Button type="link" size="small" danger>删除</Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="库存调整"
      extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>新建调整单</Button>}
      filters={
        <>
        <Select allowClear placeholder="全部类型" style={{ width: 120 }} options={[1, 2, 3].map((v) => ({ value: v, label: enumLabel('AdjustmentType', v) }))} onChange={(type?: number) => filter({ type })} />
        <Select allowClear placeholder="全部状态" style={{ width: 120 }} options={[0, 1].map((v) => ({ value: v, label: enumLabel('AdjustmentStatus', v) }))} onChange={(status?: number) => filter({ status })} />
        <Input.Search allowClear placeholder="单号" maxLength={40} style={{ width: 220 }} onSearch={(docNo) => filter({ docNo: docNo.trim() || undefined })} />
        </>
      }
    >
      <ListTable<AdjustmentRow>
        rowKey="sysNo"
        size="middle"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="调整单加载失败"
        emptyText={list.isLoading ? '加载中…' : '暂无调整单'}
        scroll={{ x: 900 }}
        showTotal={(n) => `共 ${n} 张`}
      />
      {editing && <AdjustmentFormModal editing={editing} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
