import { Link } from 'react-router';
import { Alert } from 'antd';

/**
 * 授标需审批: the enquiry's award waits as a purchase request (from the server's state, so a reload shows it too);
 * no other award may be made until the request is decided (docs/product/approvals.md#awards).
 */
export function AwardWaiting({ request }: { request: { id: number; requestNo: string } | null }) {
  if (!request) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="award-waiting"
      message="授标需审批"
      description={
        <span>
          本询价的授标已提交采购申请{' '}
          <Link to={`/customer/approval/request/${request.id}`} data-testid="purchase-request-link">
            {request.requestNo}
          </Link>
          ，审批通过后自动执行授标；审批期间不能重复授标。
        </span>
      }
    />
  );
}
