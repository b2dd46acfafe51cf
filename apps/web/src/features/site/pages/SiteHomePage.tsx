export default function SiteHomePage() {
  return <div className="am-container">B2B企业服务平台</div>;
}
