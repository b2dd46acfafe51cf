import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import {
  CompanyType,
  InvoiceKind,
  invoiceRequestInput,
  type InvoiceableOrder,
  type InvoiceTitleRow,
  formatChinaDateTime,
  formatFen,
  sumFen,
} from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
import { formRules, problemRule } from '../../../lib/form-rules.ts';
import { useSession } from '../../session/index.ts';
import { useInvoiceable, useInvoiceTitles, useRequestInvoice } from '../api/invoices.ts';
import { InvoiceDetailView } from '../components/InvoiceDetailView.tsx';

const rules = formRules(invoiceRequestInput);
const SPECIAL_FIELDS = [
  ['regAddress', '注册地址'],
  ['regPhone', '注册电话'],
  ['bankName', '开户银行'],
  ['bankAccount', '银行账号'],
] as const;

/** What a 专用 invoice needs of a title that this one lacks ('' when it is complete). */
const missingFor = (kind: number, t: InvoiceTitleRow | undefined) =>
  t && kind === InvoiceKind.SPECIAL
    ? SPECIAL_FIELDS.filter(([k]) => !t[k]?.trim())
        .map(([, label]) => label)
        .join('、')
    : '';

/**
 * invoice/editor: `?id=` shows one invoice as a page; otherwise the purchaser's request form — completed
 * orders of one supplier, the amount of each (at most what is uninvoiced), a saved title and a remark.
 */
export default function InvoiceEditorPage() {
  const [search] = useSearchParams();
  const { user } = useSession();
  const id = Number(search.get('id')) || null;
  if (id)
    return (
      <Card
        title="发票详情"
        variant="borderless"
        extra={<Link to="/customer/invoice/index">返回发票管理</Link>}
      >
        <InvoiceDetailView id={id} />
      </Card>
    );
  if (user && user.extension.CompanyType !== CompanyType.PURCHASER)
    return (
      <Result
        status="info"
        title="开票申请由采购商发起"
        subTitle="供应商请在发票管理中处理待开票的申请"
        extra={
          <Link to="/customer/invoice/index?type=1">
            <Button type="primary">前往发票管理</Button>
          </Link>
        }
      />
    );
  return <RequestForm presetOrderId={Number(search.get('orderId')) || null} />;
}

interface RequestForm {
  kind: number;
  titleId?: number;
  remark: string;
}

