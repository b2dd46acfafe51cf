import { RequestList } from '../components/RequestList.tsx';

/** companyAccount/customerRecharge (supplier): customers' recharges to confirm, and 客户充值 entered directly. */
export default function CustomerRechargePage() {
  return <RequestList kind={1} title="客户充值" customerRecharge />;
}
