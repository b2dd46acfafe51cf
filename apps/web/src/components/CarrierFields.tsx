import { Form, Input, Select } from 'antd';
import type { FormRule } from 'antd';
import type { RuleObject, RuleRender } from 'antd/es/form';
import { CARRIERS, carrierOf, trackingNoProblem, type CarrierCode } from '@aquamall/shared';
import { problemRule } from '../lib/form-rules.ts';

/**
 * The carrier and tracking number of a parcel (an order's shipment, an after-sales return): the carrier is picked
 * from the logistics partner's catalogue (tracked), or typed by name under 其他物流公司 (shown, not tracked); the
 * number must fit the picked carrier — the server checks the same (packages/shared/src/logistics.ts).
 */
export const OTHER_CARRIER = 'other';
export const CARRIER_OPTIONS = [
  ...CARRIERS.map((c) => ({ value: c.code, label: c.name })),
  { value: OTHER_CARRIER, label: '其他物流公司（不提供跟踪）' },
];
const carrierPicked = [problemRule((v: string | undefined) => (v ? null : '请选择物流公司'), true)];
const fitsCarrier: RuleRender = ({ getFieldValue }) => {
  const code: unknown = getFieldValue('carrierCode');
  return problemRule((v: string | undefined) =>
    typeof code === 'string' && code !== OTHER_CARRIER && v?.trim() ? trackingNoProblem(code, v) : null,
  ) as RuleObject;
};

/** The form's carrier values as a command takes them: a catalogue carrier by code and name, another by name. */
export const carrierOfForm = (v: { carrierCode: string; carrier?: string }) => {
  const c = carrierOf(v.carrierCode);
  return c ? { carrier: c.name, carrierCode: c.code as CarrierCode } : { carrier: v.carrier ?? '' };
};

/** Form fields `carrierCode`, `carrier` (only for 其他物流公司) and `trackingNo`, with the command's own rules. */
export function CarrierFields({
  rules,
  selectWidth,
  inputWidth,
}: {
  rules: { carrier?: FormRule[]; trackingNo?: FormRule[] };
  selectWidth?: number;
  inputWidth?: number;
}) {
  return (
    <>
      <Form.Item name="carrierCode" label="物流公司" rules={carrierPicked}>
        <Select
          showSearch
          optionFilterProp="label"
          options={CARRIER_OPTIONS}
          placeholder="请选择物流公司"
          aria-label="物流公司"
          style={selectWidth ? { width: selectWidth } : undefined}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.carrierCode !== b.carrierCode}>
        {({ getFieldValue }) =>
          getFieldValue('carrierCode') === OTHER_CARRIER && (
            <Form.Item name="carrier" label="物流公司名称" rules={rules.carrier} extra="目录外的承运商不提供物流跟踪">
              <Input maxLength={50} placeholder="例如：本地货运" style={inputWidth ? { width: inputWidth } : undefined} />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item name="trackingNo" label="运单号" dependencies={['carrierCode']} rules={[...(rules.trackingNo ?? []), fitsCarrier]}>
        <Input maxLength={50} placeholder="运单号" style={inputWidth ? { width: inputWidth } : undefined} />
      </Form.Item>
    </>
  );
}
