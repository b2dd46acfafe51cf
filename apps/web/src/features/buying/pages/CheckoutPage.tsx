import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Radio,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined, ShopOutlined } from '@ant-design/icons';
import {
  CompanyType,
  InvoiceKind,
  type CheckoutLine,
  type CheckoutResult,
  toFen,
} from '@aquamall/shared';
import { ApiError, refusalOf } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { Price } from '../../../components/Format.tsx';
import { Img } from '../../../components/Img.tsx';
import { useSession } from '../../session/index.ts';
import {
  addressListQuery,
  invoiceTitleListQuery,
  useCheckoutPreview,
  useSubmitCheckout,
} from '../api/buying.ts';
import { AddressFormModal } from '../components/AddressFormModal.tsx';
import { InvoiceTitleFormModal } from '../components/InvoiceTitleFormModal.tsx';
import { OrderRefsFields } from '../components/OrderRefsFields.tsx';
import { refsOf, type OrderRefsValues } from '../lib/order-refs.ts';
import {
  checkoutSourceFrom,
  lineKey,
  newIdempotencyKey,
  priceChangeText,
  problemLineKey,
} from '../lib/cart-logic.ts';
import './buying.css';
import { PriceSource } from '../../../components/PriceSource.tsx';
import { BudgetUsage } from '../../../components/BudgetUsage.tsx';

/** The submitted checkout: its orders, each linking to the order detail. */
function CheckoutDone({ result }: { result: CheckoutResult }) {
  if (result.purchaseRequest) return <CheckoutRouted result={result} request={result.purchaseRequest} />;
  return (
    <Card variant="borderless">
      <Result
        status="success"
        title={result.orders.length > 1 ? `已提交 ${result.orders.length} 个订单` : '订单已提交'}
        subTitle={
          <>
            等待供应商确认，合计 <Price value={result.totalAmount} />
          </>
        }
        extra={[
          <Link key="orders" to="/customer/order">
            <Button type="primary">查看采购订单</Button>
          </Link>,
          <Link key="mall" to="/mall">
            <Button>继续采购</Button>
          </Link>,
        ]}
      >
        <ul className="buy-result" data-testid="checkout-result">
          {result.orders.map((o) => (
            <li key={o.id}>
              <Link to={`/customer/order/detail?type=0&id=${o.id}`} data-testid="order-link">
                订单 {o.orderNo}
              </Link>
              <span className="am-muted"> · {o.shopName} · </span>
              <Price value={o.totalAmount} />
            </li>
          ))}
        </ul>
      </Result>
    </Card>
  );
}

/** A checkout an approval rule caught (docs/product/approvals.md): no order yet, a purchase request to follow. */
function CheckoutRouted({ result, request }: { result: CheckoutResult; request: { id: number; requestNo: string } }) {
  return (
    <Card variant="borderless">
      <Result
        status="info"
        title="已提交审批"
        subTitle={
          <>
            采购申请 {request.requestNo}，合计 <Price value={result.totalAmount} />，审批通过后自动向供应商下单
          </>
        }
        extra={[
          <Link key="request" to={`/customer/approval/request/${request.id}`} data-testid="purchase-request-link">
            <Button type="primary">查看采购申请</Button>
          </Link>,
          <Link key="mall" to="/mall">
            <Button>继续采购</Button>
          </Link>,
        ]}
      />
    </Card>
  );
}

/**
 * /customer/cart/checkout: the chosen cart lines (?lines=) or one SKU bought at once (?skuId=&quantity=), per
 * supplier, with address, invoice wish and a remark per supplier. The Idempotency-Key is made when the page
 * opens and kept for retries, so a repeated submit never orders twice.
 */
