import { useState } from 'react';
import { Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { type ApprovalRuleRow } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { useDeleteRule, useRuleList } from '../api/approvals.ts';
import { RuleFormModal } from '../components/RuleFormModal.tsx';

/**
 * approval/settings (审批设置): the purchaser company's approval rules in the order they are tried; the first
 * active rule a checkout meets decides its steps (docs/product/approvals.md#rules).
 */
export default function ApprovalSettingsPage() {
  const { params, page } = useListParams({});
  const list = useRuleList(params);
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<{ rule: ApprovalRuleRow | null } | null>(null);
  const columns: TableColumnsType<ApprovalRuleRow> = [
    { title: '优先级', dataIndex: 'priority', width: 80 },
    {
      title: '规则名称',
      dataIndex: 'name',
      width: 160,
      render: (v: string, r) => (
        <Space>
          {v}
          {!r.active && <Tag>已停用</Tag>}
        </Space>
      ),
    },
    { title: '适用条件', dataIndex: 'summary' },
    { title: '审批步骤', dataIndex: 'stepsSummary', render: (steps: string[]) => steps.map((s) => <div key={s}>{s}</div>) },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ rule: r })}>
            编辑
          </Button>
          <Popconfirm
            title={`删除审批规则“${r.name}”？`}
            description="已提交的采购申请按原步骤继续审批。"
            okText="删除"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(r.sysNo)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <ListPage
      title="审批设置"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ rule: null })}>
          新建审批规则
        </Button>
      }
    >
      <ListTable<ApprovalRuleRow>
        rowKey="sysNo"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="审批规则加载失败"
        emptyText="暂无审批规则：所有订单直接提交给供应商"
        showTotal={(total) => `共 ${total} 条规则`}
      />
      <RuleFormModal open={!!editing} rule={editing?.rule ?? null} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
