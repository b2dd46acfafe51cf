import { RequestList } from '../components/RequestList.tsx';

/** companyAccount/rechargeIndex: the purchaser's recharges (充值记录) with their state. */
export default function RechargeIndexPage() {
  return <RequestList kind={1} title="充值记录" />;
}
