import { RequestList } from '../components/RequestList.tsx';

/** companyAccount/refundIndex: refund requests (the supplier confirms or rejects them). */
export default function RefundIndexPage() {
  return <RequestList kind={2} title="退款记录" />;
}
