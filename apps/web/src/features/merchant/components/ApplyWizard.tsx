import { useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Form, Input, Radio, Row, Space, Steps, Switch } from 'antd';
import {
  MERCHANT_AGREEMENT_VERSION,
  MERCHANT_DOC_KINDS,
  MERCHANT_DOC_LABELS,
  SHOP_TYPE_OPTIONS,
  requiredMerchantDocuments,
  type MerchantApplicationView,
  type MerchantDocKind,
  type MerchantSubmitInput,
} from '@aquamall/shared';
import { AgreementDialog } from '../../../components/AgreementDialog.tsx';
import { MerchantAgreementText } from '../../../components/legal/MerchantAgreementText.tsx';
import { PLATFORM } from '../../../components/legal/LegalDialog.tsx';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { merchantSubmitInput, requiredDocumentFiles } from '@aquamall/shared/contracts/merchant';
import { formRules, zodRule, type SchemaRule } from '../../../lib/form-rules.ts';
import { saveApplicationDraft, submitApplication } from '../api/merchant.ts';
import { AreaCascader } from '../../../components/AreaCascader.tsx';
import { CreditCodeItem } from './IdFields.tsx';

/** The same rules the server applies on submit (credit code, phone, lengths). */
const rules = { ...formRules(merchantSubmitInput), agreed: [zodRule(merchantSubmitInput.shape.agreement.shape.agreed)] };
const documentRules = Object.fromEntries(MERCHANT_DOC_KINDS.map((k) => [k, [zodRule(requiredDocumentFiles(k))]])) as Record<MerchantDocKind, SchemaRule[]>;

interface FormValues {
  agreed: boolean;
  shopType: number;
  threeInOne: boolean;
  shopName: string;
  companyName: string;
  creditCode: string;
  legalPerson: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  area: number[];
  address: string;
  mainBusiness: string;
  documents: Partial<Record<MerchantDocKind, string[]>>;
}

const STEP_FIELDS: (string | string[])[][] = [
  ['agreed'],
  ['shopType', 'threeInOne'],
  ['shopName', 'companyName', 'creditCode', 'legalPerson', 'contactName', 'contactPhone', 'contactEmail', 'area', 'address', 'mainBusiness'],
];

/**
 * The merchant entry form: agreement → shop type → company and contact → documents → submit. Each 下一步 saves
 * the draft on the server with the step reached, so a reload (or another device) resumes there with what was
 * typed; the agreement counts as read once the applicant went past it.
 */
