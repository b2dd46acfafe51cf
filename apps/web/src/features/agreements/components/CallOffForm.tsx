import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import { agreementCallOffInput, formatMoney, toFen, toYuan, type AgreementDetail } from '@aquamall/shared';
import { problemRule, zodRule } from '../../../lib/form-rules.ts';
import { useCallOff, useCallOffChoices } from '../api/agreements.ts';

interface Values {
  quantities: Record<string, number | null>;
  addressId?: number;
  invoiceKind: 0 | 1 | 2;
  invoiceTitleId?: number;
  remark: string;
}

const shape = agreementCallOffInput.shape;
const rules = {
  addressId: [zodRule(shape.addressId)],
  invoiceKind: [zodRule(shape.invoiceKind)],
  remark: [zodRule(shape.remark)],
};

/**
 * The purchaser's call-off form (订单下达) on an agreement in force: a quantity per line (at most what remains), the
 * delivery address and invoice; it places one order to the supplier at the agreed prices (the server's message
 * names the outcome; the call-off list below shows the new order). A call-off the company's approval rules catch
 * waits as a purchase request: the form says so and links to it (the agreement is drawn down on its last approval).
 */
export function CallOffForm({ agreement }: { agreement: AgreementDetail }) {
  const [form] = Form.useForm<Values>();
  const choices = useCallOffChoices(true);
  const callOff = useCallOff();
  const [waiting, setWaiting] = useState<{ id: number; requestNo: string } | null>(null);
  const addresses = (choices.addresses.data ?? []).filter((a) => a.kind === 1);
  const quantities = Form.useWatch('quantities', form) ?? {};
  const kind = Form.useWatch('invoiceKind', form) ?? 0;
  useEffect(() => {
    const def = addresses.find((a) => a.isDefault) ?? addresses[0];
    if (def && form.getFieldValue('addressId') === undefined) form.setFieldValue('addressId', def.sysNo);
  }, [addresses, form]);
  const totalFen = agreement.lines.reduce((s, l) => s + toFen(l.unitPrice) * (Number(quantities[l.id]) || 0), 0);

  const submit = async () => {
    const v = await form.validateFields();
    const lines = agreement.lines.flatMap((l) => {
      const q = Number(v.quantities?.[l.id]) || 0;
      return q > 0 ? [{ lineId: l.id, quantity: q }] : [];
    });
    const res = await callOff.mutateAsync({
      id: agreement.id,
      addressId: v.addressId!,
      invoiceKind: v.invoiceKind,
      invoiceTitleId: v.invoiceKind ? v.invoiceTitleId : undefined,
      remark: v.remark ?? '',
      lines,
    });
    setWaiting(res.purchaseRequest ?? null);
    form.resetFields();
  };

  // 金额协议: a line's cap is what the remaining amount buys at its price (the server checks the sum).
  const capOf = (l: (typeof agreement.lines)[number]) => l.remainingQuantity ?? Math.floor(toFen(agreement.remainingAmount) / toFen(l.unitPrice));
  const anyLeft = agreement.lines.some((l) => capOf(l) > 0);
  return (
    <Card title="订单下达" size="small" data-testid="calloff-form">
      {waiting && (
        <Alert
          type="info"
          showIcon
          closable
          onClose={() => setWaiting(null)}
          style={{ marginBottom: 12 }}
          data-testid="calloff-waiting"
          message="本次下达需审批"
          description={
            <span>
              已提交采购申请{' '}
              <Link to={`/customer/approval/request/${waiting.id}`} data-testid="purchase-request-link">
                {waiting.requestNo}
              </Link>
              ，审批通过后按协议价下单并扣减协议剩余；审批期间不占用协议剩余。
            </span>
          }
        />
      )}
      {!anyLeft ? (
        <Alert type="info" showIcon message={agreement.amountLimit === null ? '协议数量已全部下达' : '协议金额已全部下达'} />
      ) : (
        <Form<Values> form={form} layout="vertical" initialValues={{ quantities: {}, invoiceKind: 0, remark: '' }}>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={agreement.lines}
            scroll={{ x: 640 }}
            columns={[
              { title: '商品', dataIndex: 'productName', render: (v: string, l) => `${v}${l.spec ? ` ${l.spec}` : ''}` },
              { title: '协议单价', dataIndex: 'unitPrice', width: 110, align: 'right', render: (v: string) => formatMoney(v) },
              { title: '剩余数量', dataIndex: 'remainingQuantity', width: 100, align: 'right', render: (v: number | null, l) => (v === null ? `至多${capOf(l)}${l.unit}` : `${v}${l.unit}`) },
              {
                title: '本次下达数量',
                key: 'q',
                width: 160,
                render: (_, l) => (
                  <Form.Item
                    name={['quantities', String(l.id)]}
                    style={{ margin: 0 }}
                    rules={[
                      problemRule((v: number | null | undefined) =>
                        v === null || v === undefined || v === 0
                          ? null
                          : !Number.isInteger(v) || v < 0
                            ? '下达数量必须是正整数'
                            : v > capOf(l)
                              ? `最多可下达 ${capOf(l)}${l.unit}`
                              : null,
                      ),
                    ]}
                  >
                    <InputNumber min={0} max={capOf(l)} precision={0} disabled={capOf(l) <= 0} aria-label={`${l.productName}下达数量`} style={{ width: 130 }} />
                  </Form.Item>
                ),
              },
            ]}
          />
          <Form.Item name="addressId" label="收货地址" rules={rules.addressId} style={{ maxWidth: 480, marginTop: 16 }}>
            <Select
              loading={choices.addresses.isLoading}
              placeholder={choices.addresses.isError ? '地址加载失败，请刷新' : '请选择收货地址'}
              notFoundContent="暂无收货地址，请先在“收货地址”中添加"
              options={addresses.map((a) => ({ value: a.sysNo, label: `${a.receiver} ${a.areaName} ${a.detail}` }))}
            />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item name="invoiceKind" label="发票" rules={rules.invoiceKind}>
              <Select
                style={{ width: 140 }}
                options={[
                  { value: 0, label: '不开发票' },
                  { value: 1, label: '普通发票' },
                  { value: 2, label: '专用发票' },
                ]}
              />
            </Form.Item>
            {kind !== 0 && (
              <Form.Item
                name="invoiceTitleId"
                label="发票抬头"
                rules={[problemRule((v?: number) => (v ? null : '请选择发票抬头'), true)]}
              >
                <Select
                  style={{ width: 240 }}
                  loading={choices.titles.isLoading}
                  options={(choices.titles.data ?? []).filter((t) => kind === 1 || t.kind === 2).map((t) => ({ value: t.sysNo, label: t.title }))}
                />
              </Form.Item>
            )}
          </Space>
          <Form.Item name="remark" label="备注" rules={rules.remark}>
            <Input.TextArea rows={2} maxLength={300} />
          </Form.Item>
          <Space>
            <Button
              type="primary"
              disabled={totalFen <= 0}
              loading={callOff.isPending}
              onClick={() => void submit().catch(() => undefined)}
              data-testid="calloff-submit"
            >
              下达订单
            </Button>
            <span>
              本次金额：<b>{formatMoney(toYuan(totalFen))}</b>
            </span>
          </Space>
        </Form>
      )}
    </Card>
  );
}
