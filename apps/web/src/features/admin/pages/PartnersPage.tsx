import { useState } from 'react';
import { Button, Card, Form, Input, Table } from 'antd';
import type { AdminPartnerInput, AdminPartnerRow } from '@aquamall/shared';
import { adminPartnerInput } from '@aquamall/shared/contracts/admin';
import { Img } from '../../../components/Img.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { consoleCommand, useConsoleQuery } from '../api/admin.ts';
import { RowActions, SortItem } from '../components/RowActions.tsx';
import { CrudModal } from '../components/CrudModal.tsx';
import { SingleImage } from '../components/SingleImage.tsx';

const rules = formRules(adminPartnerInput);
const savePartner = consoleCommand('adminPartnerSave');
const deletePartner = consoleCommand('adminPartnerDelete');

/** Console: partner companies shown on the home page. */
export default function PartnersPage() {
  const [edit, setEdit] = useState<Partial<AdminPartnerInput> | null>(null);
  const { data, refetch, isFetching } = useConsoleQuery('adminPartnerList');
  return (
    <Card title="合作企业" extra={<Button type="primary" onClick={() => setEdit({ sort: 0, linkUrl: '' })}>新增</Button>}>
      <Table<AdminPartnerRow>
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
              <RowActions onEdit={() => setEdit(r)} onDelete={async () => { await deletePartner({ id: r.id }); await refetch(); }} />
            ),
          },
        ]}
      />
      <CrudModal<AdminPartnerInput> title={edit?.id ? '编辑合作企业' : '新增合作企业'} initial={edit} onClose={() => setEdit(null)} onSave={async (v) => { await savePartner(v); await refetch(); }}>
        {() => (
          <>
            <Form.Item name="title" label="企业名称" rules={rules.title}><Input maxLength={100} /></Form.Item>
            <Form.Item name="imgUrl" label="Logo" rules={rules.imgUrl}><SingleImage /></Form.Item>
            <Form.Item name="linkUrl" label="链接地址"><Input maxLength={300} /></Form.Item>
            <SortItem />
          </>
        )}
      </CrudModal>
    </Card>
  );
}
