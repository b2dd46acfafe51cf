import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** Placeholder inside the mall layout; the mall feature replaces this file with the real page. */
export default function EnquiryDetailPage() {
  return (
    <div className="am-container am-page">
      <ComingSoon title="询价详情" />
    </div>
  );
}