export function ApplyWizard({ initial, onSubmitted }: { initial: MerchantApplicationView; onSubmitted: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const resumed = Math.min(Math.max(initial.step, 0), 3);
  const [step, setStep] = useState(resumed);
  const [readToEnd, setReadToEnd] = useState(resumed > 0);
  const [dialog, setDialog] = useState(false);
  const [busy, setBusy] = useState(false);
  const shopType = Form.useWatch('shopType', form);
  const threeInOne = Form.useWatch('threeInOne', form) ?? true;
  const required = requiredMerchantDocuments(shopType, threeInOne);

  const initialValues: Partial<FormValues> = {
    agreed: resumed > 0,
    shopType: initial.shopType ?? undefined,
    threeInOne: initial.threeInOne,
    shopName: initial.shopName,
    companyName: initial.companyName,
    creditCode: initial.creditCode,
    legalPerson: initial.legalPerson,
    contactName: initial.contactName,
    contactPhone: initial.contactPhone,
    contactEmail: initial.contactEmail,
    area: initial.area.length ? initial.area : undefined,
    address: initial.address,
    mainBusiness: initial.mainBusiness,
    documents: initial.documents,
  };

  // One step move at a time: a second 下一步 while the draft is being saved would save and move from the same
  // (stale) step again, so the button is disabled meanwhile and a click that slips through is ignored.
  const moving = useRef(false);
  const next = async () => {
    if (moving.current) return;
    moving.current = true;
    try {
      await form.validateFields(STEP_FIELDS[step] as never);
      await persist(step + 1);
      setStep(step + 1);
    } finally {
      moving.current = false;
    }
  };
  const formBody = () => {
    const v = form.getFieldsValue(true) as FormValues;
    const documents = Object.fromEntries(required.map((k) => [k, v.documents?.[k] ?? []]));
    const { agreed: _agreed, ...rest } = v;
    return { ...rest, creditCode: (v.creditCode ?? '').trim().toUpperCase(), contactEmail: v.contactEmail ?? '', mainBusiness: v.mainBusiness ?? '', documents };
  };
  /** Saves what was typed and the step reached (the resume point). */
  const persist = async (reached: number) => {
    setBusy(true);
    try {
      const { documents, ...rest } = formBody();
      const partial = Object.fromEntries(Object.entries(rest).filter(([, x]) => x !== undefined && x !== ''));
      await saveApplicationDraft({ ...partial, documents, step: reached });
    } finally {
      setBusy(false);
    }
  };
  const saveDraft = () => persist(step);
  const submit = async () => {
    await form.validateFields();
    setBusy(true);
    try {
      await submitApplication({ ...formBody(), agreement: { version: MERCHANT_AGREEMENT_VERSION, agreed: true } } as MerchantSubmitInput);
      onSubmitted();
    } finally {
      setBusy(false);
    }
  };

  const show = (i: number) => ({ display: step === i ? undefined : 'none' });
  return (
    <Card>
      <Steps current={step} style={{ marginBottom: 28 }} items={[{ title: '阅读协议' }, { title: '店铺类型' }, { title: '企业信息' }, { title: '上传资料' }]} />
      {initial.rejectReason && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={`上次审核驳回原因：${initial.rejectReason}`} />}
      <Form form={form} layout="vertical" initialValues={initialValues} requiredMark>
        <div style={show(0)}>
          <div
            data-testid="agreement-scroll"
            style={{ height: 360, overflowY: 'auto', border: '1px solid var(--am-border)', borderRadius: 6, padding: '8px 16px', background: '#fafbfc' }}
            onScroll={(e) => {
              const el = e.currentTarget;
              if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) setReadToEnd(true);
            }}
          >
            <h3 style={{ textAlign: 'center' }}>平台商家入驻协议</h3>
            <MerchantAgreementText platform={PLATFORM} />
          </div>
          <Space style={{ marginTop: 12 }}>
            <Form.Item
              name="agreed"
              valuePropName="checked"
              style={{ margin: 0 }}
              rules={rules.agreed}
            >
              <Checkbox disabled={!readToEnd} data-testid="agree-checkbox">
                我已阅读并同意《平台商家入驻协议》
              </Checkbox>
            </Form.Item>
            <Button type="link" onClick={() => setDialog(true)}>
              弹窗阅读
            </Button>
            {!readToEnd && <span style={{ color: 'var(--am-muted)' }}>请滚动阅读至协议末尾</span>}
          </Space>
          <AgreementDialog
            open={dialog}
            onCancel={() => setDialog(false)}
            onAgree={() => {
              setReadToEnd(true);
              form.setFieldValue('agreed', true);
            }}
          />
        </div>

        <div style={show(1)}>
          <Form.Item name="shopType" label="店铺类型" rules={rules.shopType}>
            <Radio.Group>
              <Space direction="vertical">
                {SHOP_TYPE_OPTIONS.map((o) => (
                  <Radio key={o.value} value={o.value}>
                    <strong>{o.label}</strong> <span style={{ color: 'var(--am-muted)' }}>{o.hint}</span>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="threeInOne" label="营业执照是否为“三证合一”（有统一社会信用代码）" valuePropName="checked">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
          <Alert type="info" showIcon message={`需要上传：${required.map((k) => MERCHANT_DOC_LABELS[k]).join('、')}`} />
        </div>

        <div style={show(2)}>
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item name="shopName" label="店铺名称" rules={rules.shopName}>
                <Input maxLength={50} placeholder="例如：某某环保旗舰店" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="companyName" label="企业名称" rules={rules.companyName}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <CreditCodeItem />
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="legalPerson" label="法定代表人" rules={rules.legalPerson}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="contactName" label="联系人" rules={rules.contactName}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="contactPhone" label="联系电话" rules={rules.contactPhone}>
                <Input maxLength={11} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="contactEmail" label="联系邮箱" rules={rules.contactEmail}>
                <Input maxLength={120} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="area" label="所在地区" rules={rules.area}>
                <AreaCascader />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="address" label="经营地址" rules={rules.address}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="mainBusiness" label="主营业务" extra="将显示在店铺首页和商城店铺列表">
                <Input.TextArea maxLength={300} rows={2} showCount />
              </Form.Item>
            </Col>
          </Row>
        </div>

        <div style={show(3)}>
          <Row gutter={24}>
            {MERCHANT_DOC_KINDS.filter((k) => required.includes(k)).map((k) => (
              <Col xs={24} md={8} key={k}>
                <Form.Item
                  name={['documents', k]}
                  label={MERCHANT_DOC_LABELS[k]}
                  data-testid={`doc-${k}`}
                  rules={documentRules[k]}
                >
                  <ImageUpload multiple max={5} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Alert type="info" showIcon message="请上传清晰的证件原件照片或加盖公章的复印件，支持 jpg、png 格式，单张不超过10M。" />
        </div>
      </Form>
      <Space style={{ marginTop: 24 }}>
        {step > 0 && <Button disabled={busy} onClick={() => setStep(step - 1)}>上一步</Button>}
        {step < 3 && (
          <Button type="primary" loading={busy && step > 0} disabled={busy} onClick={next}>
            下一步
          </Button>
        )}
        {step === 3 && (
          <Button type="primary" loading={busy} onClick={submit} data-testid="submit-application">
            提交申请
          </Button>
        )}
        {step > 0 && (
          <Button loading={busy} onClick={saveDraft}>
            保存草稿
          </Button>
        )}
      </Space>
    </Card>
  );
}
