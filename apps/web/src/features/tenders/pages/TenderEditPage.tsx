import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, Result, Select, Skeleton, Space, Switch } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  BidStatus,
  MEMBER_LEVELS,
  earliestTenderDeadline,
  enumLabel,
  formatChinaDateTime,
  tenderDeadlineProblem,
  tenderLotInput,
  tenderSaveInput,
  tenderWindowText,
  type TenderDetail,
  type TenderRules,
  type TenderSaveInput,
} from '@aquamall/shared';
import type { Dayjs } from 'dayjs';
import { chinaNowPicker, instantToPicker, pickerToInstant } from '../../../lib/china-time.ts';
import { formRules, problemRule, zodRule } from '../../../lib/form-rules.ts';
import { usePublishTender, useSaveTender, useShopOptions, useTender, useTenderRules } from '../api/tenders.ts';
import { PdfUpload, type Doc } from '../components/common.tsx';
import { TenderManage } from '../components/TenderManage.tsx';

const rules = formRules(tenderSaveInput);
const lotRules = formRules(tenderLotInput);
const dateRule = (label: 'deadline' | 'openAt') => [zodRule(tenderSaveInput.shape[label], (v: Dayjs | null) => (v ? pickerToInstant(v) : ''))];

interface FormValues {
  title: string;
  category: string;
  budget: number | null;
  budgetShown: boolean;
  areaName: string;
  content: string;
  contactName: string;
  contactPhone: string;
  lots: { id?: number; name: string; spec: string; quantity: number; unit: string; budget: number | null }[];
  documents: Doc[];
  minMemberLevel: number;
  certRequired: boolean;
  shopTypes: number[];
  invitedOnly: boolean;
  invitedCompanyIds: number[];
  deadline: Dayjs | null;
  openAt: Dayjs | null;
  priceWeight: number;
}

const minute = (d: Date) => formatChinaDateTime(d);
/** The instant a deadline picker's China wall clock names. */
const instantOf = (v: Dayjs) => new Date(pickerToInstant(v));

/** A new tender's deadline: 17:00 China time on the first day that leaves the platform's bidding window (at least 7 days). */
function defaultDeadline(rules: TenderRules): Dayjs {
  const earliest = instantToPicker(earliestTenderDeadline(rules, new Date()));
  const day = chinaNowPicker().add(Math.max(7, Math.ceil(rules.minBidDays)), 'day').hour(17).minute(0).second(0).millisecond(0);
  return day.isBefore(earliest) ? day.add(1, 'day') : day;
}

function initial(d: TenderDetail | undefined, rules: TenderRules): Partial<FormValues> {
  if (!d) {
    const deadline = defaultDeadline(rules);
    return {
      budgetShown: true,
      minMemberLevel: 0,
      certRequired: false,
      shopTypes: [],
      invitedOnly: false,
      invitedCompanyIds: [],
      priceWeight: 60,
      documents: [],
      lots: [{ name: '', spec: '', quantity: 1, unit: '', budget: null }],
      deadline,
      openAt: deadline.add(1, 'hour'),
    };
  }
  return {
    title: d.title,
    category: d.category,
    budget: d.budget === null ? null : Number(d.budget),
    budgetShown: d.budgetShown,
    areaName: d.areaName,
    content: d.content,
    contactName: d.contactName,
    contactPhone: d.contactPhone,
    lots: d.lots.map((l) => ({ id: l.id, name: l.name, spec: l.spec, quantity: l.quantity, unit: l.unit, budget: l.budget === null ? null : Number(l.budget) })),
    documents: d.documents,
    minMemberLevel: d.minMemberLevel,
    certRequired: d.certRequired,
    shopTypes: d.shopTypes,
    invitedOnly: d.invitedOnly,
    invitedCompanyIds: d.invited.map((i) => i.companyId),
    deadline: d.deadline ? instantToPicker(d.deadline) : null,
    openAt: d.openAt ? instantToPicker(d.openAt) : null,
    priceWeight: d.priceWeight,
  };
}

