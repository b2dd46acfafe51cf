import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, ShopOutlined } from '@ant-design/icons';
import { CompanyType, MAX_CART_LINES, type CartLineRow } from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
import { Img } from '../../../components/Img.tsx';
import { useSession } from '../../session/index.ts';
import {
  cartQuery,
  useCartClearInvalid,
  useCartQuantity,
  useCartRemove,
  useCartSelect,
} from '../api/buying.ts';
import { QuantityInput } from '../components/QuantityInput.tsx';
import {
  allSelected,
  checkoutHref,
  invalidCount,
  priceChangeText,
  selectableIds,
  selectedIds,
} from '../lib/cart-logic.ts';
import './buying.css';
import { PriceSource } from '../../../components/PriceSource.tsx';

/** /customer/cart: the purchaser user's cart by supplier shop, 失效 lines and price changes flagged. */
export default function CartPage() {
  const { user } = useSession();
  const supplier = !!user && user.extension.CompanyType !== CompanyType.PURCHASER;
  const cart = useQuery({ ...cartQuery, enabled: !supplier });
  const navigate = useNavigate();
  const select = useCartSelect();
  const quantity = useCartQuantity();
  const remove = useCartRemove();
  const clearInvalid = useCartClearInvalid();

  if (supplier) {
    return (
      <Card variant="borderless">
        <Result
          status="info"
          title="购物车仅对采购单位开放"
          subTitle="供应商账号不能在商城采购，请使用采购单位账号登录后下单。"
        />
      </Card>
    );
  }
  const data = cart.data;
  const chosen = selectedIds(data);
  const invalid = invalidCount(data);

  const columns: TableColumnsType<CartLineRow> = [
    {
      title: '商品',
      key: 'product',
      minWidth: 220,
      render: (_, l) => (
        <div className="buy-line-product">
          <Img src={l.image} width={120} alt="" style={{ width: 56, height: 56 }} />
          <div>
            <Link to={`/mall/goodsDetail?id=${l.productId}`} target="_blank">
              {l.productName}
            </Link>
            {l.spec && <div className="am-muted am-small">{l.spec}</div>}
            {l.problem && <Tag color="default">失效 · {l.problem}</Tag>}
            {l.short && (
              <Tag color="orange">
                库存不足，可用 {l.available}
                {l.unit}
              </Tag>
            )}
          </div>
        </div>
      ),
    },
    {
      title: '单价',
      key: 'price',
      width: 170,
      align: 'right',
      render: (_, l) => (
        <div>
          <Price value={l.unitPrice} />
          <PriceSource source={l.priceSource} label={l.priceLabel} listPrice={l.listPrice} />
          {l.priceChanged && (
            <div>
              <Tag color="red" data-testid="price-changed">
                价格已变动 {priceChangeText(l.priceAtAdd, l.unitPrice)}
              </Tag>
            </div>
          )}
        </div>
      ),
    },
    {
      title: '数量',
      key: 'quantity',
      width: 150,
      render: (_, l) => (
        <div>
          <QuantityInput
            value={l.quantity}
            min={Math.max(1, l.minOrder)}
            unit={l.unit}
            disabled={!!l.problem}
            onCommit={(q) =>
              void quantity.mutateAsync({ sysNo: l.sysNo, quantity: q }).catch(() => undefined)
            }
          />
          {l.minOrder > 1 && (
            <div className="am-muted am-small">
              起订 {l.minOrder}
              {l.unit}
            </div>
          )}
        </div>
      ),
    },
    {
      title: '小计',
      key: 'amount',
      width: 120,
      align: 'right',
      render: (_, l) => (l.problem ? <span className="am-muted">—</span> : <Price value={l.amount} />),
    },
    {
      title: '操作',
      key: 'actions',
      width: 64,
      align: 'center',
      render: (_, l) => (
        <Popconfirm
          title="从购物车删除这件商品？"
          okText="删除"
          onConfirm={() => remove.mutateAsync([l.sysNo])}
        >
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除${l.productName}`}
          />
        </Popconfirm>
      ),
    },
  ];

  const body = () => {
    if (cart.isLoading) return <Skeleton active />;
    if (cart.isError)
      return (
        <Result
          status="warning"
          title="购物车加载失败"
          subTitle={cart.error.message}
          extra={<Button onClick={() => void cart.refetch()}>重试</Button>}
        />
      );
    if (!data?.lineCount) {
      return (
        <Empty description="购物车还是空的">
          <Link to="/mall">
            <Button type="primary">去商城选购</Button>
          </Link>
        </Empty>
      );
    }
    return (
      <>
        {data.lineCount >= MAX_CART_LINES && (
          <Alert
            type="warning"
            showIcon
            title={`购物车最多${MAX_CART_LINES}种商品，请先结算或删除部分商品`}
            style={{ marginBottom: 12 }}
          />
        )}
        <div className="buy-toolbar">
          <Checkbox
            checked={allSelected(data)}
            indeterminate={chosen.length > 0 && !allSelected(data)}
            disabled={!selectableIds(data).length || select.isPending}
            onChange={(e) =>
              void select.mutateAsync({ sysNos: selectableIds(data), selected: e.target.checked })
            }
          >
            全选
          </Checkbox>
          <Space>
            <Popconfirm
              title={`删除已选的 ${chosen.length} 种商品？`}
              disabled={!chosen.length}
              okText="删除"
              onConfirm={() => remove.mutateAsync(chosen)}
            >
              <Button size="small" disabled={!chosen.length}>
                删除选中
              </Button>
            </Popconfirm>
            <Button
              size="small"
              disabled={!invalid}
              onClick={() => void clearInvalid.mutateAsync()}
              data-testid="clear-invalid"
            >
              清除失效商品{invalid ? `（${invalid}）` : ''}
            </Button>
          </Space>
        </div>
        {data.shops.map((shop) => (
          <section key={shop.sellerCompanyId} className="buy-shop" data-testid="cart-shop">
            <div className="buy-shop-head">
              <ShopOutlined /> <Typography.Text strong>{shop.shopName || '供应商'}</Typography.Text>
            </div>
            <Table<CartLineRow>
              rowKey="sysNo"
              size="middle"
              columns={columns}
              dataSource={shop.lines}
              pagination={false}
              // A phone scrolls the lines sideways rather than hiding quantity, subtotal and delete.
              scroll={{ x: 780 }}
              rowClassName={(l) => (l.problem ? 'buy-line-invalid' : '')}
              rowSelection={{
                selectedRowKeys: shop.lines.filter((l) => l.selected).map((l) => l.sysNo),
                getCheckboxProps: (l) => ({
                  disabled: !!l.problem || select.isPending,
                  'aria-label': `选择${l.productName}`,
                }),
                onSelect: (l, selected) => void select.mutateAsync({ sysNos: [l.sysNo], selected }),
                onSelectAll: (selected, _rows, changed) =>
                  void select.mutateAsync({
                    sysNos: changed.filter((l) => !l.problem).map((l) => l.sysNo),
                    selected,
                  }),
              }}
            />
          </section>
        ))}
        <div className="buy-summary">
          <span>
            已选 <b data-testid="selected-count">{data.selectedCount}</b> 种商品，合计{' '}
            <Price value={data.selectedAmount} className="buy-total" />
          </span>
          <Tooltip title={chosen.length ? undefined : '请选择要结算的商品'}>
            <Button
              type="primary"
              size="large"
              disabled={!chosen.length}
              onClick={() => void navigate(checkoutHref({ lines: chosen }))}
              data-testid="go-checkout"
            >
              去结算
            </Button>
          </Tooltip>
        </div>
      </>
    );
  };

  return (
    <Card
      title="购物车"
      variant="borderless"
      extra={data ? <span className="am-muted">共 {data.lineCount} 种商品</span> : null}
    >
      {body()}
    </Card>
  );
}
