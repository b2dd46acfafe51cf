import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** Placeholder inside the mall layout; the mall feature replaces this file with the real page. */
export default function ShopHomePage() {
  return (
    <div className="am-container am-page">
      <ComingSoon title="店铺首页" />
    </div>
  );
}