/** bid/edite?id=: a new or draft tender's editor; a published tender's management (Q&A, opening, scoring, award). */
export default function TenderEditPage() {
  const [search] = useSearchParams();
  const raw = Number(search.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const detail = useTender(id);
  const rules = useTenderRules();
  const [amending, setAmending] = useState(false);
  const back = <Link to="/customer/bid/bidindex"><Button>返回列表</Button></Link>;
  if ((id && detail.isLoading) || rules.isLoading) return <Card variant="borderless"><Skeleton active paragraph={{ rows: 12 }} /></Card>;
  const failed = id && (detail.isError || !detail.data) ? detail : rules.isError || !rules.data ? rules : null;
  if (failed) {
    return <Card variant="borderless"><Result status="warning" title="招标项目加载失败" subTitle={failed.error instanceof Error ? failed.error.message : undefined} extra={<Space><Button onClick={() => void failed.refetch()}>重试</Button>{back}</Space>} /></Card>;
  }
  const d = detail.data;
  if (d && d.viewer !== 0) return <Card variant="borderless"><Result status="404" title="招标项目不存在" extra={back} /></Card>;
  if (d && d.status !== BidStatus.DRAFT && !amending) return <TenderManage d={d} onAmend={() => setAmending(true)} />;
  return <TenderForm key={d?.id ?? 'new'} d={d} rules={rules.data!} onDone={() => setAmending(false)} />;
}

/**
 * The deadline's limits (decision 0160): before publishing, the platform's shortest bidding window from now; when
 * amending, never earlier than the deadline in force. The same shared check as the server's.
 */
function deadlineLimits(rules: TenderRules, published: Date | null) {
  const earliest = () => published ?? earliestTenderDeadline(rules, new Date());
  return {
    earliest,
    rule: problemRule((v: Dayjs | null) => (v ? tenderDeadlineProblem(instantOf(v), rules, new Date(), published, minute) : null)),
    disabledDate: (v: Dayjs) => v.isBefore(instantToPicker(earliest()), 'day'),
  };
}

function TenderForm({ d, rules: windows, onDone }: { d?: TenderDetail; rules: TenderRules; onDone: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const save = useSaveTender();
  const publish = usePublishTender();
  const [shopName, setShopName] = useState('');
  const shops = useShopOptions(shopName);
  const invitedOnly = Form.useWatch('invitedOnly', form);
  const amending = d !== undefined && d.status === BidStatus.OPEN;
  const limits = deadlineLimits(windows, amending && d.deadline ? new Date(d.deadline) : null);

  const submit = async (andPublish: boolean) => {
    const v = await form.validateFields();
    const body: TenderSaveInput = {
      ...v,
      id: d?.id,
      deadline: pickerToInstant(v.deadline!),
      openAt: pickerToInstant(v.openAt!),
      invitedCompanyIds: v.invitedOnly ? v.invitedCompanyIds : [],
    };
    const saved = await save.mutateAsync(body);
    if (andPublish) await publish.mutateAsync({ id: saved.id });
    onDone();
    if (!d || andPublish) void navigate(`/customer/bid/edite?id=${saved.id}`, { replace: true });
  };

  const invitedOptions = [
    ...(d?.invited ?? []).map((i) => ({ value: i.companyId, label: i.name })),
    ...(shops.data?.list ?? []).filter((s) => !d?.invited.some((i) => i.companyId === s.id)).map((s) => ({ value: s.id, label: `${s.companyName}（${s.shopName}）` })),
  ];

  return (
    <Card variant="borderless" title={amending ? '修改招标' : d ? '编辑招标草稿' : '发布招标'} extra={<Link to="/customer/bid/bidindex"><Button>返回列表</Button></Link>}>
      {amending ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="投标截止时间只能延后，不能提前。"
          description={`修改招标说明、标段、招标文件、预算、投标资格或评分权重属于招标文件变更：已提交的投标将变为「待确认」，供应商需在截止前重新确认；距截止不足${tenderWindowText(windows.minChangeDays)}的，截止时间自动顺延至变更后${tenderWindowText(windows.minChangeDays)}。所有已报名的供应商都会收到通知。`}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`投标期不少于${tenderWindowText(windows.minBidDays)}：现在发布，投标截止时间最早可设为 ${minute(limits.earliest())}。`}
          description="发布后截止时间只能延后；开标前任何人（包括招标方）都不能查看投标内容。"
        />
      )}
      <Form form={form} layout="vertical" initialValues={initial(d, windows)} style={{ maxWidth: 980 }}>
        <Space size="large" wrap>
          <Form.Item name="title" label="招标标题" rules={rules.title} style={{ width: 'min(420px, calc(100vw - 64px))' }}><Input maxLength={150} placeholder="如：2026年度水处理药剂集中采购" /></Form.Item>
          <Form.Item name="category" label="品类" rules={rules.category}><Input maxLength={50} placeholder="如：水处理药剂" /></Form.Item>
          <Form.Item name="areaName" label="项目地区" rules={rules.areaName}><Input maxLength={100} placeholder="如：北京市 大兴区" /></Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item name="budget" label="项目预算（元）" rules={rules.budget}><InputNumber min={0} precision={2} style={{ width: 200 }} /></Form.Item>
          <Form.Item name="budgetShown" label="公开预算" valuePropName="checked"><Switch checkedChildren="公开" unCheckedChildren="隐藏" /></Form.Item>
          <Form.Item name="contactName" label="联系人" rules={rules.contactName}><Input maxLength={50} /></Form.Item>
          <Form.Item name="contactPhone" label="联系电话" rules={rules.contactPhone}><Input maxLength={20} /></Form.Item>
        </Space>
        <Form.Item label="标段" required>
          <Form.List name="lots">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((f, i) => (
                  <Space key={f.key} align="start" wrap>
                    <Form.Item name={[f.name, 'id']} hidden><InputNumber /></Form.Item>
                    <Form.Item name={[f.name, 'name']} rules={lotRules.name} style={{ width: 200 }}><Input placeholder={`标段${i + 1}名称`} maxLength={120} aria-label={`标段${i + 1}名称`} /></Form.Item>
                    <Form.Item name={[f.name, 'spec']} rules={lotRules.spec} style={{ width: 220 }}><Input placeholder="规格要求" maxLength={200} aria-label={`标段${i + 1}规格`} /></Form.Item>
                    <Form.Item name={[f.name, 'quantity']} rules={lotRules.quantity}><InputNumber min={1} precision={0} placeholder="数量" aria-label={`标段${i + 1}数量`} /></Form.Item>
                    <Form.Item name={[f.name, 'unit']} rules={lotRules.unit} style={{ width: 80 }}><Input placeholder="单位" maxLength={10} aria-label={`标段${i + 1}单位`} /></Form.Item>
                    <Form.Item name={[f.name, 'budget']} rules={lotRules.budget}><InputNumber min={0} precision={2} placeholder="标段预算" style={{ width: 140 }} aria-label={`标段${i + 1}预算`} /></Form.Item>
                    {fields.length > 1 && <Button type="text" danger icon={<MinusCircleOutlined />} onClick={() => remove(f.name)} aria-label="删除标段" />}
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', spec: '', quantity: 1, unit: '', budget: null })}>添加标段</Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="content" label="招标说明" rules={rules.content}><Input.TextArea rows={5} maxLength={20000} placeholder="项目概况、技术要求、交货要求等" /></Form.Item>
        <Form.Item name="documents" label="招标文件（PDF）"><PdfUpload /></Form.Item>
        <Space size="large" wrap>
          <Form.Item
            name="deadline"
            label="投标截止时间"
            rules={[...dateRule('deadline'), limits.rule]}
            extra={amending ? `不早于 ${minute(limits.earliest())}` : `最早 ${minute(limits.earliest())}`}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={limits.disabledDate} aria-label="投标截止时间" />
          </Form.Item>
          <Form.Item name="openAt" label="开标时间" rules={dateRule('openAt')}><DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" /></Form.Item>
          <Form.Item name="priceWeight" label="价格分权重（%）" rules={rules.priceWeight} extra="技术分权重 = 100 − 价格分权重"><InputNumber min={0} max={100} precision={0} /></Form.Item>
        </Space>
        <Card size="small" title="投标资格" style={{ marginBottom: 16 }}>
          <Space size="large" wrap>
            <Form.Item name="minMemberLevel" label="最低会员等级" rules={rules.minMemberLevel}>
              <Select style={{ width: 150 }} options={MEMBER_LEVELS.map((l) => ({ value: l, label: l === 0 ? '不限' : enumLabel('MemberLevel', l) }))} />
            </Form.Item>
            <Form.Item name="certRequired" label="须通过企业认证" valuePropName="checked"><Switch /></Form.Item>
            <Form.Item name="shopTypes" label="店铺类型（不选为不限）" rules={rules.shopTypes}>
              <Checkbox.Group options={[1, 2, 3].map((v) => ({ value: v, label: enumLabel('ShopType', v) ?? '' }))} />
            </Form.Item>
          </Space>
          <Space size="large" wrap align="start">
            <Form.Item name="invitedOnly" label="招标方式" valuePropName="checked"><Switch checkedChildren="邀请招标" unCheckedChildren="公开招标" /></Form.Item>
            {invitedOnly && (
              <Form.Item name="invitedCompanyIds" label="邀请的供应商" rules={rules.invitedCompanyIds} style={{ minWidth: 420 }}>
                <Select mode="multiple" showSearch filterOption={false} onSearch={setShopName} options={invitedOptions} placeholder="输入店铺或公司名称搜索" notFoundContent={shops.isFetching ? '搜索中…' : '没有匹配的供应商'} />
              </Form.Item>
            )}
          </Space>
        </Card>
        <Space>
          {!amending && <Button onClick={() => void submit(false).catch(() => undefined)} loading={save.isPending && !publish.isPending}>保存草稿</Button>}
          <Button type="primary" onClick={() => void submit(!amending).catch(() => undefined)} loading={save.isPending || publish.isPending}>{amending ? '保存修改' : '保存并发布'}</Button>
          {amending && <Button onClick={onDone}>取消</Button>}
        </Space>
      </Form>
    </Card>
  );
}
