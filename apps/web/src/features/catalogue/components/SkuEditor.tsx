import { Button, Card, Form, Input, InputNumber, Select, Space, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { priceTier, skuInput, skuList, SKU_MAX, specNamesField, specValue, TIER_MAX, z } from '@aquamall/shared';
import { zodRule } from '../../../lib/form-rules.ts';

/** One SKU as the form holds it: spec values aligned with the product's spec names. */
export interface SkuFormRow {
  sysNo?: number;
  code: string;
  values: string[];
  /** Empty until the supplier types it. */
  price?: number;
  stock: number;
  lowStock: number;
  priceTiers: { minQty: number; price: number }[];
  /** Reserved by orders (read-only; stock may not go below it). */
  reserved?: number;
}

const rules = {
  code: [zodRule(skuInput.shape.code)],
  price: [zodRule(skuInput.shape.price)],
  stock: [zodRule(skuInput.shape.stock)],
  lowStock: [zodRule(skuInput.shape.lowStock)],
  tierQty: [zodRule(priceTier.shape.minQty)],
  tierPrice: [zodRule(priceTier.shape.price)],
  specNames: [zodRule(specNamesField)],
  specValue: [zodRule(specValue.shape.value)],
  skus: [zodRule(skuList(z.unknown()))],
};

/**
 * The SKU table of the editor: spec names (含量, 包装规格 …) chosen once, then one row per SKU with its values,
 * code, price, stock, low-stock threshold and quantity tiers (阶梯价).
 */
export function SkuEditor({ unit }: { unit: string }) {
  const specNames = (Form.useWatch('specNames') as string[] | undefined) ?? [];
  return (
    <>
      <Form.Item
        name="specNames"
        label="规格项"
        extra="如 含量、包装规格；每个规格项在下方为每个规格填写取值，最多3项"
        rules={rules.specNames}
      >
        <Select mode="tags" placeholder="输入后回车添加，如 含量" tokenSeparators={[',', '，']} open={false} style={{ maxWidth: 480 }} />
      </Form.Item>
      <Form.List
        name="skus"
        rules={rules.skus}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                style={{ marginBottom: 12, background: '#fafafa' }}
                title={`规格 ${index + 1}`}
                extra={
                  fields.length > 1 && (
                    <Tooltip title="删除该规格">
                      <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label="删除规格" />
                    </Tooltip>
                  )
                }
              >
                <Space wrap align="start" size={[12, 0]}>
                  {specNames.map((n, i) => (
                    <Form.Item key={n} name={[field.name, 'values', i]} label={n} rules={rules.specValue}>
                      <Input style={{ width: 130 }} placeholder={n} maxLength={40} />
                    </Form.Item>
                  ))}
                  <Form.Item name={[field.name, 'code']} label="规格编码" rules={rules.code}>
                    <Input style={{ width: 150 }} maxLength={40} placeholder="如 PAC-30-25KG" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'price']} label={`单价（元/${unit || '单位'}）`} rules={rules.price}>
                    <InputNumber style={{ width: 130 }} min={0.01} precision={2} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'stock']} label="库存" rules={rules.stock} tooltip="修改已有规格的库存会记为一次盘点">
                    <InputNumber style={{ width: 110 }} min={0} precision={0} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'lowStock']} label="预警库存" rules={rules.lowStock}>
                    <InputNumber style={{ width: 100 }} min={0} precision={0} />
                  </Form.Item>
                </Space>
                <Form.List name={[field.name, 'priceTiers']}>
                  {(tiers, tierOps) => (
                    <div>
                      <span style={{ marginRight: 8, color: '#595959' }}>阶梯价：</span>
                      {tiers.map((tier) => (
                        <Space key={tier.key} align="baseline" style={{ marginRight: 12 }}>
                          <Form.Item name={[tier.name, 'minQty']} rules={rules.tierQty} style={{ marginBottom: 8 }}>
                            <InputNumber min={2} precision={0} addonBefore="满" addonAfter={unit || '件'} style={{ width: 150 }} />
                          </Form.Item>
                          <Form.Item name={[tier.name, 'price']} rules={rules.tierPrice} style={{ marginBottom: 8 }}>
                            <InputNumber min={0.01} precision={2} addonAfter="元" style={{ width: 130 }} />
                          </Form.Item>
                          <Button type="text" size="small" onClick={() => tierOps.remove(tier.name)} aria-label="删除阶梯">
                            删除
                          </Button>
                        </Space>
                      ))}
                      {tiers.length < TIER_MAX && (
                        <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => tierOps.add()}>
                          添加阶梯
                        </Button>
                      )}
                    </div>
                  )}
                </Form.List>
              </Card>
            ))}
            <Form.ErrorList errors={errors} />
            {fields.length < SKU_MAX && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ code: '', values: [], stock: 0, lowStock: 0, priceTiers: [] })}>
                添加规格
              </Button>
            )}
          </>
        )}
      </Form.List>
    </>
  );
}
