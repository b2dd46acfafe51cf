import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Cascader, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Radio, Result, Select, Space, Table, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import {
  ENQUIRY_ATTACHMENTS_MAX,
  ENQUIRY_DEADLINE_DAYS_MAX,
  ENQUIRY_FILE_TYPES,
  ENQUIRY_SHEET_COLUMNS,
  enquiryLineInput,
  enquirySaveInput,
  enquiryMachine,
  linesFromRows,
  type AreaNode,
  type EnquiryFromProduct,
  type EnquirySaveInput,
  chinaDay,
  chinaDayLastMoment,
  type SupplierOption,
} from '@aquamall/shared';
import { formRules, problemRule } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { DocumentUpload, type DocFile } from '../../../components/DocumentUpload.tsx';
import { importSheet, useAreaTree, useEnquiryFromProduct, useGoodsPick, useMyEnquiry, useSaveEnquiry, useSupplierOptions } from '../api/enquiries.ts';
import { useSession, type SessionUser } from '../../session/index.ts';
import { enquiryIdFrom } from '../components/status.tsx';
import { beforeChinaToday, chinaNowPicker, chinaTodayPicker, dayToPicker, instantToPicker, pickerToDay, pickerToInstant } from '../../../lib/china-time.ts';

const rules = formRules(enquirySaveInput);
const lineRules = formRules(enquiryLineInput);

interface LineValue {
  productName: string;
  spec: string;
  quantity: number | null;
  unit: string;
  targetPrice: number | null;
  remark: string;
  productId: number | null;
}
interface Values {
  title: string;
  lines: LineValue[];
  attachments: DocFile[];
  area: number[];
  deliveryAddress: string;
  deliveryDate: Dayjs | null;
  contactName: string;
  contactPhone: string;
  deadline: Dayjs | null;
  invoiceKind: number;
  paymentTerms: string;
  visibility: number;
  invitedSupplierIds: number[];
  sealed: boolean;
  remark: string;
}

const emptyLine = (): LineValue => ({ productName: '', spec: '', quantity: null, unit: '', targetPrice: null, remark: '', productId: null });

/** Names of the area path (省 市 区) for the snapshot the enquiry keeps. */
function areaNames(tree: AreaNode[] | undefined, path: number[]): string {
  const names: string[] = [];
  let level = tree ?? [];
  for (const code of path) {
    const node = level.find((n) => n.sysNo === code);
    if (!node) break;
    names.push(node.name);
    level = node.children ?? [];
  }
  return names.join(' ');
}

/** A positive whole number from the address bar, else null. */
const idParam = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** A new enquiry's contact: the signed-in user's name and mobile. */
export const contactOf = (user: Pick<SessionUser, 'realName' | 'nickName' | 'phone'> | null | undefined) => ({
  contactName: (user?.realName || user?.nickName || '').slice(0, 50),
  contactPhone: (user?.phone ?? '').slice(0, 20),
});

/**
 * 询价 from a goods page (decision 0185): the title, line 1 from the product and — when its supplier may be
 * invited — 邀请询价 with that supplier; the purchaser may change any of it (公开询价 too).
 */
export const fromProductValues = (p: EnquiryFromProduct): Partial<Values> => ({
  title: p.title,
  lines: [{ ...p.line, targetPrice: null, remark: '' }],
  ...(p.supplier ? { visibility: 2, invitedSupplierIds: [p.supplier.id] } : {}),
});

const deadlineProblem = (v: Dayjs | null) => {
  if (!v) return '请选择报价截止时间';
  if (!v.isAfter(chinaNowPicker())) return '报价截止时间必须晚于当前时间';
  if (v.isAfter(chinaNowPicker().add(ENQUIRY_DEADLINE_DAYS_MAX, 'day'))) return `报价截止时间不能超过${ENQUIRY_DEADLINE_DAYS_MAX}天`;
  return null;
};

/**
 * enquiry/edit — a new enquiry or a draft: lines typed, picked from the catalogue, pasted from Excel or read
 * from a sheet; attachments, delivery area and date, deadline, invoice, payment terms, public or invited, 密封.
 */
