import { Link } from 'react-router';
import { Alert } from 'antd';

const WORDING = {
  /** An enquiry's award (授标). */
  enquiry: { title: '授标需审批', subject: '本询价的授标', verb: '授标', gap: 16 },
  /** A tender lot's award (定标). */
  lot: { title: '定标需审批', subject: '该标段的定标', verb: '定标', gap: 12 },
} as const;

/**
 * An award waiting as a purchase request (from the server's state, so a reload shows it too): no other award of the
 * enquiry or lot may be made until the request is decided (docs/product/approvals.md#awards).
 */
export function AwardWaiting({ request, of = 'enquiry' }: { request: { id: number; requestNo: string } | null; of?: keyof typeof WORDING }) {
  if (!request) return null;
  const w = WORDING[of];
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: w.gap }}
      data-testid="award-waiting"
      message={w.title}
      description={
        <span>
          {w.subject}已提交采购申请{' '}
          <Link to={`/customer/approval/request/${request.id}`} data-testid="purchase-request-link">
            {request.requestNo}
          </Link>
          ，审批通过后自动执行{w.verb}；审批期间不能重复{w.verb}。
        </span>
      }
    />
  );
}