function RequestForm({ presetOrderId }: { presetOrderId: number | null }) {
  const navigate = useNavigate();
  const orders = useInvoiceable(true);
  const titles = useInvoiceTitles(true);
  const submit = useRequestInvoice();
  const [form] = Form.useForm<RequestForm>();
  const preset = orders.data?.find((o) => o.orderId === presetOrderId);
  const [sellerId, setSellerId] = useState<number | null>(null);
  const seller = sellerId ?? preset?.sellerCompanyId ?? null;
  const [picked, setPicked] = useState<number[] | null>(null);
  const selected = picked ?? (preset ? [preset.orderId] : []);
  const [amounts, setAmounts] = useState<Record<number, number | null>>({});
  const kind = Form.useWatch('kind', form) ?? InvoiceKind.SPECIAL;
  const titleId = Form.useWatch('titleId', form);
  const title = titles.data?.find((t) => t.sysNo === titleId);

  const sellers = useMemo(() => {
    const m = new Map<number, string>();
    for (const o of orders.data ?? []) m.set(o.sellerCompanyId, o.sellerCompanyName);
    return [...m].map(([value, label]) => ({ value, label }));
  }, [orders.data]);
  const rows = (orders.data ?? []).filter((o) => o.sellerCompanyId === seller);
  const amountOf = (o: InvoiceableOrder) => amounts[o.orderId] ?? Number(o.uninvoicedAmount);
  const totalFen = sumFen(rows.filter((o) => selected.includes(o.orderId)).map(amountOf));

  if (orders.isLoading || titles.isLoading) return <Skeleton active />;
  if (orders.isError || titles.isError)
    return (
      <Result
        status="warning"
        title="加载失败"
        extra={
          <Button
            onClick={() => {
              void orders.refetch();
              void titles.refetch();
            }}
          >
            重试
          </Button>
        }
      />
    );

  const onFinish = (v: RequestForm) =>
    void submit
      .mutateAsync({
        kind: v.kind as 1 | 2,
        titleId: v.titleId!,
        remark: v.remark ?? '',
        orders: rows
          .filter((o) => selected.includes(o.orderId))
          .map((o) => ({ orderId: o.orderId, amount: amountOf(o) })),
      })
      .then((r) => navigate(`/customer/invoice/index?type=0&id=${r.id}`));

  return (
    <Card
      title="申请开票"
      variant="borderless"
      extra={<Link to="/customer/invoice/index">返回发票管理</Link>}
    >
      {(orders.data ?? []).length === 0 ? (
        <Result status="info" title="暂无可开票的订单" subTitle="订单完成后，可为尚未开票的金额申请开票" />
      ) : (
        <Form<RequestForm>
          form={form}
          layout="vertical"
          initialValues={{
            kind: InvoiceKind.SPECIAL,
            titleId: titles.data?.find((t) => t.isDefault)?.sysNo,
            remark: '',
          }}
          onFinish={onFinish}
          style={{ maxWidth: 960 }}
        >
          <Form.Item label="供应商" required>
            <Select
              placeholder="选择供应商（一张发票只包含同一供应商的订单）"
              value={seller ?? undefined}
              options={sellers}
              style={{ maxWidth: 420 }}
              data-testid="invoice-seller"
              onChange={(v: number) => {
                setSellerId(v);
                setPicked([]);
              }}
            />
          </Form.Item>
          {seller !== null && (
            <Form.Item
              label="开票订单"
              required
              extra={`已选 ${selected.length} 个订单，合计 ${formatFen(totalFen)}`}
            >
              <Table<InvoiceableOrder>
                rowKey="orderId"
                size="small"
                pagination={false}
                dataSource={rows}
                scroll={{ x: 640 }}
                rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setPicked(keys as number[]) }}
                columns={[
                  { title: '订单号', dataIndex: 'orderNo', width: 170 },
                  {
                    title: '完成时间',
                    dataIndex: 'completedAt',
                    width: 140,
                    render: (v: string | null) => (v ? formatChinaDateTime(v) : '—'),
                  },
                  {
                    title: '订单金额',
                    dataIndex: 'totalAmount',
                    width: 110,
                    align: 'right',
                    render: (v: string) => <Price value={v} />,
                  },
                  {
                    title: '未开票金额',
                    dataIndex: 'uninvoicedAmount',
                    width: 110,
                    align: 'right',
                    render: (v: string) => <Price value={v} />,
                  },
                  {
                    title: '本次开票金额',
                    key: 'amount',
                    width: 150,
                    render: (_, o) => (
                      <InputNumber
                        size="small"
                        min={0.01}
                        max={Number(o.uninvoicedAmount)}
                        precision={2}
                        prefix="¥"
                        value={amountOf(o)}
                        disabled={!selected.includes(o.orderId)}
                        onChange={(v) => setAmounts((a) => ({ ...a, [o.orderId]: v }))}
                        style={{ width: 130 }}
                      />
                    ),
                  },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item name="kind" label="发票类型" rules={rules.kind}>
            <Radio.Group
              options={[
                { value: InvoiceKind.SPECIAL, label: '增值税专用发票' },
                { value: InvoiceKind.ORDINARY, label: '增值税普通发票' },
              ]}
              onChange={() => void form.validateFields(['titleId']).catch(() => undefined)}
            />
          </Form.Item>
          <Form.Item
            name="titleId"
            label="发票抬头"
            dependencies={['kind']}
            rules={[
              ...rules.titleId,
              problemRule((id: number | undefined) => {
                const missing = missingFor(
                  form.getFieldValue('kind') as number,
                  titles.data?.find((t) => t.sysNo === id),
                );
                return missing
                  ? `专用发票需要完整的抬头信息，所选抬头缺少${missing}，请先补全发票抬头`
                  : null;
              }),
            ]}
            extra={
              <>
                专用发票需填写注册地址、电话、开户银行和账号。
                <Link to="/customer/invoice/title">管理发票抬头</Link>
              </>
            }
          >
            <Select
              placeholder="选择已保存的发票抬头"
              style={{ maxWidth: 420 }}
              options={(titles.data ?? []).map((t) => ({
                value: t.sysNo,
                label: `${t.title}（${t.kind === InvoiceKind.SPECIAL ? '专票' : '普票'}抬头 · ${t.taxNo}）`,
              }))}
            />
          </Form.Item>
          {title && (
            <Alert
              type={missingFor(kind, title) ? 'warning' : 'info'}
              style={{ marginBottom: 16, maxWidth: 640 }}
              message={`${title.title} · 纳税人识别号 ${title.taxNo}`}
              description={
                kind === InvoiceKind.SPECIAL ? (
                  <Typography.Text type="secondary">{`${title.regAddress || '（无注册地址）'} ${title.regPhone || '（无注册电话）'} · ${title.bankName || '（无开户银行）'} ${title.bankAccount || '（无银行账号）'}`}</Typography.Text>
                ) : undefined
              }
            />
          )}
          <Form.Item name="remark" label="备注" rules={rules.remark}>
            <Input.TextArea rows={2} maxLength={300} showCount style={{ maxWidth: 640 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={submit.isPending} disabled={!selected.length}>
              提交开票申请
            </Button>
          </Space>
        </Form>
      )}
    </Card>
  );
}