export default function EnquiryEditPage() {
  const [search] = useSearchParams();
  const id = enquiryIdFrom(search);
  const existing = useMyEnquiry(id);
  const fromProduct = useEnquiryFromProduct(id ? null : idParam(search.get('productId')), idParam(search.get('skuId')));
  const { user } = useSession();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const areas = useAreaTree();
  const save = useSaveEnquiry();
  const [pasteOpen, setPasteOpen] = useState(false);
  const [pickOpen, setPickOpen] = useState(false);
  const [sheetErrors, setSheetErrors] = useState<string[]>([]);
  const visibility = Form.useWatch('visibility', form);

  useEffect(() => {
    const e = existing.data;
    if (!e) return;
    form.setFieldsValue({
      title: e.title,
      lines: e.items.map((i) => ({ productName: i.productName, spec: i.spec, quantity: i.quantity, unit: i.unit, targetPrice: i.targetPrice === null ? null : Number(i.targetPrice), remark: i.remark, productId: i.productId })),
      attachments: e.attachments,
      area: [e.deliveryProvinceCode, e.deliveryCityCode, e.deliveryDistrictCode].filter((c): c is number => c !== null),
      deliveryAddress: e.deliveryAddress,
      deliveryDate: e.deliveryDate ? dayToPicker(chinaDay(e.deliveryDate)) : null,
      contactName: e.contactName,
      contactPhone: e.contactPhone,
      deadline: new Date(e.deadline) > new Date() ? instantToPicker(e.deadline) : null,
      invoiceKind: e.invoiceKind,
      paymentTerms: e.paymentTerms,
      visibility: e.visibility,
      invitedSupplierIds: e.invited.map((s) => s.id),
      sealed: e.sealed,
      remark: e.remark,
    });
  }, [existing.data, form]);

  useEffect(() => {
    if (fromProduct.data) form.setFieldsValue(fromProductValues(fromProduct.data));
  }, [fromProduct.data, form]);

  useEffect(() => {
    // A new enquiry starts with the signed-in user as its contact (kept when already typed).
    if (id || !user) return;
    const c = contactOf(user);
    if (!form.getFieldValue('contactName')) form.setFieldValue('contactName', c.contactName);
    if (!form.getFieldValue('contactPhone')) form.setFieldValue('contactPhone', c.contactPhone);
  }, [id, user, form]);

  const addLines = (lines: LineValue[]) => {
    const current = (form.getFieldValue('lines') as LineValue[] | undefined) ?? [];
    const kept = current.filter((l) => l.productName || l.quantity);
    form.setFieldValue('lines', [...kept, ...lines]);
  };

  const submit = async (publish: boolean) => {
    const v = publish ? await form.validateFields() : await form.validateFields(['title']).then(() => form.getFieldsValue(true) as Values);
    const body: EnquirySaveInput = {
      id: id ?? undefined,
      title: v.title,
      lines: (v.lines ?? []).map((l) => ({
        productName: l.productName ?? '',
        spec: l.spec ?? '',
        quantity: l.quantity ?? 0,
        unit: l.unit ?? '',
        targetPrice: l.targetPrice ?? null,
        remark: l.remark ?? '',
        productId: l.productId ?? null,
      })),
      attachments: v.attachments ?? [],
      deliveryProvinceCode: v.area?.[0] ?? null,
      deliveryCityCode: v.area?.[1] ?? null,
      deliveryDistrictCode: v.area?.[2] ?? null,
      deliveryAreaName: areaNames(areas.data, v.area ?? []),
      deliveryAddress: v.deliveryAddress ?? '',
      deliveryDate: v.deliveryDate ? chinaDayLastMoment(pickerToDay(v.deliveryDate)).toISOString() : null,
      contactName: v.contactName ?? '',
      contactPhone: v.contactPhone ?? '',
      deadline: pickerToInstant(v.deadline ?? chinaNowPicker().add(7, 'day')),
      invoiceKind: v.invoiceKind ?? 0,
      paymentTerms: v.paymentTerms ?? '',
      visibility: v.visibility ?? 1,
      invitedSupplierIds: v.visibility === 2 ? (v.invitedSupplierIds ?? []) : [],
      sealed: v.sealed ?? false,
      remark: v.remark ?? '',
      publish,
    };
    const r = await save.mutateAsync(body);
    navigate(`/customer/enquiry/detail?id=${r.id}`);
  };

  if (id && existing.isError) return <Result status="warning" title="询价单不存在" />;
  if (existing.data && !enquiryMachine.can('edit', existing.data.status)) return <Result status="info" title="已发布的询价不能修改" subTitle="可以在询价详情中延长截止时间或撤销询价" />;

  return (
    <Card title={id ? '编辑询价' : '发布询价'} variant="borderless">
      {fromProduct.data ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="from-product"
          message={`已从商品「${fromProduct.data.line.productName}」带入第1行（起订量 ${fromProduct.data.line.quantity} ${fromProduct.data.line.unit}）`}
          description={
            fromProduct.data.supplier
              ? `已建议邀请「${fromProduct.data.supplier.shopName}」报价（邀请询价）；也可添加其他供应商，或改为公开询价。`
              : '可在下方邀请供应商，或以公开询价发布。'
          }
        />
      ) : null}
      {fromProduct.isError ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="商品不存在或已下架，请手动填写询价明细" /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ lines: [emptyLine()], attachments: [], area: [], invoiceKind: 0, visibility: 1, invitedSupplierIds: [], sealed: false, deadline: chinaNowPicker().add(7, 'day').hour(17).minute(0).second(0) }}
        style={{ maxWidth: 1100 }}
      >
        <Form.Item name="title" label="询价标题" rules={rules.title}>
          <Input maxLength={120} placeholder="如：2027年一季度净水药剂采购" />
        </Form.Item>

        <Form.Item label="询价明细" required>
          <Space wrap style={{ marginBottom: 8 }}>
            <Button icon={<PlusOutlined />} onClick={() => form.setFieldValue('lines', [...((form.getFieldValue('lines') as LineValue[] | undefined) ?? []), emptyLine()])}>
              添加明细
            </Button>
            <Button onClick={() => setPickOpen(true)}>从商品库选择</Button>
            <Button onClick={() => setPasteOpen(true)}>从Excel粘贴</Button>
            <Upload
              accept=".xlsx"
              showUploadList={false}
              beforeUpload={(file) => {
                void importSheet(file).then((r) => {
                  if (r.lines.length) addLines(r.lines.map((l) => ({ ...l, productId: null })));
                  setSheetErrors(r.errors);
                  notify.success(`已导入 ${r.lines.length} 条明细`);
                });
                return false;
              }}
            >
              <Button>导入Excel</Button>
            </Upload>
            <span style={{ color: '#8c8c8c', fontSize: 12 }}>列顺序：{ENQUIRY_SHEET_COLUMNS.join('、')}</span>
          </Space>
          {sheetErrors.length ? <Alert type="warning" showIcon closable style={{ marginBottom: 8 }} message="以下行未导入" description={sheetErrors.join('；')} onClose={() => setSheetErrors([])} /> : null}
          <Form.List name="lines">
            {(fields, { remove }, { errors }) => (
              <>
                <Table
                  size="small"
                  pagination={false}
                  rowKey="key"
                  dataSource={fields}
                  scroll={{ x: 900 }}
                  columns={[
                    { title: '序号', width: 50, render: (_v, _f, i) => i + 1 },
                    {
                      title: '产品名称',
                      width: 190,
                      render: (_v, f) => (
                        <Form.Item name={[f.name, 'productName']} rules={lineRules.productName} style={{ margin: 0 }}>
                          <Input maxLength={120} placeholder="产品名称" aria-label={`第${f.name + 1}行产品名称`} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: '规格型号',
                      width: 170,
                      render: (_v, f) => (
                        <Form.Item name={[f.name, 'spec']} rules={lineRules.spec} style={{ margin: 0 }}>
                          <Input maxLength={200} placeholder="规格型号" aria-label={`第${f.name + 1}行规格`} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: '数量',
                      width: 110,
                      render: (_v, f) => (
                        <Form.Item name={[f.name, 'quantity']} rules={lineRules.quantity} style={{ margin: 0 }}>
                          <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label={`第${f.name + 1}行数量`} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: '单位',
                      width: 80,
                      render: (_v, f) => (
                        <Form.Item name={[f.name, 'unit']} rules={lineRules.unit} style={{ margin: 0 }}>
                          <Input maxLength={10} placeholder="吨" aria-label={`第${f.name + 1}行单位`} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: '目标单价（元）',
                      width: 130,
                      render: (_v, f) => (
                        <Form.Item name={[f.name, 'targetPrice']} rules={lineRules.targetPrice} style={{ margin: 0 }}>
                          <InputNumber min={0} precision={2} style={{ width: '100%' }} placeholder="选填" />
                        </Form.Item>
                      ),
                    },
                    {
                      title: '备注',
                      width: 150,
                      render: (_v, f) => (
                        <Form.Item name={[f.name, 'remark']} rules={lineRules.remark} style={{ margin: 0 }}>
                          <Input maxLength={300} placeholder="选填" />
                        </Form.Item>
                      ),
                    },
                    {
                      title: '',
                      width: 40,
                      render: (_v, f) => <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除明细" onClick={() => remove(f.name)} />,
                    },
                  ]}
                />
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
        </Form.Item>

        <Form.Item name="attachments" label="附件（图纸、技术要求）" extra={`最多${ENQUIRY_ATTACHMENTS_MAX}个，PDF 或 jpg/png 图片，每个不超过10M`}>
          <DocumentUpload folder="enquiry" types={ENQUIRY_FILE_TYPES} max={ENQUIRY_ATTACHMENTS_MAX} buttonText="上传附件（PDF / 图片）" />
        </Form.Item>

        <Space wrap size={16} align="start">
          <Form.Item name="area" label="交货地区" rules={[problemRule((v: number[] | undefined) => (v?.length ? null : '请选择交货地区'), true)]}>
            <Cascader
              style={{ width: 280 }}
              options={areas.data ?? []}
              loading={areas.isLoading}
              showSearch
              changeOnSelect
              fieldNames={{ label: 'name', value: 'sysNo', children: 'children' }}
              placeholder="省 / 市 / 区"
              aria-label="交货地区"
            />
          </Form.Item>
          <Form.Item name="deliveryAddress" label="详细地址" rules={rules.deliveryAddress}>
            <Input maxLength={200} style={{ width: 320 }} placeholder="街道、门牌号" />
          </Form.Item>
          <Form.Item name="deliveryDate" label="交货日期">
            <DatePicker disabledDate={beforeChinaToday} />
          </Form.Item>
        </Space>
        <Space wrap size={16} align="start">
          <Form.Item name="contactName" label="联系人" rules={rules.contactName}>
            <Input maxLength={50} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="contactPhone" label="联系电话" rules={rules.contactPhone}>
            <Input maxLength={20} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="deadline" label="报价截止时间" rules={[problemRule(deadlineProblem, true)]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => beforeChinaToday(d) || d.isAfter(chinaTodayPicker().add(ENQUIRY_DEADLINE_DAYS_MAX, 'day'), 'day')} aria-label="报价截止时间" />
          </Form.Item>
        </Space>
        <Space wrap size={16} align="start">
          <Form.Item name="invoiceKind" label="发票要求" rules={rules.invoiceKind}>
            <Select style={{ width: 200 }} options={[{ value: 0, label: '不需要发票' }, { value: 1, label: '增值税普通发票' }, { value: 2, label: '增值税专用发票' }]} />
          </Form.Item>
          <Form.Item name="paymentTerms" label="付款方式" rules={rules.paymentTerms}>
            <Select
              style={{ width: 200 }}
              allowClear
              options={['款到发货', '货到付款', '月结30天', '月结60天', '分期付款'].map((v) => ({ value: v, label: v }))}
              placeholder="选择付款方式"
            />
          </Form.Item>
        </Space>
        <Form.Item name="visibility" label="询价方式" rules={rules.visibility}>
          <Radio.Group options={[{ value: 1, label: '公开询价（所有认证供应商可报价）' }, { value: 2, label: '邀请询价（仅受邀供应商可报价）' }]} />
        </Form.Item>
        {visibility === 2 ? (
          <Form.Item name="invitedSupplierIds" label="邀请供应商" rules={[problemRule((v: number[] | undefined) => (v?.length ? null : '邀请询价请至少选择一家供应商'), true)]}>
            <SupplierSelect suggested={fromProduct.data?.supplier ?? null} />
          </Form.Item>
        ) : null}
        <Form.Item name="sealed" valuePropName="checked" extra="密封报价：截止时间前您看不到任何报价内容，只能看到报价数量">
          <Checkbox>密封报价</Checkbox>
        </Form.Item>
        <Form.Item name="remark" label="补充说明" rules={rules.remark}>
          <Input.TextArea rows={3} maxLength={2000} placeholder="资质要求、包装、验收标准等" />
        </Form.Item>
        <Space>
          <Button onClick={() => void submit(false).catch(() => undefined)} loading={save.isPending}>
            保存草稿
          </Button>
          <Button type="primary" onClick={() => void submit(true).catch(() => undefined)} loading={save.isPending}>
            发布询价
          </Button>
        </Space>
      </Form>
      <PasteModal open={pasteOpen} onClose={() => setPasteOpen(false)} onLines={(lines, errors) => { addLines(lines); setSheetErrors(errors); }} />
      <PickModal open={pickOpen} onClose={() => setPickOpen(false)} onPick={(l) => addLines([l])} />
    </Card>
  );
}

/** Approved suppliers, searched by name (the shop list, never the purchaser's own company). */
function SupplierSelect({ value, onChange, suggested }: { value?: number[]; onChange?: (v: number[]) => void; suggested: SupplierOption | null }) {
  const [keyword, setKeyword] = useState('');
  const options = useSupplierOptions(keyword, true);
  // The supplier suggested by a goods page keeps its name whatever the search shows.
  const list = [...(suggested ? [suggested] : []), ...(options.data ?? []).filter((s) => s.id !== suggested?.id)];
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      loading={options.isFetching}
      placeholder="输入供应商名称搜索"
      style={{ width: '100%', maxWidth: 520 }}
      aria-label="邀请供应商"
      options={list.map((s) => ({ value: s.id, label: `${s.name}${s.certified ? '（已认证）' : ''}` }))}
    />
  );
}

/** Paste rows copied from Excel (tab-separated). */
function PasteModal({ open, onClose, onLines }: { open: boolean; onClose: () => void; onLines: (lines: LineValue[], errors: string[]) => void }) {
  const [text, setText] = useState('');
  const ok = () => {
    const rows = text.split(/\r?\n/).map((r) => r.split('\t'));
    const r = linesFromRows(rows);
    onLines(r.lines.map((l) => ({ ...l, productId: null })), r.errors);
    notify.success(`已添加 ${r.lines.length} 条明细`);
    setText('');
    onClose();
  };
  return (
    <Modal open={open} title="从Excel粘贴明细" onCancel={onClose} onOk={ok} okText="添加" destroyOnHidden>
      <p style={{ color: '#8c8c8c' }}>在Excel中选中单元格复制后粘贴到下方，列顺序：{ENQUIRY_SHEET_COLUMNS.join('、')}</p>
      <Input.TextArea rows={8} value={text} onChange={(e) => setText(e.target.value)} aria-label="粘贴内容" />
    </Modal>
  );
}

/** Pick a line from the catalogue (goods on sale), then set its quantity. */
function PickModal({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (l: LineValue) => void }) {
  const [keyword, setKeyword] = useState('');
  const goods = useGoodsPick(keyword);
  return (
    <Modal open={open} title="从商品库选择" onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Input.Search placeholder="输入商品名称搜索" onSearch={(v) => setKeyword(v.trim())} allowClear style={{ marginBottom: 12 }} />
      <Table
        size="small"
        rowKey="id"
        loading={goods.isFetching}
        pagination={false}
        dataSource={goods.data?.list ?? []}
        locale={{ emptyText: keyword ? '没有匹配的商品' : '请输入商品名称' }}
        columns={[
          { title: '商品名称', dataIndex: 'name' },
          { title: '型号规格', render: (_v, g) => [g.model, g.spec].filter(Boolean).join(' ') },
          { title: '单位', dataIndex: 'unit', width: 60 },
          { title: '店铺', dataIndex: 'shopName', ellipsis: true },
          {
            title: '',
            width: 70,
            render: (_v, g) => (
              <Button size="small" onClick={() => { onPick({ productName: g.name, spec: [g.model, g.spec].filter(Boolean).join(' '), quantity: null, unit: g.unit, targetPrice: null, remark: '', productId: g.id }); notify.success('已添加，请填写数量'); }}>
                选择
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
