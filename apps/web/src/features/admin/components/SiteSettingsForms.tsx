import { useEffect } from 'react';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { filingNumberInput, siteInfoInput, statisticSetting } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { SingleImage } from './SingleImage.tsx';

const siteRules = formRules(siteInfoInput);
const filingRules = formRules(filingNumberInput);
const statisticRules = formRules(statisticSetting);

type Save = (key: string, value: unknown) => Promise<void>;

/** `site`: name, filing numbers (ICP and public security), public-account QR code, hotline, copyright. */
export function SiteInfoForm({ value, onSave }: { value: Record<string, unknown> | undefined; onSave: Save }) {
  const [form] = Form.useForm();
  useEffect(() => form.setFieldsValue(value ?? {}), [value, form]);
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 720 }} onFinish={(v) => onSave('site', { ...value, ...v })}>
      <Form.Item name="siteName" label="站点名称" rules={siteRules.siteName}><Input maxLength={40} /></Form.Item>
      <Form.Item label="备案号">
        <Form.List name="filingNumbers">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item name={[f.name, 'title']} rules={filingRules.title}><Input placeholder="京ICP备…号" style={{ width: 260, maxWidth: 'calc(100vw - 80px)' }} /></Form.Item>
                  <Form.Item name={[f.name, 'linkUrl']}><Input placeholder="查询链接" style={{ width: 340, maxWidth: 'calc(100vw - 80px)' }} /></Form.Item>
                  <MinusCircleOutlined onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ title: '', linkUrl: '' })}>添加备案号</Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <Space size="large" align="start" wrap>
        <Form.Item name="qrCode" label="公众号二维码"><SingleImage /></Form.Item>
        <Form.Item name="qrCodeTitle" label="二维码说明"><Input maxLength={40} /></Form.Item>
        <Form.Item name="hotline" label="客服电话"><Input maxLength={40} /></Form.Item>
      </Space>
      <Form.Item name="copyright" label="版权信息"><Input maxLength={200} /></Form.Item>
      <Button type="primary" htmlType="submit">保存</Button>
    </Form>
  );
}

const COUNT_OF = [
  { value: 'suppliers', label: '实时：入驻供应商数' },
  { value: 'products', label: '实时：在售商品数' },
  { value: 'purchasers', label: '实时：采购企业数' },
  { value: 'enquiries', label: '实时：询价需求数' },
  { value: 'bids', label: '实时：招标数' },
];

/** `statistics`: the figures on the home page; an entry may show a live count instead of a stored value. */
export function StatisticsForm({ value, onSave }: { value: unknown[] | undefined; onSave: Save }) {
  const [form] = Form.useForm();
  useEffect(() => form.setFieldsValue({ items: value ?? [] }), [value, form]);
  return (
    <Form form={form} onFinish={(v: { items: Record<string, unknown>[] }) => onSave('statistics', v.items.map((i) => (i.countOf ? i : { ...i, countOf: undefined })))}>
      <Form.List name="items">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="baseline" wrap>
                <Form.Item name={[f.name, 'title']} rules={statisticRules.title}><Input placeholder="名称" style={{ width: 160 }} /></Form.Item>
                <Form.Item name={[f.name, 'value']}><InputNumber placeholder="数值" style={{ width: 120 }} /></Form.Item>
                <Form.Item name={[f.name, 'unit']}><Input placeholder="单位" style={{ width: 80 }} /></Form.Item>
                <Form.Item name={[f.name, 'countOf']}><Select allowClear placeholder="固定数值" style={{ width: 200 }} options={COUNT_OF} /></Form.Item>
                <MinusCircleOutlined onClick={() => remove(f.name)} />
              </Space>
            ))}
            <Space>
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ title: '', value: 0, unit: '' })}>添加</Button>
              <Button type="primary" htmlType="submit">保存</Button>
            </Space>
          </>
        )}
      </Form.List>
    </Form>
  );
}

/** `hot_keywords`: stored for the search bar (the mall currently shows the five of docs/product/mall.md#search-bar). */
export function HotKeywordsForm({ value, onSave }: { value: string[] | undefined; onSave: Save }) {
  const [form] = Form.useForm();
  useEffect(() => form.setFieldsValue({ words: value ?? [] }), [value, form]);
  return (
    <Form form={form} layout="inline" onFinish={(v: { words: string[] }) => onSave('hot_keywords', v.words.map((w) => w.trim()).filter(Boolean).slice(0, 10))}>
      <Form.Item name="words"><Select mode="tags" style={{ width: 520, maxWidth: 'calc(100vw - 80px)' }} placeholder="输入关键词后回车" /></Form.Item>
      <Button type="primary" htmlType="submit">保存</Button>
    </Form>
  );
}
