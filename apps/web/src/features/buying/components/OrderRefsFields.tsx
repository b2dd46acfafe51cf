import { Form, Input, Switch, Typography, type FormInstance } from 'antd';
import { checkoutGroupRefs } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import type { OrderRefsValues } from '../lib/order-refs.ts';

const rules = formRules(checkoutGroupRefs);

/**
 * 采购单号 and 成本中心 on the checkout page (optional): one pair for every order of the submission, or, with
 * 按供应商分别填写, one pair per supplier's order. Validated with the submit contract's own rules.
 */
export function OrderRefsFields({
  form,
  groups,
}: {
  form: FormInstance<OrderRefsValues>;
  groups: readonly { sellerCompanyId: number; shopName: string }[];
}) {
  const perGroup = Form.useWatch('perGroup', form);
  return (
    <section className="buy-block" data-testid="order-refs">
      <Typography.Title level={5}>采购单号 / 成本中心（选填）</Typography.Title>
      <Form form={form} layout="inline" autoComplete="off">
        <Form.Item name="poNumber" label="采购单号" rules={rules.poNumber}>
          <Input allowClear maxLength={40} placeholder="贵公司的采购单号或内部单号" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="costCentre" label="成本中心" rules={rules.costCentre}>
          <Input allowClear maxLength={40} placeholder="如 研发部-001" style={{ width: 180 }} />
        </Form.Item>
        {groups.length > 1 && (
          <Form.Item name="perGroup" label="按供应商分别填写" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        {perGroup &&
          groups.length > 1 &&
          groups.map((g) => (
            <div key={g.sellerCompanyId} style={{ display: 'flex', flexWrap: 'wrap', width: '100%', marginTop: 8 }}>
              <Typography.Text style={{ minWidth: 140, lineHeight: '32px' }}>{g.shopName || '供应商'}</Typography.Text>
              <Form.Item name={['groups', String(g.sellerCompanyId), 'poNumber']} rules={rules.poNumber}>
                <Input allowClear maxLength={40} placeholder="采购单号（空则用上面的）" style={{ width: 220 }} />
              </Form.Item>
              <Form.Item name={['groups', String(g.sellerCompanyId), 'costCentre']} rules={rules.costCentre}>
                <Input allowClear maxLength={40} placeholder="成本中心（空则用上面的）" style={{ width: 180 }} />
              </Form.Item>
            </div>
          ))}
      </Form>
    </section>
  );
}
