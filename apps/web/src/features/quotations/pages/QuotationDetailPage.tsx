import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Collapse,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  ENQUIRY_FILE_TYPES,
  enquiryMachine,
  quotationMachine,
  QUOTE_ATTACHMENTS_MAX,
  QUOTE_UNCHANGED,
  QUOTE_VALID_DAYS_MAX,
  quotationWithdrawInput,
  quoteLineInput,
  quoteSubmitInput,
  toFen,
  toYuan,
  VAT_RATES,
  type QuoteEnquiry,
  type MyQuotation,
  type QuotationDetail,
  chinaDay,
  formatChinaDate,
  formatChinaDateTime,
} from '@aquamall/shared';
import type { Dayjs } from 'dayjs';
import { Price } from '../../../components/Format.tsx';
import { DocumentLinks, DocumentUpload, type DocFile } from '../../../components/DocumentUpload.tsx';
import { QuotationThread } from '../../../components/QuotationThread.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { VersionChanges } from '../../../components/VersionChanges.tsx';
import { notify } from '../../../lib/notify.ts';
import { formRules, zodRule } from '../../../lib/form-rules.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useQuotationDetail, useSubmitQuotation, useWithdrawQuotation } from '../api/quotations.ts';
import { QuotationStatusTag } from '../components/status.tsx';
import { beforeChinaToday, chinaDayPicker, dayToPicker, pickerToDay } from '../../../lib/china-time.ts';

const when = (v: string | null | undefined) => (v ? formatChinaDateTime(v) : '无');
const rules = formRules(quoteSubmitInput);
const withdrawRules = formRules(quotationWithdrawInput);
const lineRules = formRules(quoteLineInput);
const dateRule = zodRule(quoteSubmitInput.shape.validUntil, (v: Dayjs | null) =>
  v ? pickerToDay(v) : undefined,
);
const INVOICE: Record<number, string> = { 0: '不需要发票', 1: '增值税普通发票', 2: '增值税专用发票' };

interface LineValue {
  enquiryItemId: number;
  quoted: boolean;
  unitPrice?: number | null;
  taxRate?: number;
  remark?: string;
}
interface QuoteForm {
  lines: LineValue[];
  freight?: number | null;
  leadDays?: number | null;
  validUntil?: Dayjs | null;
  remark?: string;
  attachments?: DocFile[];
  contactName?: string;
  contactPhone?: string;
}

const positiveId = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * quotation/detail?enquiryId= (quote: a new offer, or the existing one) or ?id= (my offer): the enquiry's
 * lines, the quote form (per-line price with VAT rate, freight, lead time, validity, remarks, attachments,
 * contact), every earlier version, the award outcome and the thread with the purchaser.
 */
export default function QuotationDetailPage() {
  const [search] = useSearchParams();
  const id = positiveId(search.get('id'));
  const enquiryId = positiveId(search.get('enquiryId'));
  const query = id ? { id } : enquiryId ? { enquiryId } : null;
  const detail = useQuotationDetail(query);
  const back = (
    <Link to="/customer/quotation">
      <Button>返回我的报价</Button>
    </Link>
  );

  if (!query)
    return (
      <Card variant="borderless">
        <Result status="404" title="报价不存在" extra={back} />
      </Card>
    );
  if (detail.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (detail.isError || !detail.data) {
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title="无法打开报价"
          subTitle={detail.error instanceof Error ? detail.error.message : undefined}
          extra={
            <Space>
              <Button onClick={() => void detail.refetch()}>重试</Button>
              {back}
            </Space>
          }
        />
      </Card>
    );
  }
  const d = detail.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <EnquiryCard d={d} back={back} />
      <QuoteCard
        d={d}
        key={`${d.quotation?.id ?? 0}-${d.quotation?.version ?? 0}-${d.quotation?.status ?? 0}`}
      />
      {d.quotation && d.quotation.versions.length > 0 && (
        <VersionsCard e={d.enquiry} q={d.quotation} />
      )}
      {d.quotation && (
        <QuotationThread
          quotationId={d.quotation.id}
          title={`与采购商沟通（${d.enquiry.buyerCompanyName}）`}
        />
      )}
    </Space>
  );
}

