import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** Placeholder inside the mall layout; the mall feature replaces this file with the real page. */
export default function NoticePage() {
  return (
    <div className="am-container am-page">
      <ComingSoon title="行业资讯" />
    </div>
  );
}
