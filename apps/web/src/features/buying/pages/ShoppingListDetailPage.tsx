import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Input,
  InputNumber,
  Popconfirm,
  Result,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { MAX_QUANTITY, MAX_SHOPPING_LIST_ITEMS, toFen, type CartAddManyResult, type ShoppingListItemRow } from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
import { PageSpin } from '../../../components/PageSpin.tsx';
import { CartAddResultModal } from '../../../components/CartAddResultModal.tsx';
import {
  shoppingListDetailQuery,
  useBuyShoppingList,
  useRemoveListItems,
  useUpdateListItem,
} from '../api/shopping-lists.ts';

/**
 * One 常购清单 (/customer/shopping-list/detail?id=…): its items with today's price (the caller's, from the one
 * resolver), stock, minimum order and on-sale state; quantities and notes edited in place by those who may change
 * the list; the whole list or the ticked items bought into the cart in one step, each line explained.
 */
export default function ShoppingListDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...shoppingListDetailQuery(id), enabled: valid });
  const buy = useBuyShoppingList();
  const remove = useRemoveListItems();
  const [selected, setSelected] = useState<number[]>([]);
  const [result, setResult] = useState<CartAddManyResult | null>(null);

  if (!valid) return <Result status="404" title="清单不存在或已删除" extra={<Link to="/customer/shopping-list">返回常购清单</Link>} />;
  if (detail.isLoading) return <PageSpin />;
  if (detail.isError || !detail.data)
    return (
      <Result
        status="warning"
        title={detail.error?.message ?? '清单加载失败'}
        extra={
          <Space>
            <Button onClick={() => void detail.refetch()}>重试</Button>
            <Link to="/customer/shopping-list">返回常购清单</Link>
          </Space>
        }
      />
    );
  const { list, items } = detail.data;
  const onBuy = (itemIds: number[]) =>
    void buy.mutateAsync({ id: list.id, itemIds }).then((r) => {
      setResult(r);
      setSelected([]);
    }, () => undefined);

  const columns: TableColumnsType<ShoppingListItemRow> = [
    {
      title: '商品',
      key: 'product',
      minWidth: 220,
      render: (_, i) => (
        <div>
          {i.productId ? (
            <Link to={`/mall/goodsDetail?id=${i.productId}`} target="_blank">
              {i.productName}
            </Link>
          ) : (
            <span className="am-muted">商品已失效</span>
          )}
          <div className="am-muted am-small">{[i.code && `编码 ${i.code}`, i.spec, i.shopName].filter(Boolean).join(' · ')}</div>
        </div>
      ),
    },
    {
      title: '今日单价',
      key: 'price',
      width: 150,
      align: 'right',
      render: (_, i) =>
        i.unitPrice === null ? (
          '—'
        ) : (
          <div>
            <Price value={i.unitPrice} />
            {i.priceLabel && <Tag style={{ marginLeft: 4 }}>{i.priceLabel}</Tag>}
            {toFen(i.unitPrice) !== toFen(i.priceAtAdd) && (
              <div className="am-small" style={{ color: toFen(i.unitPrice) > toFen(i.priceAtAdd) ? '#cf1322' : '#389e0d' }}>
                加入时 <Price value={i.priceAtAdd} />
              </div>
            )}
          </div>
        ),
    },
    {
      title: '库存/起订',
      key: 'stock',
      width: 110,
      render: (_, i) => (i.productId ? `${i.available} / ${i.minOrder}${i.unit}` : '—'),
    },
    {
      title: '默认数量',
      key: 'quantity',
      width: 130,
      render: (_, i) =>
        list.editable ? <QuantityCell item={i} /> : `${i.quantity}${i.unit}`,
    },
    {
      title: '备注',
      dataIndex: 'note',
      width: 160,
      render: (_, i) => (list.editable ? <NoteCell item={i} /> : i.note || '—'),
    },
    {
      title: '状态',
      key: 'state',
      width: 130,
      render: (_, i) => (i.problem ? <Tag color="red">{i.problem}</Tag> : <Tag color="green">可购买</Tag>),
    },
    ...(list.editable
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 70,
            render: (_: unknown, i: ShoppingListItemRow) => (
              <Popconfirm title="从清单移除该商品？" okText="移除" onConfirm={() => remove.mutateAsync([i.id])}>
                <Button type="link" size="small" danger>
                  移除
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      variant="borderless"
      title={
        <Space wrap>
          {list.name}
          {list.shared && <Tag color="blue">共享</Tag>}
          <Typography.Text type="secondary" className="am-small">
            创建人：{list.mine ? '我' : list.ownerName} · {items.length}/{MAX_SHOPPING_LIST_ITEMS} 种商品
          </Typography.Text>
        </Space>
      }
      extra={<Link to="/customer/shopping-list">返回常购清单</Link>}
    >
      {!list.editable && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title="这是同事共享的清单：您可以查看和购买，只有创建人和企业管理员可以修改。" />
      )}
      <Space wrap style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          disabled={!selected.length}
          loading={buy.isPending && !!buy.variables?.itemIds?.length}
          onClick={() => onBuy(selected)}
          data-testid="list-buy-selected"
        >
          购买所选（{selected.length} 种）
        </Button>
        <Button
          disabled={!items.length}
          loading={buy.isPending && !buy.variables?.itemIds?.length}
          onClick={() => onBuy([])}
          data-testid="list-buy-all"
        >
          全部加入购物车
        </Button>
        {list.editable && selected.length > 0 && (
          <Popconfirm title={`从清单移除所选的 ${selected.length} 种商品？`} okText="移除" onConfirm={() => remove.mutateAsync(selected).then(() => setSelected([]))}>
            <Button danger>移除所选</Button>
          </Popconfirm>
        )}
      </Space>
      <Table<ShoppingListItemRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items}
        scroll={{ x: 900 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (t) => `共 ${t} 种商品`, showSizeChanger: false }}
        locale={{
          emptyText: (
            <Empty description="清单中还没有商品：在商品详情页或订单详情中点“加入常购清单”" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ),
        }}
      />
      <CartAddResultModal result={result} title="加入购物车" emptyTitle="没有可加入购物车的商品" onClose={() => setResult(null)} />
    </Card>
  );
}

function QuantityCell({ item }: { item: ShoppingListItemRow }) {
  const update = useUpdateListItem();
  return (
    <InputNumber
      size="small"
      min={1}
      max={MAX_QUANTITY}
      precision={0}
      defaultValue={item.quantity}
      disabled={update.isPending}
      aria-label={`${item.productName}默认数量`}
      onBlur={(e) => {
        const q = Number(e.target.value);
        if (Number.isInteger(q) && q >= 1 && q <= MAX_QUANTITY && q !== item.quantity) update.mutate({ id: item.id, quantity: q });
      }}
      addonAfter={item.unit || undefined}
      style={{ width: 110 }}
    />
  );
}

function NoteCell({ item }: { item: ShoppingListItemRow }) {
  const update = useUpdateListItem();
  return (
    <Input
      size="small"
      maxLength={100}
      defaultValue={item.note}
      placeholder="备注"
      aria-label={`${item.productName}备注`}
      onBlur={(e) => {
        const note = e.target.value.trim();
        if (note !== item.note) update.mutate({ id: item.id, quantity: item.quantity, note });
      }}
    />
  );
}
