import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Form, Popconfirm, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import {
  CONTRACT_PRICE_STATE_LABEL,
  CONTRACT_PRICE_STATES,
  ContractPriceKind,
  formatChinaDate,
  formatMoney,
  type ContractPriceRow,
  type ContractPriceState,
} from '@aquamall/shared';
import { ExportButton, FilterForm, ListPage, ListTable, TextFilterItem, trimFilters, useListParams } from '../../../components/ListPage.tsx';
import { Price } from '../../../components/Format.tsx';
import { exportContractPrices, useContractPriceList, useDeleteContractPrice, useEndContractPrice } from '../api/prices.ts';
import { ContractPriceFormModal } from '../components/ContractPriceFormModal.tsx';
import { PriceImportModal } from '../components/PriceImportModal.tsx';

interface Filters {
  purchaser?: string;
  sku?: string;
  state?: ContractPriceState;
}

const STATE_COLOR: Record<ContractPriceState, string> = { active: 'green', upcoming: 'blue', ended: 'default' };

/** How a rule prices: 固定价 ¥x, or 列表价 n 折 (the percent off), with its tiers. */
function ruleText(r: ContractPriceRow) {
  const one = (v: string) => (r.kind === ContractPriceKind.FIXED ? formatMoney(v) : `优惠${Number(v)}%`);
  return (
    <Space direction="vertical" size={0}>
      <span>
        {r.kind === ContractPriceKind.FIXED ? '固定价 ' : '列表价 '}
        {one(r.value)}
      </span>
      {r.tiers.map((t) => (
        <Typography.Text type="secondary" key={t.minQty} style={{ fontSize: 12 }}>
          满{t.minQty}件 {one(t.value)}
        </Typography.Text>
      ))}
    </Space>
  );
}

/**
 * price/index (协议价管理): the supplier's contract prices for its purchasers — filter by purchaser, SKU and
 * validity, paged; create (one rule per chosen SKU), edit, end and delete (docs/product/prices.md).
 */
export default function ContractPriceListPage() {
  const [form] = Form.useForm<Filters>();
  const { params, reset, page } = useListParams<Filters>({});
  const list = useContractPriceList({ ...params, purchaser: params.purchaser ?? '', sku: params.sku ?? '' });
  const [editing, setEditing] = useState<ContractPriceRow | null | 'new'>(null);
  const [importing, setImporting] = useState(false);
  const end = useEndContractPrice();
  const remove = useDeleteContractPrice();

  const columns: TableColumnsType<ContractPriceRow> = [
    { title: '采购商 / 客户分组', dataIndex: 'targetName', width: 170, ellipsis: true },
    {
      title: '商品 / SKU',
      key: 'sku',
      width: 220,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text ellipsis style={{ maxWidth: 210 }}>
            {r.productName}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.skuCode}
            {r.spec ? ` · ${r.spec}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '列表价', dataIndex: 'listPrice', width: 100, align: 'right', render: (v: string) => <Price value={v} /> },
    { title: '协议定价', key: 'rule', width: 150, render: (_, r) => ruleText(r) },
    {
      title: '协议单价',
      dataIndex: 'unitPrice',
      width: 100,
      align: 'right',
      render: (v: string) => <Price value={v} className="contract-unit-price" />,
    },
    {
      title: '有效期',
      key: 'period',
      width: 190,
      render: (_, r) => `${formatChinaDate(r.validFrom)} 至 ${r.validTo ? formatChinaDate(r.validTo) : '长期'}`,
    },
    {
      title: '限购 / 已用 / 剩余',
      key: 'cap',
      width: 140,
      render: (_, r) => (r.capQty === null ? `不限 / ${r.usedQty} / —` : `${r.capQty} / ${r.usedQty} / ${r.remainingQty}`),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      render: (s: ContractPriceState) => <Tag color={STATE_COLOR[s]}>{CONTRACT_PRICE_STATE_LABEL[s]}</Tag>,
    },
    {
      title: '操作',
      key: 'a',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size="small">
          {r.state !== 'ended' && (
            <Typography.Link onClick={() => setEditing(r)} data-testid="contract-price-edit">
              修改
            </Typography.Link>
          )}
          {r.state !== 'ended' && (
            <Popconfirm title="结束后该协议价立即停止使用，确定结束？" onConfirm={() => end.mutateAsync(r.id)}>
              <Typography.Link>结束</Typography.Link>
            </Popconfirm>
          )}
          {!r.used && (
            <Popconfirm title="确定删除该协议价？" onConfirm={() => remove.mutateAsync(r.id)}>
              <Typography.Link type="danger">删除</Typography.Link>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="协议价管理"
      extra={
        <Space wrap>
          <Link to="/customer/price/groups">客户分组</Link>
          <Button onClick={() => setImporting(true)} data-testid="contract-price-import">
            导入Excel
          </Button>
          <Button type="primary" onClick={() => setEditing('new')} data-testid="contract-price-new">
            新增协议价
          </Button>
        </Space>
      }
      filters={
        <FilterForm<Filters>
          form={form}
          onSearch={(v) => reset(trimFilters(v))}
          actions={<ExportButton onExport={() => exportContractPrices({ ...params, purchaser: params.purchaser ?? '', sku: params.sku ?? '' })} />}
        >
          <TextFilterItem name="purchaser" label="采购商" placeholder="采购商或客户分组名称" />
          <TextFilterItem name="sku" label="商品" placeholder="SKU编码或商品名称" />
          <Form.Item name="state" label="有效状态">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 120 }}
              options={CONTRACT_PRICE_STATES.map((s) => ({ value: s, label: CONTRACT_PRICE_STATE_LABEL[s] }))}
            />
          </Form.Item>
        </FilterForm>
      }
    >
      <ListTable<ContractPriceRow>
        rowKey="id"
        size="middle"
        query={list}
        params={params}
        onPage={page}
        columns={columns}
        scroll={{ x: 1300 }}
        errorTitle="协议价列表加载失败"
        emptyText="暂无协议价，可点击“新增协议价”为采购商设置专属价格"
      />
      <ContractPriceFormModal
        open={editing !== null}
        rule={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <PriceImportModal open={importing} onClose={() => setImporting(false)} />
    </ListPage>
  );
}
