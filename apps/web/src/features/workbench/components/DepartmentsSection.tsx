import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { departmentInput, formatChinaDateTime, type DepartmentRow } from '@aquamall/shared';
import { ListTable, useListParams } from '../../../components/ListPage.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { departmentUserChoices, useDeleteDepartment, useDepartmentList, useSaveDepartment } from '../api/departments.ts';

const rules = formRules(departmentInput);

interface Values {
  name: string;
  headUserId?: number;
  memberIds: number[];
}

function DepartmentModal({ open, department, onClose }: { open: boolean; department: DepartmentRow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveDepartment();
  const users = useQuery({ ...departmentUserChoices, enabled: open });
  const memberIds = Form.useWatch('memberIds', form) ?? [];
  const options = (users.data?.list ?? []).map((u) => ({ value: u.sysNo, label: u.realName || u.nickName || u.phone }));
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      name: department?.name ?? '',
      headUserId: department?.headUserId ?? undefined,
      memberIds: department?.members.map((m) => m.userId) ?? [],
    });
  }, [open, department, form]);
  const submit = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({ sysNo: department?.sysNo, name: v.name, headUserId: v.headUserId ?? null, memberIds: v.memberIds ?? [] });
    onClose();
  };
  return (
    <Modal
      open={open}
      title={department ? '编辑部门' : '新建部门'}
      okText="保存"
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label="部门名称" rules={rules.name}>
          <Input maxLength={30} placeholder="如：生产部" />
        </Form.Item>
        <Form.Item name="memberIds" label="部门成员" extra="每位用户只属于一个部门，加入本部门即离开原部门。" rules={rules.memberIds}>
          <Select mode="multiple" loading={users.isLoading} options={options} placeholder="选择成员" optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="headUserId" label="部门负责人（审批规则中的“部门负责人”）" rules={rules.headUserId}>
          <Select allowClear placeholder="从部门成员中选择" options={options.filter((o) => memberIds.includes(o.value))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The company's departments (部门) on the users page: head and members, paged (docs/product/approvals.md#departments). */
export function DepartmentsSection({ canManage }: { canManage: boolean }) {
  const { params, page } = useListParams({});
  const list = useDepartmentList(params, canManage);
  const remove = useDeleteDepartment();
  const [editing, setEditing] = useState<{ department: DepartmentRow | null } | null>(null);
  if (!canManage) return null;
  const columns: TableColumnsType<DepartmentRow> = [
    { title: '部门名称', dataIndex: 'name', width: 160 },
    { title: '负责人', dataIndex: 'headName', width: 120, render: (v: string) => v || <span style={{ color: '#bfbfbf' }}>未设置</span> },
    {
      title: '成员',
      dataIndex: 'members',
      render: (ms: DepartmentRow['members']) => (ms.length ? ms.map((m) => <Tag key={m.userId}>{m.name}</Tag>) : <span style={{ color: '#bfbfbf' }}>暂无成员</span>),
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 160, render: (v: string) => formatChinaDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, d) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ department: d })}>
            编辑
          </Button>
          <Popconfirm title={`删除部门“${d.name}”？`} description="成员的账号不受影响；仅限该部门的审批规则一并删除。" okText="删除" okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(d.sysNo)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <section aria-label="部门" style={{ marginTop: 24 }}>
      <Space style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }}>
        <h3 style={{ fontSize: 15, margin: 0 }}>部门</h3>
        <Button icon={<PlusOutlined />} onClick={() => setEditing({ department: null })}>
          新建部门
        </Button>
      </Space>
      <ListTable<DepartmentRow>
        rowKey="sysNo"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="部门列表加载失败"
        emptyText="暂无部门"
        showTotal={(total) => `共 ${total} 个部门`}
      />
      <DepartmentModal open={!!editing} department={editing?.department ?? null} onClose={() => setEditing(null)} />
    </section>
  );
}
