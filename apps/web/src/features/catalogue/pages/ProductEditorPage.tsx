import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Cascader, Checkbox, Divider, Form, Input, InputNumber, Result, Skeleton, Space, AutoComplete } from 'antd';
import { productAttribute, productInput, ProductStatus, type AreaNode, type ProductDetail, type ProductInput } from '@aquamall/shared';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { RichTextEditor } from '../../../components/RichTextEditor.tsx';
import { formRules, zodRule } from '../../../lib/form-rules.ts';
import { areaTreeQuery, categoryTreeQuery } from '../api/lookups.ts';
import { useCategoryAttributes, useCreateProduct, useProductDetail, useSubmitProduct, useUpdateProduct } from '../api/products.ts';
import { AttributeFields } from '../components/AttributeFields.tsx';
import { SkuEditor, type SkuFormRow } from '../components/SkuEditor.tsx';
import { ProductStatusTag } from '../components/status.tsx';

const UNITS = ['吨', '千克', '袋', '桶', '瓶', '台', '套', '件', '个', '米', '平方米', '立方米'];
const rules = formRules(productInput);
/** The cascader holds the path; the schema takes its third-level leaf. */
const categoryRules = [zodRule(productInput.shape.categoryId, (path: number[] | undefined) => (path?.length === 3 ? path[2] : undefined))];
const attributeRules = formRules(productAttribute);

interface EditorForm {
  categoryPath: number[];
  name: string;
  brand: string;
  model: string;
  unit: string;
  minOrder: number;
  leadTimeDays: number;
  specNames: string[];
  skus: SkuFormRow[];
  attrs: Record<string, string | undefined>;
  extraAttrs: { name: string; value: string }[];
  images: string[];
  description: string;
  origin: number[];
  isPovertyRelief: boolean;
}

const EMPTY: Partial<EditorForm> = {
  unit: '吨',
  minOrder: 1,
  leadTimeDays: 3,
  specNames: ['规格'],
  skus: [{ code: '', values: [], stock: 0, lowStock: 0, priceTiers: [] }],
  extraAttrs: [],
  images: [],
  description: '',
  isPovertyRelief: false,
};

/** Province → city (the origin is recorded to the city). */
const twoLevels = (nodes: AreaNode[]): AreaNode[] => nodes.map((p) => ({ sysNo: p.sysNo, name: p.name, children: (p.children ?? []).map((c) => ({ sysNo: c.sysNo, name: c.name })) }));

function toForm(d: ProductDetail, definedNames: Set<string>): EditorForm {
  const specNames = [...new Set(d.skus.flatMap((s) => s.specValues.map((v) => v.name)))];
  const c = d.content;
  return {
    categoryPath: d.categoryPath.map((p) => p.sysNo),
    name: c.name,
    brand: c.brand,
    model: c.model,
    unit: c.unit,
    minOrder: c.minOrder,
    leadTimeDays: c.leadTimeDays,
    specNames,
    skus: d.skus.map((s) => ({
      sysNo: s.sysNo,
      code: s.code,
      values: specNames.map((n) => s.specValues.find((v) => v.name === n)?.value ?? ''),
      price: s.price,
      stock: s.onHand,
      lowStock: s.lowStock,
      priceTiers: s.priceTiers,
      reserved: s.reserved,
    })),
    attrs: Object.fromEntries(c.attributes.filter((a) => definedNames.has(a.name)).map((a) => [a.name, a.value])),
    extraAttrs: c.attributes.filter((a) => !definedNames.has(a.name)),
    images: c.images,
    description: c.description,
    origin: [c.originProvinceCode, c.originCityCode].filter((v): v is number => v !== null),
    isPovertyRelief: c.isPovertyRelief,
  };
}

