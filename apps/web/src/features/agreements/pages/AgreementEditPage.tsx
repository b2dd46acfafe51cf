import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Radio, Result, Select, Skeleton, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { agreementInput, agreementLineInput, AgreementStatus, missingAmountLimit, missingLineQuantity, type AgreementLineInput } from '@aquamall/shared';
import { chinaDayPicker, chinaTodayPicker, dayToPicker, pickerToDay } from '../../../lib/china-time.ts';
import { formRules, problemRule, zodRule } from '../../../lib/form-rules.ts';
import { useAgreementBuyers, useAgreementDetail, useCreateAgreement, useEditAgreement } from '../api/agreements.ts';

const rules = formRules(agreementInput);
const lineRules = formRules(agreementLineInput);
const dayRule = (k: 'validFrom' | 'validTo') => [zodRule(agreementInput.shape[k], (v: Dayjs | null) => (v ? pickerToDay(v) : ''))];

interface FormValues {
  buyerCompanyId?: number;
  title: string;
  validFrom: Dayjs | null;
  validTo: Dayjs | null;
  remark: string;
  /** 金额协议: the total amount (yuan); null on a quantity agreement. */
  amountLimit: number | null;
  lines: AgreementLineInput[];
}

const emptyLine: AgreementLineInput = { skuCode: '', productName: '', spec: '', unit: '', unitPrice: undefined as unknown as number, quantity: undefined as unknown as number };

/**
 * agreement/edit (录入框架协议): the supplier enters an agreement for one purchaser — its lines (a SKU of its
 * catalogue by code, or a free line), agreed unit prices and total quantities, and its period of China days —
 * or corrects one still 待确认 or 已拒绝 (`?id=`). It goes to the purchaser for confirmation.
 */
export default function AgreementEditPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || null;
  const detail = useAgreementDetail(id);
  if (id === null) return <AgreementForm />;
  if (detail.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (detail.isError || !detail.data)
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title="无法打开框架协议"
          subTitle={detail.error instanceof Error ? detail.error.message : undefined}
          extra={<Button onClick={() => void detail.refetch()}>重试</Button>}
        />
      </Card>
    );
  const d = detail.data;
  if (!d.actions.includes('edit'))
    return (
      <Card variant="borderless">
        <Result status="info" title="该协议已确认或已结束，不能修改" extra={<Link to={`/customer/agreement/detail?id=${d.id}`}><Button>查看协议</Button></Link>} />
      </Card>
    );
  return (
    <AgreementForm
      id={d.id}
      buyerName={d.buyerCompanyName}
      rejectReason={d.status === AgreementStatus.REJECTED ? d.rejectReason : ''}
      initial={{
        buyerCompanyId: d.buyerCompanyId,
        title: d.title,
        validFrom: dayToPicker(d.validFrom),
        validTo: dayToPicker(d.validTo),
        remark: d.remark,
        amountLimit: d.amountLimit === null ? null : Number(d.amountLimit),
        lines: d.lines.map((l) => ({
          skuCode: l.skuCode,
          productName: l.skuCode ? '' : l.productName,
          spec: l.skuCode ? '' : l.spec,
          unit: l.skuCode ? '' : l.unit,
          unitPrice: Number(l.unitPrice),
          quantity: l.quantity,
        })),
      }}
    />
  );
}