export default function CheckoutPage() {
  const [search] = useSearchParams();
  const source = useMemo(() => checkoutSourceFrom(search), [search]);
  const { user } = useSession();
  const supplier = !!user && user.extension.CompanyType !== CompanyType.PURCHASER;
  const [key] = useState(newIdempotencyKey);
  const preview = useCheckoutPreview(supplier ? null : source);
  const addresses = useQuery(addressListQuery);
  const titles = useQuery(invoiceTitleListQuery);
  const submit = useSubmitCheckout();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [invoiceKind, setInvoiceKind] = useState<0 | 1 | 2>(InvoiceKind.NONE);
  const [titleId, setTitleId] = useState<number | null>(null);
  const [remarks, setRemarks] = useState<Record<number, string>>({});
  const [refsForm] = Form.useForm<OrderRefsValues>();
  const [marked, setMarked] = useState<{ key: string; message: string } | null>(null);
  const [modal, setModal] = useState<'address' | 'title' | null>(null);
  const [done, setDone] = useState<CheckoutResult | null>(null);

  // The default address (or the first) is chosen until the user picks one.
  useEffect(() => {
    const list = addresses.data ?? [];
    if (!list.some((a) => a.sysNo === addressId)) setAddressId(list[0]?.sysNo ?? null);
  }, [addresses.data, addressId]);
  const usableTitles = (titles.data ?? []).filter(
    (t) => invoiceKind !== InvoiceKind.SPECIAL || t.kind === InvoiceKind.SPECIAL,
  );
  useEffect(() => {
    if (invoiceKind === InvoiceKind.NONE) return;
    if (!usableTitles.some((t) => t.sysNo === titleId)) setTitleId(usableTitles[0]?.sysNo ?? null);
  }, [invoiceKind, usableTitles, titleId]);

  if (done) return <CheckoutDone result={done} />;
  if (supplier) {
    return (
      <Card variant="borderless">
        <Result
          status="info"
          title="仅采购单位可以下单"
          subTitle="供应商账号不能在商城采购，请使用采购单位账号登录后下单。"
        />
      </Card>
    );
  }
  if (!source) {
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title="没有要结算的商品"
          extra={
            <Link to="/customer/cart">
              <Button type="primary">返回购物车</Button>
            </Link>
          }
        />
      </Card>
    );
  }

  const data = preview.data;
  const problems = (data?.groups ?? []).flatMap((g) => g.lines.filter((l) => l.problem));
  const needTitle = invoiceKind !== InvoiceKind.NONE && !titleId;
  const canSubmit = !!data && !problems.length && !!addressId && !needTitle && !submit.isPending;

  const onSubmit = async () => {
    if (!data || !addressId) return;
    setMarked(null);
    const refs = await refsForm.validateFields().then(
      (v) => refsOf(v, data.groups.map((g) => g.sellerCompanyId)),
      () => null,
    );
    if (!refs) return;
    try {
      const result = await submit.mutateAsync({
        key,
        body: {
          source,
          addressId,
          invoiceKind,
          invoiceTitleId: invoiceKind === InvoiceKind.NONE ? null : titleId,
          remarks: data.groups
            .map((g) => ({ sellerCompanyId: g.sellerCompanyId, remark: remarks[g.sellerCompanyId] ?? '' }))
            .filter((r) => r.remark.trim()),
          shownTotal: data.totalAmount,
          ...refs,
        },
      });
      setDone(result);
    } catch (e) {
      if (!(e instanceof ApiError)) return;
      const refusal = refusalOf('checkoutSubmit', e);
      await preview.refetch();
      if (refusal?.reason === 'CHECKOUT_PRICE_CHANGED') {
        Modal.warning({
          title: '价格已变动',
          content: `${e.message}。页面已显示最新价格，请核对后再次提交。`,
        });
        return;
      }
      const at = refusal?.reason === 'CHECKOUT_LINE_REFUSED' ? problemLineKey(refusal) : null;
      if (at) setMarked({ key: at, message: e.message });
      notify.error(e.message);
    }
  };

  const columns: TableColumnsType<CheckoutLine> = [
    {
      title: '商品',
      key: 'product',
      minWidth: 220,
      render: (_, l) => (
        <div className="buy-line-product">
          <Img src={l.image} width={120} alt="" style={{ width: 48, height: 48 }} />
          <div>
            <div>{l.productName}</div>
            {l.spec && <div className="am-muted am-small">{l.spec}</div>}
            {l.problem && <Tag color="red">{l.problem}</Tag>}
            {marked?.key === lineKey(l) && (
              <Tag color="red" data-testid="line-problem">
                {marked.message}
              </Tag>
            )}
          </div>
        </div>
      ),
    },
    {
      title: '单价',
      key: 'price',
      width: 180,
      align: 'right',
      render: (_, l) => (
        <div>
          <Price value={l.unitPrice} />
          <PriceSource source={l.priceSource} label={l.priceLabel} listPrice={l.listPrice} />
          {l.priceAtAdd !== null && toFen(l.priceAtAdd) !== toFen(l.unitPrice) && (
            <div>
              <Tag color="orange">价格已变动 {priceChangeText(l.priceAtAdd, l.unitPrice)}</Tag>
            </div>
          )}
        </div>
      ),
    },
    {
      title: '数量',
      key: 'qty',
      width: 110,
      align: 'right',
      render: (_, l) => `${l.quantity} ${l.unit}`,
    },
    {
      title: '小计',
      key: 'amount',
      width: 120,
      align: 'right',
      render: (_, l) => <Price value={l.amount} />,
    },
  ];

  const addressList = addresses.data ?? [];
  return (
    <Card title={source.items?.length ? '立即购买' : '确认订单'} variant="borderless">
      <section className="buy-block">
        <Space style={{ marginBottom: 8 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            收货地址
          </Typography.Title>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setModal('address')}
            data-testid="checkout-add-address"
          >
            新增地址
          </Button>
        </Space>
        {addresses.isLoading ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : addresses.isError ? (
          <Alert
            type="warning"
            showIcon
            title="收货地址加载失败"
            action={
              <Button size="small" onClick={() => void addresses.refetch()}>
                重试
              </Button>
            }
          />
        ) : addressList.length ? (
          <div className="buy-address-list" role="radiogroup" aria-label="收货地址">
            {addressList.map((a) => (
              <button
                key={a.sysNo}
                type="button"
                role="radio"
                aria-checked={a.sysNo === addressId}
                className={`buy-address${a.sysNo === addressId ? ' is-active' : ''}`}
                onClick={() => setAddressId(a.sysNo)}
              >
                <div>
                  <b>{a.receiver}</b> {a.phone} {a.isDefault && <Tag color="blue">默认</Tag>}
                </div>
                <div className="am-muted am-small">
                  {a.areaName} {a.detail}
                </div>
              </button>
            ))}
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有收货地址，请先新增" />
        )}
      </section>

      <section className="buy-block">
        <Typography.Title level={5}>发票</Typography.Title>
        <Space wrap>
          <Radio.Group
            value={invoiceKind}
            onChange={(e) => setInvoiceKind(e.target.value as 0 | 1 | 2)}
            options={[
              { value: InvoiceKind.NONE, label: '不开发票' },
              { value: InvoiceKind.ORDINARY, label: '增值税普通发票' },
              { value: InvoiceKind.SPECIAL, label: '增值税专用发票' },
            ]}
          />
          {invoiceKind !== InvoiceKind.NONE && (
            <>
              <Select
                style={{ width: 320, maxWidth: '100%' }}
                placeholder={
                  usableTitles.length
                    ? '选择发票抬头'
                    : invoiceKind === InvoiceKind.SPECIAL
                      ? '没有专用发票抬头，请新增'
                      : '没有发票抬头，请新增'
                }
                value={titleId ?? undefined}
                onChange={setTitleId}
                options={usableTitles.map((t) => ({
                  value: t.sysNo,
                  label: `${t.title}（${t.kind === 2 ? '专用' : '普通'} · ${t.taxNo}）`,
                }))}
                aria-label="发票抬头"
              />
              <Button icon={<PlusOutlined />} onClick={() => setModal('title')}>
                新增抬头
              </Button>
            </>
          )}
        </Space>
      </section>

      {preview.isLoading ? (
        <Skeleton active />
      ) : preview.isError ? (
        <Result
          status="warning"
          title="商品信息加载失败"
          subTitle={preview.error.message}
          extra={[
            <Button key="r" onClick={() => void preview.refetch()}>
              重试
            </Button>,
            <Link key="c" to="/customer/cart">
              <Button>返回购物车</Button>
            </Link>,
          ]}
        />
      ) : (
        <>
          {problems.length > 0 && (
            <Alert
              type="error"
              showIcon
              title={`有 ${problems.length} 种商品当前不能购买，请返回购物车调整后再提交`}
              style={{ marginBottom: 12 }}
            />
          )}
          <OrderRefsFields form={refsForm} groups={data?.groups ?? []} />
          {(data?.groups ?? []).map((g) => (
            <section key={g.sellerCompanyId} className="buy-shop" data-testid="checkout-group">
              <div className="buy-shop-head">
                <ShopOutlined /> <Typography.Text strong>{g.shopName || '供应商'}</Typography.Text>
              </div>
              <Table<CheckoutLine>
                rowKey={lineKey}
                size="small"
                columns={columns}
                dataSource={g.lines}
                pagination={false}
                scroll={{ x: 640 }}
                rowClassName={(l) => (l.problem || marked?.key === lineKey(l) ? 'buy-line-problem' : '')}
              />
              <div className="buy-remark-row">
                <Input
                  placeholder="给供应商留言（选填）"
                  maxLength={300}
                  value={remarks[g.sellerCompanyId] ?? ''}
                  onChange={(e) => setRemarks((r) => ({ ...r, [g.sellerCompanyId]: e.target.value }))}
                  aria-label={`给${g.shopName}的留言`}
                />
                <span className="buy-group-total">
                  小计 <Price value={g.goodsAmount} />
                </span>
              </div>
            </section>
          ))}
          <BudgetUsage total={data?.totalAmount ?? 0} />
          <div className="buy-summary">
            <span>
              共 {data?.groups.length ?? 0} 个供应商，将生成 {data?.groups.length ?? 0} 个订单，应付总额{' '}
              <Price value={data?.totalAmount ?? 0} className="buy-total" />
            </span>
            <Button
              type="primary"
              size="large"
              disabled={!canSubmit}
              loading={submit.isPending}
              onClick={() => void onSubmit()}
              data-testid="submit-checkout"
            >
              提交订单
            </Button>
          </div>
          {!addressId && !addresses.isLoading && (
            <div className="am-muted" style={{ textAlign: 'right' }}>
              请选择收货地址
            </div>
          )}
          {needTitle && (
            <div className="am-muted" style={{ textAlign: 'right' }}>
              请选择发票抬头
            </div>
          )}
        </>
      )}
      <AddressFormModal
        open={modal === 'address'}
        address={null}
        onClose={() => setModal(null)}
        onSaved={setAddressId}
      />
      <InvoiceTitleFormModal
        open={modal === 'title'}
        title={null}
        onClose={() => setModal(null)}
        onSaved={setTitleId}
      />
    </Card>
  );
}
