import { useState } from 'react';
import { Button, Card, Form, Input, Select, Switch, Table, Tabs } from 'antd';
import type { AdminBannerInput, AdminBannerRow } from '@aquamall/shared';
import { adminBannerInput } from '@aquamall/shared/contracts/admin';
import { Img } from '../../../components/Img.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { consoleCommand, useConsoleQuery } from '../api/admin.ts';
import { RowActions, SortItem } from '../components/RowActions.tsx';
import { CrudModal } from '../components/CrudModal.tsx';
import { SingleImage } from '../components/SingleImage.tsx';

const rules = formRules(adminBannerInput);
const saveBanner = consoleCommand('adminBannerSave');
const deleteBanner = consoleCommand('adminBannerDelete');
const asInput = (r: AdminBannerRow): AdminBannerInput => ({ ...r, target: r.target === '_blank' ? '_blank' : '_self' });
const POSITIONS = [
  { key: 'web_topbanner', label: '首页大图' },
  { key: 'mall_banner', label: '商城首页轮播' },
  { key: 'web_article_banner', label: '资讯页轮播' },
  { key: 'notice_banner', label: '公告轮播' },
];

/** Console: banners by position. */
export default function BannersPage() {
  const [position, setPosition] = useState('web_topbanner');
  const [edit, setEdit] = useState<Partial<AdminBannerInput> | null>(null);
  const { data, refetch, isFetching } = useConsoleQuery('adminBannerList', { position });
  return (
    <Card title="轮播图" extra={<Button type="primary" onClick={() => setEdit({ position, target: '_self', sort: 0, hidden: false, linkUrl: '' })}>新增</Button>}>
      <Tabs activeKey={position} onChange={setPosition} items={POSITIONS} />
      <Table<AdminBannerRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data}
        pagination={false}
        columns={[
          { title: '图片', dataIndex: 'imgUrl', render: (v: string) => <Img src={v} width={120} style={{ width: 120, height: 48, objectFit: 'cover' }} /> },
          { title: '标题', dataIndex: 'title' },
          { title: '链接', dataIndex: 'linkUrl' },
          { title: '排序', dataIndex: 'sort' },
          { title: '显示', dataIndex: 'hidden', render: (v: boolean) => (v ? '隐藏' : '显示') },
          {
            title: '操作',
            render: (_, r) => (
              <RowActions onEdit={() => setEdit(asInput(r))} onDelete={async () => { await deleteBanner({ id: r.id }); await refetch(); }} />
            ),
          },
        ]}
      />
      <CrudModal<AdminBannerInput> title={edit?.id ? '编辑轮播图' : '新增轮播图'} initial={edit} onClose={() => setEdit(null)} onSave={async (v) => { await saveBanner(v); await refetch(); }}>
        {() => (
          <>
            <Form.Item name="title" label="标题" rules={rules.title}><Input maxLength={100} /></Form.Item>
            <Form.Item name="imgUrl" label="图片" rules={rules.imgUrl}><SingleImage /></Form.Item>
            <Form.Item name="linkUrl" label="链接地址"><Input maxLength={300} placeholder="/mall/goodsList 或 https://..." /></Form.Item>
            <Form.Item name="target" label="打开方式"><Select options={[{ value: '_self', label: '当前窗口' }, { value: '_blank', label: '新窗口' }]} /></Form.Item>
            <SortItem />
            <Form.Item name="hidden" label="隐藏" valuePropName="checked"><Switch /></Form.Item>
          </>
        )}
      </CrudModal>
    </Card>
  );
}
