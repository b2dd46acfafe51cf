import { useState } from 'react';
import { Button, Card, Form, Input, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Img } from '../../../components/Img.tsx';
import { adminCommand, adminQuery } from '../api/admin.ts';
import { RowActions, SortItem } from '../components/RowActions.tsx';
import { CrudModal } from '../components/CrudModal.tsx';
import { SingleImage } from '../components/SingleImage.tsx';

interface Partner {
  id?: number;
  title: string;
  imgUrl: string;
  linkUrl: string;
  sort: number;
}

/** Console: partner companies shown on the home page. */
export default function PartnersPage() {
  const [edit, setEdit] = useState<Partial<Partner> | null>(null);
  const { data, refetch, isFetching } = useQuery({ queryKey: ['admin', 'partners'], queryFn: () => adminQuery<Partner[]>('/api/content/partner/list') });
  return (
    <Card title="合作企业" extra={<Button type="primary" onClick={() => setEdit({ sort: 0, linkUrl: '' })}>新增</Button>}>
      <Table<Partner>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data}
        pagination={false}
        columns={[
          { title: 'Logo', dataIndex: 'imgUrl', render: (v: string) => <Img src={v} width={120} style={{ width: 96, height: 40, objectFit: 'contain' }} /> },
          { title: '名称', dataIndex: 'title' },
          { title: '链接', dataIndex: 'linkUrl' },
          { title: '排序', dataIndex: 'sort' },
          {
            title: '操作',
            render: (_, r) => (
              <RowActions onEdit={() => setEdit(r)} onDelete={async () => { await adminCommand('/api/content/partner/delete', { id: r.id }); await refetch(); }} />
            ),
          },
        ]}
      />
      <CrudModal<Partner> title={edit?.id ? '编辑合作企业' : '新增合作企业'} initial={edit} onClose={() => setEdit(null)} onSave={async (v) => { await adminCommand('/api/content/partner/save', v); await refetch(); }}>
        {() => (
          <>
            <Form.Item name="title" label="企业名称" rules={[{ required: true, message: '请输入企业名称' }]}><Input maxLength={100} /></Form.Item>
            <Form.Item name="imgUrl" label="Logo" rules={[{ required: true, message: '请上传Logo' }]}><SingleImage /></Form.Item>
            <Form.Item name="linkUrl" label="链接地址"><Input maxLength={300} /></Form.Item>
            <SortItem />
          </>
        )}
      </CrudModal>
    </Card>
  );
}