function toInput(f: EditorForm): ProductInput {
  const specNames = f.specNames ?? [];
  const attrs = Object.entries(f.attrs ?? {}).flatMap(([name, value]) => (value?.trim() ? [{ name, value: value.trim() }] : []));
  return {
    categoryId: f.categoryPath[f.categoryPath.length - 1]!,
    name: f.name,
    brand: f.brand ?? '',
    model: f.model ?? '',
    unit: f.unit,
    minOrder: f.minOrder,
    leadTimeDays: f.leadTimeDays ?? 0,
    skus: f.skus.map((s) => ({
      sysNo: s.sysNo,
      code: s.code,
      specValues: specNames.map((name, i) => ({ name, value: (s.values?.[i] ?? '').trim() })).filter((v) => v.value),
      price: s.price ?? 0,
      priceTiers: (s.priceTiers ?? []).filter((t) => t && t.minQty && t.price),
      stock: s.stock ?? 0,
      lowStock: s.lowStock ?? 0,
    })),
    attributes: [...attrs, ...(f.extraAttrs ?? []).filter((a) => a?.name?.trim() && a.value?.trim())],
    images: f.images ?? [],
    description: f.description ?? '',
    originProvinceCode: f.origin?.[0] ?? null,
    originCityCode: f.origin?.[1] ?? null,
    isPovertyRelief: !!f.isPovertyRelief,
  };
}

