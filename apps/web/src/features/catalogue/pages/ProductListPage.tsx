import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Cascader, Form, Input, Popconfirm, Select, Space, type TableColumnsType } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ProductStatus, THUMB_WIDTH, type ProductRow, formatChinaDateTime } from '@aquamall/shared';
import { Img } from '../../../components/Img.tsx';
import { Price } from '../../../components/Format.tsx';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { categoryTreeQuery } from '../api/lookups.ts';
import { exportProducts, useCopyProduct, useDeleteProducts, useProductList, useShelveProducts, useSubmitProduct, type ProductListParams } from '../api/products.ts';
import { ImportModal } from '../components/ImportModal.tsx';
import { ProductStatusTag, STATUS_OPTIONS } from '../components/status.tsx';

interface Filters {
  name?: string;
  code?: string;
  category?: string[];
  status?: number;
  onSale?: number;
}

const deletable = (s: number) => s === ProductStatus.DRAFT || s === ProductStatus.REJECTED;

/** /customer/product: the company's products with filters, batch shelf, delete of drafts and copy. */
export default function ProductListPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Filters>();
  const { params, reset, page } = useListParams<ProductListParams>();
  const [selected, setSelected] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const list = useProductList(params);
  const categories = useQuery(categoryTreeQuery);
  const shelve = useShelveProducts();
  const remove = useDeleteProducts();
  const copy = useCopyProduct();
  const submit = useSubmitProduct();
  const edit = (id?: number) => navigate(id ? `/customer/product/detail?id=${id}` : '/customer/product/detail');

  const search = (f: Filters) => {
    setSelected([]);
    reset({
      name: f.name?.trim() || undefined,
      code: f.code?.trim() || undefined,
      categoryCode: f.category?.length ? f.category[f.category.length - 1] : undefined,
      status: f.status,
      onSale: f.onSale,
    });
  };

  const columns: TableColumnsType<ProductRow> = [
    {
      title: '商品',
      dataIndex: 'name',
      render: (name: string, r) => (
        <Space align="start">
          <Img src={r.defaultImage} width={THUMB_WIDTH} style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 4 }} />
          <div>
            <a onClick={() => edit(r.sysNo)}>{name}</a>
            <div style={{ color: '#8c8c8c', fontSize: 12 }}>{r.categoryName}{r.brand ? ` · ${r.brand}` : ''}</div>
            <div style={{ color: '#8c8c8c', fontSize: 12 }}>编码：{r.skuCodes.slice(0, 3).join('、')}{r.skuCodes.length > 3 ? ' …' : ''}</div>
          </div>
        </Space>
      ),
    },
    { title: '价格', dataIndex: 'price', width: 120, render: (v: number, r) => <span><Price value={v} />{r.skuCount > 1 ? ' 起' : ''}<div style={{ color: '#8c8c8c', fontSize: 12 }}>/{r.unit}，{r.minOrder}{r.unit}起订</div></span> },
    { title: '可用库存', dataIndex: 'stock', width: 100, render: (v: number, r) => `${v} ${r.unit}` },
    { title: '规格数', dataIndex: 'skuCount', width: 70 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 170,
      render: (s: number, r) => <ProductStatusTag status={s} pendingRevision={r.pendingRevision} rejectReason={r.rejectReason} takenDownReason={r.takenDownReason} />,
    },
    { title: '更新时间', dataIndex: 'updatedAt', width: 140, render: (v: string) => formatChinaDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => edit(r.sysNo)} disabled={r.status === ProductStatus.PENDING}>
            编辑
          </Button>
          {deletable(r.status) && (
            <Button type="link" size="small" loading={submit.isPending && submit.variables === r.sysNo} onClick={() => submit.mutate(r.sysNo)}>
              提交审核
            </Button>
          )}
          {r.status === ProductStatus.ON_SALE && (
            <Button type="link" size="small" onClick={() => shelve.mutate({ ids: [r.sysNo], onSale: false })}>
              下架
            </Button>
          )}
          {r.status === ProductStatus.OFF_SALE && !r.takenDownReason && (
            <Button type="link" size="small" onClick={() => shelve.mutate({ ids: [r.sysNo], onSale: true })}>
              上架
            </Button>
          )}
          <Button type="link" size="small" onClick={() => copy.mutate(r.sysNo)}>
            复制
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`/customer/product/inventory?productId=${r.sysNo}`)}>
            库存
          </Button>
          {deletable(r.status) && (
            <Popconfirm title={`删除商品“${r.name}”？`} description="删除后不可恢复。" okText="删除" okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync([r.sysNo])}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="商品列表"
      extra={
        <Space>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            导入
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => edit()}>
            发布商品
          </Button>
          <ImportModal open={importing} onClose={() => setImporting(false)} />
        </Space>
      }
      filters={
      <Form form={form} layout="inline" onFinish={search} style={{ rowGap: 12 }}>
        <Form.Item name="name" label="商品名称">
          <Input allowClear maxLength={60} placeholder="名称关键字" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="code" label="编码">
          <Input allowClear maxLength={40} placeholder="规格编码" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="category" label="分类">
          <Cascader
            changeOnSelect
            allowClear
            placeholder="全部分类"
            style={{ width: 200 }}
            loading={categories.isLoading}
            options={categories.data ?? []}
            fieldNames={{ label: 'name', value: 'categoryCode', children: 'children' }}
          />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" style={{ width: 110 }} options={STATUS_OPTIONS} />
        </Form.Item>
        <Form.Item name="onSale" label="在售">
          <Select allowClear placeholder="全部" style={{ width: 100 }} options={[{ value: 1, label: '在售' }, { value: 0, label: '未在售' }]} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={() => { form.resetFields(); search({}); }}>重置</Button>
          </Space>
        </Form.Item>
      </Form>
      }
      toolbar={
        <>
        <Button disabled={!selected.length} loading={shelve.isPending && shelve.variables?.onSale} onClick={() => shelve.mutate({ ids: selected, onSale: true }, { onSuccess: () => setSelected([]) })}>
          批量上架
        </Button>
        <Button disabled={!selected.length} loading={shelve.isPending && !shelve.variables?.onSale} onClick={() => shelve.mutate({ ids: selected, onSale: false }, { onSuccess: () => setSelected([]) })}>
          批量下架
        </Button>
        <Popconfirm title={`删除选中的 ${selected.length} 件商品？`} description="只会删除草稿和已驳回的商品。" okText="删除" okButtonProps={{ danger: true }} disabled={!selected.length} onConfirm={() => remove.mutateAsync(selected).then(() => setSelected([]))}>
          <Button danger disabled={!selected.length}>
            删除草稿
          </Button>
        </Popconfirm>
        <Button loading={exporting} onClick={() => { setExporting(true); void exportProducts(params).finally(() => setExporting(false)); }}>
          导出Excel
        </Button>
        {selected.length > 0 && <span style={{ color: '#8c8c8c' }}>已选 {selected.length} 件</span>}
        </>
      }
    >
      <ListTable<ProductRow>
        rowKey="sysNo"
        size="middle"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        errorTitle="商品列表加载失败"
        emptyText={list.isLoading ? '加载中…' : '暂无商品，点击右上角“发布商品”添加'}
        scroll={{ x: 980 }}
        showTotal={(n) => `共 ${n} 件`}
      />
    </ListPage>
  );
}