function AgreementForm({ id, buyerName, rejectReason, initial }: { id?: number; buyerName?: string; rejectReason?: string; initial?: FormValues }) {
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const buyers = useAgreementBuyers(keyword);
  const create = useCreateAgreement();
  const edit = useEditAgreement();
  // 金额协议: a total amount instead of a quantity per line.
  const [byAmount, setByAmount] = useState(initial ? initial.amountLimit !== null : false);
  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [form, initial]);

  const submit = async () => {
    const v = await form.validateFields();
    const body = {
      title: v.title,
      validFrom: pickerToDay(v.validFrom!),
      validTo: pickerToDay(v.validTo!),
      remark: v.remark ?? '',
      amountLimit: byAmount ? (v.amountLimit ?? null) : null,
      lines: v.lines.map((l) => ({ ...l, quantity: byAmount ? null : (l.quantity ?? null) })),
    };
    if (id) {
      await edit.mutateAsync({ ...body, id });
      void navigate(`/customer/agreement/detail?id=${id}`);
    } else {
      const r = await create.mutateAsync({ ...body, buyerCompanyId: v.buyerCompanyId! });
      void navigate(`/customer/agreement/detail?id=${r.id}`);
    }
  };

  return (
    <Card variant="borderless" title={id ? '修改框架协议' : '录入框架协议'} extra={<Link to="/customer/agreement/index">返回列表</Link>}>
      {rejectReason ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={`采购商拒绝原因：${rejectReason}`} /> : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initial ?? { title: '', validFrom: chinaTodayPicker(), validTo: chinaDayPicker(365), remark: '', amountLimit: null, lines: [emptyLine] }}
      >
        {id ? (
          <Form.Item label="采购商">
            <Input value={buyerName} disabled />
          </Form.Item>
        ) : (
          <Form.Item name="buyerCompanyId" label="采购商" rules={rules.buyerCompanyId}>
            <Select
              showSearch
              filterOption={false}
              placeholder="输入采购商名称搜索"
              onSearch={setKeyword}
              loading={buyers.isFetching}
              notFoundContent={keyword ? '未找到该采购商' : '请输入采购商名称'}
              options={(buyers.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              style={{ maxWidth: 420 }}
              data-testid="agreement-buyer"
            />
          </Form.Item>
        )}
        <Form.Item name="title" label="协议名称" rules={rules.title}>
          <Input maxLength={60} placeholder="如：2027年度水处理药剂框架协议" style={{ maxWidth: 420 }} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="validFrom" label="生效日期" rules={dayRule('validFrom')}>
            <DatePicker aria-label="生效日期" />
          </Form.Item>
          <Form.Item name="validTo" label="到期日期" rules={dayRule('validTo')}>
            <DatePicker aria-label="到期日期" />
          </Form.Item>
        </Space>
        <Space wrap size="large" align="start" style={{ display: 'flex' }}>
          <Form.Item label="协议类型">
            <Radio.Group
              aria-label="协议类型"
              value={byAmount ? 'amount' : 'quantity'}
              onChange={(ev) => setByAmount(ev.target.value === 'amount')}
              options={[
                { value: 'quantity', label: '数量协议（每行约定总数量）' },
                { value: 'amount', label: '金额协议（约定总金额）' },
              ]}
            />
          </Form.Item>
          {byAmount ? (
            <Form.Item name="amountLimit" label="协议总金额（元）" rules={[problemRule(missingAmountLimit, true), ...(rules.amountLimit ?? [])]}>
              <InputNumber min={0} precision={2} style={{ width: 200 }} aria-label="协议总金额" data-testid="agreement-amount-limit" />
            </Form.Item>
          ) : null}
        </Space>
        <Form.Item label="协议商品（填写SKU编码时，名称、规格和单位取自该商品）" required>
          <Form.List name="lines">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((f, i) => (
                  <Space key={f.key} align="start" wrap>
                    <Form.Item name={[f.name, 'skuCode']} rules={lineRules.skuCode} style={{ width: 140 }}>
                      <Input placeholder="SKU编码（可选）" maxLength={40} aria-label={`第${i + 1}行SKU编码`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'productName']} rules={lineRules.productName} style={{ width: 180 }}>
                      <Input placeholder="商品名称" maxLength={120} aria-label={`第${i + 1}行商品名称`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'spec']} rules={lineRules.spec} style={{ width: 140 }}>
                      <Input placeholder="规格" maxLength={200} aria-label={`第${i + 1}行规格`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'unit']} rules={lineRules.unit} style={{ width: 80 }}>
                      <Input placeholder="单位" maxLength={10} aria-label={`第${i + 1}行单位`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'unitPrice']} rules={lineRules.unitPrice}>
                      <InputNumber min={0} precision={2} placeholder="协议单价（元）" style={{ width: 150 }} aria-label={`第${i + 1}行协议单价`} />
                    </Form.Item>
                    {byAmount ? null : (
                      <Form.Item name={[f.name, 'quantity']} rules={[problemRule(missingLineQuantity, true), ...(lineRules.quantity ?? [])]}>
                        <InputNumber min={1} precision={0} placeholder="协议数量" style={{ width: 120 }} aria-label={`第${i + 1}行协议数量`} />
                      </Form.Item>
                    )}
                    {fields.length > 1 && <Button type="text" danger icon={<MinusCircleOutlined />} onClick={() => remove(f.name)} aria-label="删除该行" />}
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(emptyLine)}>
                  添加协议商品
                </Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={rules.remark}>
          <Input.TextArea rows={3} maxLength={300} placeholder="交货、结算等约定" />
        </Form.Item>
        <Button type="primary" loading={create.isPending || edit.isPending} onClick={() => void submit().catch(() => undefined)} data-testid="agreement-submit">
          提交给采购商确认
        </Button>
      </Form>
    </Card>
  );
}