/** product/detail: create or edit a product (category, SKUs with tiers, attributes, images, description …). */
export default function ProductEditorPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const idParam = Number(search.get('id'));
  const id = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const [form] = Form.useForm<EditorForm>();
  const detail = useProductDetail(id);
  const categories = useQuery(categoryTreeQuery);
  const areas = useQuery(areaTreeQuery);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const submit = useSubmitProduct();
  const categoryPath = Form.useWatch('categoryPath', form) as number[] | undefined;
  const unit = (Form.useWatch('unit', form) as string | undefined) ?? '';
  const leafId = categoryPath?.length === 3 ? categoryPath[2]! : null;
  const loadedLeaf = detail.data?.categoryPath.length === 3 ? detail.data.categoryPath[2]!.sysNo : null;
  const loadedDefs = useCategoryAttributes(loadedLeaf);
  const areaOptions = useMemo(() => twoLevels(areas.data ?? []), [areas.data]);

  useEffect(() => {
    if (!id) form.setFieldsValue(EMPTY);
  }, [id, form]);
  // The loaded product fills the form once its category's definitions are known (defined vs other parameters).
  const defsReady = loadedLeaf === null || loadedDefs.isSuccess || loadedDefs.isError;
  useEffect(() => {
    if (detail.data && defsReady) form.setFieldsValue(toForm(detail.data, new Set((loadedDefs.data ?? []).map((a) => a.name))));
  }, [detail.data, defsReady, loadedDefs.data, form]);

  const save = async (andSubmit: boolean) => {
    const values = await form.validateFields();
    const input = toInput({ ...form.getFieldsValue(true), ...values });
    const parsed = productInput.safeParse(input);
    if (!parsed.success) {
      form.setFields([{ name: 'skus', errors: [parsed.error.issues[0]?.message ?? '输入有误'] }]);
      return;
    }
    let productId = id;
    if (id) await update.mutateAsync({ sysNo: id, product: input });
    else productId = (await create.mutateAsync(input)).sysNo;
    if (andSubmit && productId) await submit.mutateAsync(productId);
    if (!id && productId) navigate(`/customer/product/detail?id=${productId}`, { replace: true });
  };

  if (id && detail.isLoading) return <Card variant="borderless"><Skeleton active paragraph={{ rows: 12 }} /></Card>;
  if (id && detail.isError) {
    return (
      <Card variant="borderless">
        <Result status="warning" title="商品加载失败" subTitle={detail.error instanceof Error ? detail.error.message : undefined} extra={<Space><Button onClick={() => void detail.refetch()}>重试</Button><Button onClick={() => navigate('/customer/product')}>返回列表</Button></Space>} />
      </Card>
    );
  }
  const d = detail.data;
  const status = d?.status ?? ProductStatus.DRAFT;
  const locked = status === ProductStatus.PENDING;
  const approved = status === ProductStatus.ON_SALE || status === ProductStatus.OFF_SALE;
  const busy = create.isPending || update.isPending || submit.isPending;

  return (
    <Card
      variant="borderless"
      title={id ? '编辑商品' : '发布商品'}
      extra={d && <ProductStatusTag status={d.status} pendingRevision={d.pendingRevision} rejectReason={d.rejectReason} takenDownReason={d.takenDownReason} />}
    >
      {locked && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="商品正在审核中，审核完成后才能修改。" />}
      {approved && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={d?.pendingRevision ? '修改已提交审核，审核通过前商城仍显示原内容；价格和库存的修改已立即生效。' : '修改商品内容需重新审核（审核期间原内容继续在售）；价格、阶梯价和库存的修改立即生效。'} />}
      <Form form={form} layout="vertical" disabled={locked} initialValues={EMPTY} scrollToFirstError>
        <Divider titlePlacement="start">基本信息</Divider>
        <Form.Item name="categoryPath" label="商品分类" rules={categoryRules}>
          <Cascader
            options={categories.data ?? []}
            loading={categories.isLoading}
            fieldNames={{ label: 'name', value: 'sysNo', children: 'children' }}
            placeholder="请选择三级分类"
            showSearch
            style={{ maxWidth: 480 }}
          />
        </Form.Item>
        <Form.Item name="name" label="商品名称" rules={rules.name}>
          <Input maxLength={120} showCount style={{ maxWidth: 640 }} placeholder="如 聚合氯化铝 PAC 含量30% 饮用水级" />
        </Form.Item>
        <Space wrap size={[24, 0]}>
          <Form.Item name="brand" label="品牌" rules={rules.brand}><Input maxLength={60} style={{ width: 200 }} /></Form.Item>
          <Form.Item name="model" label="型号" rules={rules.model}><Input maxLength={60} style={{ width: 200 }} /></Form.Item>
          <Form.Item name="unit" label="销售单位" rules={rules.unit}>
            <AutoComplete options={UNITS.map((u) => ({ value: u }))} style={{ width: 120 }} maxLength={10} />
          </Form.Item>
          <Form.Item name="minOrder" label="最小起订量" rules={rules.minOrder}><InputNumber min={1} precision={0} style={{ width: 140 }} addonAfter={unit || '件'} /></Form.Item>
          <Form.Item name="leadTimeDays" label="交货期" rules={rules.leadTimeDays}><InputNumber min={0} max={365} precision={0} style={{ width: 140 }} addonAfter="天" /></Form.Item>
        </Space>
        <Space wrap size={[24, 0]}>
          <Form.Item name="origin" label="产地">
            <Cascader options={areaOptions} loading={areas.isLoading} changeOnSelect allowClear showSearch fieldNames={{ label: 'name', value: 'sysNo', children: 'children' }} placeholder="省 / 市" style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="isPovertyRelief" label="消费扶贫" valuePropName="checked">
            <Checkbox>参与消费扶贫</Checkbox>
          </Form.Item>
        </Space>

        <Divider titlePlacement="start">规格与价格</Divider>
        <SkuEditor unit={unit} />

        <Divider titlePlacement="start">商品参数</Divider>
        <AttributeFields categoryId={leafId} />
        <Form.List name="extraAttrs">
          {(fields, { add, remove }) => (
            <Form.Item label="其他参数">
              {fields.map((f) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'name']} rules={attributeRules.name}><Input placeholder="参数名称" maxLength={20} style={{ width: 160 }} /></Form.Item>
                  <Form.Item name={[f.name, 'value']} rules={attributeRules.value}><Input placeholder="参数值" maxLength={100} style={{ width: 240 }} /></Form.Item>
                  <Button type="text" onClick={() => remove(f.name)}>删除</Button>
                </Space>
              ))}
              <Button type="dashed" size="small" onClick={() => add()}>添加参数</Button>
            </Form.Item>
          )}
        </Form.List>

        <Divider titlePlacement="start">图片与详情</Divider>
        <Form.Item name="images" label="商品图片" rules={rules.images} extra="最多5张，jpg/png，单张不超过10M；第一张为主图">
          <ImageUpload multiple max={5} />
        </Form.Item>
        <Form.Item name="description" label="商品详情" rules={rules.description}>
          <RichTextEditor />
        </Form.Item>
      </Form>
      <Space style={{ marginTop: 8 }}>
        <Button onClick={() => navigate('/customer/product')}>返回列表</Button>
        {!locked && <Button type={approved ? 'primary' : 'default'} loading={busy} onClick={() => void save(false).catch(() => undefined)}>{approved ? '保存修改' : '保存草稿'}</Button>}
        {!locked && !approved && <Button type="primary" loading={busy} onClick={() => void save(true).catch(() => undefined)}>保存并提交审核</Button>}
      </Space>
    </Card>
  );
}
