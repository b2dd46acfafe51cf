import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Cascader, Checkbox, Descriptions, Empty, Form, Input, Modal, Radio, Select, Space, Table, Typography } from 'antd';
import { addressInput, enumLabel, ReturnDisposition, rmaNoteInput, type RmaDetail, type RmaLineView, formatMoney } from '@aquamall/shared';
import { formRules, problemRule } from '../../../lib/form-rules.ts';
import { useAddressBook, useApproveRma, useAreaTree, useReceiveRma } from '../api/rma.ts';
import { addressText, approveBody, dispositionSummary, initialApprove, initialDispositions, receiptLines, returnAddresses, type ApproveValues } from '../lib/returns.ts';

const addressRules = formRules(addressInput);
const noteRules = formRules(rmaNoteInput);
const DISPOSITIONS = [ReturnDisposition.GOOD, ReturnDisposition.DEFECT, ReturnDisposition.SCRAP];
const dispositionLabel = (d: number) => enumLabel('ReturnDisposition', d) ?? String(d);

/** Where the goods go back to (copied on approval), each part copyable for the courier's form. */
export function ReturnAddress({ d }: { d: RmaDetail }) {
  const a = d.returnAddress;
  if (!a) return null;
  return (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} title="退货地址" data-testid="return-address" style={{ marginBottom: 16 }}
      extra={<Typography.Text copyable={{ text: addressText(a), tooltips: ['复制完整地址', '已复制'] }}>复制完整地址</Typography.Text>}
    >
      <Descriptions.Item label="联系人"><Typography.Text copyable={{ tooltips: ['复制', '已复制'] }}>{a.receiver}</Typography.Text></Descriptions.Item>
      <Descriptions.Item label="联系电话"><Typography.Text copyable={{ tooltips: ['复制', '已复制'] }}>{a.phone}</Typography.Text></Descriptions.Item>
      <Descriptions.Item label="收货地址" span={2}>
        <Typography.Text copyable={{ text: `${a.areaName} ${a.detail}`, tooltips: ['复制', '已复制'] }}>{a.areaName} {a.detail}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The supplier approves a return or exchange: one of its return addresses, or a new one (kept when asked). */
export function ApproveModal({ d, onClose }: { d: RmaDetail; onClose: () => void }) {
  const book = useAddressBook(true);
  const saved = returnAddresses(book.data);
  const approve = useApproveRma();
  const [form] = Form.useForm<ApproveValues>();
  const mode = Form.useWatch('mode', form);
  const areas = useAreaTree(mode === 'new');
  if (book.isLoading) return <Modal open title="同意售后申请" footer={null} onCancel={onClose}><Typography.Text type="secondary">正在加载退货地址…</Typography.Text></Modal>;
  return (
    <Modal open title="同意售后申请" okText="同意" okButtonProps={{ loading: approve.isPending }} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden width={560}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message="采购商将按此地址寄回商品，地址会保存在售后单上。" />
      {book.isError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="退货地址加载失败，可直接填写新地址" action={<Button size="small" onClick={() => void book.refetch()}>重试</Button>} />}
      <Form form={form} layout="vertical" initialValues={initialApprove(saved)} onFinish={(v) => void approve.mutateAsync(approveBody(d.id, v)).then(onClose)}>
        <Form.Item name="mode" label="退货地址">
          <Radio.Group options={[{ value: 'saved', label: '选择已保存的地址', disabled: !saved.length }, { value: 'new', label: '填写新地址' }]} />
        </Form.Item>
        {mode === 'saved' ? (
          <Form.Item name="addressId" rules={[problemRule((v: number | undefined) => (v ? null : '请选择退货地址'), true)]}>
            {saved.length ? (
              <Radio.Group style={{ width: '100%' }}>
                <Space direction="vertical" style={{ width: '100%' }}>
                  {saved.map((a) => (
                    <Radio key={a.sysNo} value={a.sysNo}>
                      {a.receiver} {a.phone} {a.areaName} {a.detail}
                      {a.isDefault ? <Typography.Text type="secondary">（默认）</Typography.Text> : null}
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            ) : (
              <Empty description="还没有保存退货地址" />
            )}
          </Form.Item>
        ) : (
          <>
            <Form.Item name="receiver" label="联系人" rules={addressRules.receiver}><Input maxLength={30} /></Form.Item>
            <Form.Item name="phone" label="联系电话" rules={addressRules.phone}><Input maxLength={11} /></Form.Item>
            <Form.Item name="area" label="所在地区" rules={addressRules.area}>
              <Cascader options={areas.data ?? []} loading={areas.isLoading} showSearch fieldNames={{ label: 'name', value: 'sysNo', children: 'children' }} placeholder="省 / 市 / 区" aria-label="所在地区" />
            </Form.Item>
            <Form.Item name="detail" label="详细地址" rules={addressRules.detail}><Input.TextArea rows={2} maxLength={200} /></Form.Item>
            <Form.Item name="save" valuePropName="checked"><Checkbox>保存到地址管理（退货地址）</Checkbox></Form.Item>
          </>
        )}
        <Form.Item name="note" label="备注" rules={noteRules.note}><Input maxLength={200} placeholder="选填，采购商可见" /></Form.Item>
        <Typography.Text type="secondary">
          管理退货地址：<Link to="/customer/address">地址管理</Link>
        </Typography.Text>
      </Form>
    </Modal>
  );
}

/** The supplier confirms receipt, choosing per line where the goods go (quality faults open on 不良品). */
export function ReceiveModal({ d, onClose }: { d: RmaDetail; onClose: () => void }) {
  const receive = useReceiveRma();
  const [choices, setChoices] = useState(() => initialDispositions(d.lines, d.reason));
  return (
    <Modal open title="确认收到退回商品" okText="确认收货" okButtonProps={{ loading: receive.isPending }} onCancel={onClose} width={720} destroyOnHidden
      onOk={() => void receive.mutateAsync({ id: d.id, lines: receiptLines(choices) }).then(onClose)}
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message="良品入库：回到可售库存；不良品：单独计入不良品数量，不可销售；报废：记录报废，不入库。每行都会记入库存流水。" />
      <Table<RmaLineView>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={d.lines}
        scroll={{ x: 520 }}
        columns={[
          { title: '商品', key: 'p', render: (_, l) => <span>{l.productName}<Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{l.spec || '默认规格'}</Typography.Text></span> },
          { title: '数量', dataIndex: 'quantity', width: 90, render: (q: number, l) => `${q}${l.unit}` },
          {
            title: '处理方式',
            key: 'd',
            width: 150,
            render: (_, l) => (
              <Select aria-label={`处理方式 ${l.productName}`} value={choices[l.id]} style={{ width: 130 }} onChange={(v: number) => setChoices((c) => ({ ...c, [l.id]: v }))}
                options={DISPOSITIONS.map((v) => ({ value: v, label: dispositionLabel(v) }))}
              />
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>合计：{dispositionSummary(d.lines, choices, dispositionLabel)}</Typography.Paragraph>
    </Modal>
  );
}

/** After a refund on an invoiced order: the supplier is asked for the partial red-letter invoice (红冲). */
export function ReversalPrompt({ d }: { d: RmaDetail }) {
  if (!d.invoiceReverseAmount) return null;
  if (d.reversalInvoiceId) {
    return <Alert type="success" showIcon style={{ marginBottom: 16 }} message={`已开具红字发票 ${d.reversalInvoiceCode ?? ''}，冲销 ${formatMoney(d.invoiceReverseAmount)}`} />;
  }
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="reversal-prompt"
      message={d.viewer === 1 ? `该订单已开票，退款后需开具 -${formatMoney(d.invoiceReverseAmount)} 的红字发票（红冲）` : `该订单已开票，供应商将开具 -${formatMoney(d.invoiceReverseAmount)} 的红字发票`}
      action={
        d.viewer === 1 && d.reverseInvoiceId ? (
          <Link to={`/customer/invoice/index?type=1&id=${d.reverseInvoiceId}`}><Button size="small" danger>去红冲</Button></Link>
        ) : undefined
      }
    />
  );
}

/** A line's disposition once received. */
export const dispositionText = (d: number | null) => (d === null ? '—' : dispositionLabel(d));