function EnquiryCard({ d, back }: { d: QuotationDetail; back: React.ReactNode }) {
  const e = d.enquiry;
  const q = d.quotation;
  return (
    <Card
      variant="borderless"
      title={
        <Space wrap>
          <span>{e.title}</span>
          <Tag>{enquiryMachine.label(e.status)}</Tag>
          {e.sealed && <Tag color="purple">密封报价</Tag>}
          {e.visibility === 2 && <Tag color="gold">邀请询价</Tag>}
          {q && <QuotationStatusTag status={q.status} />}
        </Space>
      }
      extra={back}
    >
      {q?.status === 3 && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          message="恭喜，您的报价已中标"
          description={
            q.orders.length ? (
              <span>
                报价订单：
                {q.orders.map((o) => (
                  <Link key={o.id} to={`/customer/order/detail?type=8&id=${o.id}`} style={{ marginRight: 8 }}>
                    {o.orderNo}
                  </Link>
                ))}
              </span>
            ) : undefined
          }
        />
      )}
      {q?.status === 4 && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message="很遗憾，本次询价未选择您的报价" />
      )}
      {e.status === 4 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={`采购商已撤销本询价${e.revokeReason ? `，原因：${e.revokeReason}` : ''}`}
        />
      )}
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }}>
        <Descriptions.Item label="询价单号">{e.code}</Descriptions.Item>
        <Descriptions.Item label="采购商">{e.buyerCompanyName}</Descriptions.Item>
        <Descriptions.Item label="报价截止">{when(e.deadline)}</Descriptions.Item>
        <Descriptions.Item label="收货地区">{e.deliveryAreaName || '无'}</Descriptions.Item>
        <Descriptions.Item label="期望交货">
          {e.deliveryDate ? formatChinaDate(e.deliveryDate) : '无'}
        </Descriptions.Item>
        <Descriptions.Item label="发票要求">{INVOICE[e.invoiceKind] ?? '无'}</Descriptions.Item>
        <Descriptions.Item label="付款方式">{e.paymentTerms || '无'}</Descriptions.Item>
        <Descriptions.Item label="已报价">{e.offerCount} 家</Descriptions.Item>
        <Descriptions.Item label="发布时间">{when(e.publishedAt)}</Descriptions.Item>
        {e.remark ? (
          <Descriptions.Item label="补充说明" span={3}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{e.remark}</span>
          </Descriptions.Item>
        ) : null}
        {e.attachments.length > 0 ? (
          <Descriptions.Item label="附件" span={3}>
            <DocumentLinks docs={e.attachments} />
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}

/** Pre-fills the form from the current version (revising) or empty lines (a new offer). */
function initialValues(d: QuotationDetail): QuoteForm {
  const current = d.quotation?.versions[0];
  const byItem = new Map(current?.lines.map((l) => [l.enquiryItemId, l]) ?? []);
  return {
    lines: d.enquiry.items.map((i) => {
      const l = byItem.get(i.id);
      return l
        ? {
            enquiryItemId: i.id,
            quoted: true,
            unitPrice: Number(l.unitPrice),
            taxRate: Number(l.taxRate),
            remark: l.remark,
          }
        : { enquiryItemId: i.id, quoted: !current, unitPrice: null, taxRate: 13, remark: '' };
    }),
    freight: current ? Number(current.freight) : 0,
    leadDays: current?.leadDays ?? null,
    validUntil:
      current && new Date(current.validUntil) > new Date()
        ? dayToPicker(chinaDay(current.validUntil))
        : chinaDayPicker(30),
    remark: current?.remark ?? '',
    attachments: current?.attachments ?? [],
    contactName: d.contactName,
    contactPhone: d.contactPhone,
  };
}

function QuoteCard({ d }: { d: QuotationDetail }) {
  const [form] = Form.useForm<QuoteForm>();
  const submit = useSubmitQuotation();
  const withdraw = useWithdrawQuotation();
  const key = useRef(newIdempotencyKey());
  const [editing, setEditing] = useState(!d.quotation || d.quotation.status === 6);
  const [withdrawing, setWithdrawing] = useState(false);
  const init = useMemo(() => initialValues(d), [d]);
  const lines = Form.useWatch('lines', form) ?? init.lines;
  const freight = Form.useWatch('freight', form) ?? 0;
  const items = d.enquiry.items;
  const goodsFen = lines.reduce(
    (s, l, i) =>
      l?.quoted && l.unitPrice
        ? s + Math.round(toFen(l.unitPrice) * Number(items[i]?.quantity ?? 0))
        : s,
    0,
  );
  const totalFen = goodsFen + toFen(freight || 0);
  useEffect(() => form.setFieldsValue(init), [form, init]);

  const q = d.quotation;
  const live = q && (q.status === 1 || q.status === 2 || q.status === 5);
  const title = !q ? '我要报价' : q.status === 6 ? '重新报价' : `我的报价（第${q.version}版）`;

  const onFinish = (v: QuoteForm) => {
    // Only rendered fields come back: the line's enquiry item is its position.
    const chosen = v.lines.map((l, i) => ({ ...l, enquiryItemId: items[i]!.id })).filter((l) => l.quoted);
    submit.mutate(
      {
        key: key.current,
        body: {
          enquiryId: d.enquiry.id,
          baseVersion: q?.version ?? 0,
          lines: chosen.map((l) => ({
            enquiryItemId: l.enquiryItemId,
            unitPrice: l.unitPrice ?? 0,
            taxRate: l.taxRate ?? 13,
            remark: l.remark ?? '',
          })),
          freight: v.freight ?? 0,
          leadDays: v.leadDays ?? 0,
          validUntil: v.validUntil ? pickerToDay(v.validUntil) : '',
          remark: v.remark ?? '',
          attachments: v.attachments ?? [],
          contactName: v.contactName ?? '',
          contactPhone: v.contactPhone ?? '',
        },
      },
      {
        onSuccess: (r) => {
          key.current = newIdempotencyKey();
          // 修改报价 without a change adds no version: say so (decision 0185).
          if (r.unchanged) notify.warning(QUOTE_UNCHANGED);
          else notify.success(r.version > 1 ? `报价已更新（第${r.version}版）` : '报价已提交');
          setEditing(false);
        },
      },
    );
  };

  const actions = (
    <Space>
      {q && live && d.canQuote && !editing && (
        <Button type="primary" onClick={() => setEditing(true)}>
          {quotationMachine.actions.revise.label}
        </Button>
      )}
      {q && d.canWithdraw && (
        <Button danger onClick={() => setWithdrawing(true)}>
          {quotationMachine.actions.withdraw.label}
        </Button>
      )}
      {q && (
        <ReasonModal
          open={withdrawing}
          onClose={() => setWithdrawing(false)}
          title="撤回报价"
          intro="撤回后采购商将看不到您的报价，截止前可重新报价。撤回原因会告知采购商。"
          label="撤回原因"
          okText="确认撤回"
          rules={withdrawRules.reason}
          pending={withdraw.isPending}
          onSubmit={(reason) => withdraw.mutateAsync({ id: q.id, reason })}
        />
      )}
    </Space>
  );

  if (!editing || !d.canQuote) {
    return (
      <Card variant="borderless" title={title} extra={actions}>
        {!d.canQuote && d.blockedReason && (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={d.blockedReason} />
        )}
        {q ? (
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label="报价状态">
              <QuotationStatusTag status={q.status} />
            </Descriptions.Item>
            <Descriptions.Item label="报价总额">
              <Price value={q.totalAmount} />
            </Descriptions.Item>
            <Descriptions.Item label="运费">
              <Price value={q.freight} />
            </Descriptions.Item>
            <Descriptions.Item label="交货期">{q.leadDays} 天</Descriptions.Item>
            <Descriptions.Item label="有效期至">{formatChinaDate(q.validUntil)}</Descriptions.Item>
            <Descriptions.Item label="联系人">
              {q.contactName} {q.contactPhone}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          !d.canQuote && <Typography.Text type="secondary">暂不能报价。</Typography.Text>
        )}
      </Card>
    );
  }

  return (
    <Card variant="borderless" title={title} extra={actions}>
      <Form
        form={form}
        layout="vertical"
        initialValues={init}
        onFinish={onFinish}
        disabled={submit.isPending}
      >
        <Form.List name="lines">
          {(fields) => (
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              scroll={{ x: 900 }}
              columns={[
                {
                  title: '报价',
                  width: 60,
                  render: (_v, f) => (
                    <Form.Item name={[f.name, 'quoted']} valuePropName="checked" noStyle>
                      <Checkbox aria-label={`报价第${f.name + 1}项`} />
                    </Form.Item>
                  ),
                },
                {
                  title: '产品',
                  render: (_v, f) => {
                    const i = items[f.name]!;
                    return (
                      <div>
                        <div>
                          {i.productName} {i.award === 'mine' && <Tag color="success">已中标</Tag>}
                          {i.award === 'other' && <Tag>已授予他人</Tag>}
                        </div>
                        <div style={{ color: '#8c8c8c', fontSize: 12 }}>
                          {i.spec || '无规格要求'}
                          {i.remark ? ` · ${i.remark}` : ''}
                        </div>
                      </div>
                    );
                  },
                },
                {
                  title: '数量',
                  width: 100,
                  render: (_v, f) => `${items[f.name]!.quantity} ${items[f.name]!.unit}`,
                },
                {
                  title: '目标价',
                  width: 90,
                  render: (_v, f) =>
                    items[f.name]!.targetPrice ? <Price value={items[f.name]!.targetPrice} /> : '无',
                },
                {
                  title: '含税单价（元）',
                  width: 150,
                  render: (_v, f) => (
                    <Form.Item
                      name={[f.name, 'unitPrice']}
                      rules={lines[f.name]?.quoted ? lineRules.unitPrice : []}
                      style={{ margin: 0 }}
                    >
                      <InputNumber
                        min={0}
                        precision={2}
                        style={{ width: 130 }}
                        disabled={!lines[f.name]?.quoted}
                        aria-label={`第${f.name + 1}项含税单价`}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: '税率',
                  width: 100,
                  render: (_v, f) => (
                    <Form.Item name={[f.name, 'taxRate']} rules={lineRules.taxRate} style={{ margin: 0 }}>
                      <Select
                        style={{ width: 84 }}
                        disabled={!lines[f.name]?.quoted}
                        options={VAT_RATES.map((r) => ({ value: r, label: `${r}%` }))}
                        aria-label={`第${f.name + 1}项税率`}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: '小计',
                  width: 110,
                  align: 'right',
                  render: (_v, f) => {
                    const l = lines[f.name];
                    return l?.quoted && l.unitPrice ? (
                      <Price value={toYuan(Math.round(toFen(l.unitPrice) * Number(items[f.name]!.quantity)))} />
                    ) : (
                      '不报价'
                    );
                  },
                },
                {
                  title: '备注',
                  width: 160,
                  render: (_v, f) => (
                    <Form.Item name={[f.name, 'remark']} rules={lineRules.remark} style={{ margin: 0 }}>
                      <Input maxLength={200} disabled={!lines[f.name]?.quoted} placeholder="品牌、产地等" />
                    </Form.Item>
                  ),
                },
              ]}
            />
          )}
        </Form.List>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          不勾选的明细不报价（至少报价一项）。金额以服务器计算为准：单价 × 数量，按分四舍五入。
        </Typography.Paragraph>
        <Space wrap size="large" align="start">
          <Form.Item name="freight" label="运费（元）" rules={rules.freight}>
            <InputNumber min={0} precision={2} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="leadDays" label="交货期（天）" rules={rules.leadDays}>
            <InputNumber min={0} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="validUntil" label="报价有效期至" rules={[dateRule]}>
            <DatePicker
              disabledDate={(day) =>
                beforeChinaToday(day) || day.isAfter(chinaDayPicker(QUOTE_VALID_DAYS_MAX), 'day')
              }
              style={{ width: 160 }}
            />
          </Form.Item>
          <Form.Item name="contactName" label="联系人" rules={rules.contactName}>
            <Input maxLength={50} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="contactPhone" label="联系电话" rules={rules.contactPhone}>
            <Input maxLength={20} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label="报价说明" rules={rules.remark}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="付款方式、质保、包装运输等" />
        </Form.Item>
        <Form.Item name="attachments" label="附件（资质、检测报告、技术方案）">
          <DocumentUpload
            folder="enquiry"
            types={ENQUIRY_FILE_TYPES}
            max={QUOTE_ATTACHMENTS_MAX}
            buttonText="上传附件（PDF / 图片）"
          />
        </Form.Item>
        <Space>
          <Typography.Text>
            报价总额 <Price value={toYuan(totalFen)} />
            （含运费）
          </Typography.Text>
          <Button type="primary" htmlType="submit" loading={submit.isPending}>
            {q && q.status !== 6 ? '提交修改' : '提交报价'}
          </Button>
          {q && q.status !== 6 && <Button onClick={() => setEditing(false)}>取消</Button>}
        </Space>
      </Form>
    </Card>
  );
}

function VersionsCard({ e, q }: { e: QuoteEnquiry; q: MyQuotation }) {
  const names = new Map(e.items.map((i) => [i.id, i]));
  const versions = q.versions;
  return (
    <Card variant="borderless" title={`报价记录（共${versions.length}版）`}>
      {q.status === 6 && q.withdrawnAt && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="quotation-withdrawn"
          message={`${when(q.withdrawnAt)} 已撤回报价${q.withdrawReason ? `，原因：${q.withdrawReason}` : ''}`}
        />
      )}
      <Collapse
        key={versions.length}
        defaultActiveKey={[String(versions[0]?.version)]}
        items={versions.map((v) => ({
          key: String(v.version),
          label: (
            <Space wrap data-testid="quotation-version">
              <strong>第{v.version}版</strong>
              <span>
                总额 <Price value={v.totalAmount} />
              </span>
              <span>
                运费 <Price value={v.freight} />
              </span>
              <span>交货 {v.leadDays} 天</span>
              <span>有效期至 {formatChinaDate(v.validUntil)}</span>
              <span style={{ color: '#8c8c8c' }}>{when(v.createdAt)}</span>
            </Space>
          ),
          children: (
            <>
              <VersionChanges version={v.version} changes={v.changes} />
              <Table
                size="small"
                rowKey="enquiryItemId"
                pagination={false}
                dataSource={v.lines}
                columns={[
                  { title: '产品', render: (_x, l) => names.get(l.enquiryItemId)?.productName ?? '' },
                  {
                    title: '数量',
                    render: (_x, l) =>
                      `${names.get(l.enquiryItemId)?.quantity ?? ''} ${names.get(l.enquiryItemId)?.unit ?? ''}`,
                  },
                  { title: '含税单价', align: 'right', render: (_x, l) => <Price value={l.unitPrice} /> },
                  { title: '税率', render: (_x, l) => `${l.taxRate}%` },
                  { title: '小计', align: 'right', render: (_x, l) => <Price value={l.amount} /> },
                  { title: '备注', dataIndex: 'remark', render: (r: string) => r || '无' },
                ]}
              />
              {v.remark && (
                <Typography.Paragraph style={{ marginTop: 8 }}>说明：{v.remark}</Typography.Paragraph>
              )}
              {v.attachments.length > 0 && <DocumentLinks docs={v.attachments} />}
            </>
          ),
        }))}
      />
    </Card>
  );
}
