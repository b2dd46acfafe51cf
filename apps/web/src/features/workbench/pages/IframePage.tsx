import { useSearchParams } from 'react-router';
import { Card, Result } from 'antd';
import { safeEmbedUrl } from '../lib/gates.ts';

/** iframecontainer: embeds the external page of the encoded `uri` query; only http(s) pages are allowed. */
export default function IframePage() {
  const [params] = useSearchParams();
  const url = safeEmbedUrl(params.get('uri'));
  if (!url)
    return (
      <Result
        status="warning"
        title="页面地址无效"
        subTitle="只能打开以 http:// 或 https:// 开头的页面地址。"
      />
    );
  return (
    <Card title={params.get('title') || '外部页面'} variant="borderless" styles={{ body: { padding: 0 } }}>
      <iframe
        title={params.get('title') || '外部页面'}
        src={url}
        style={{ width: '100%', height: 'calc(100vh - 180px)', border: 0 }}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        referrerPolicy="no-referrer"
      />
    </Card>
  );
}
