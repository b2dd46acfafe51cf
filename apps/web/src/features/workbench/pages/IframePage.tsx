import { useSearchParams } from 'react-router';
import { Card, Result, Spin } from 'antd';
import { useSiteFeatures } from '../../../lib/site-features.ts';
import { frameRefusal, safeEmbedUrl } from '../lib/gates.ts';

/**
 * iframecontainer: embeds the external page of the encoded `uri` query. Only http(s) pages on the hosts the
 * server allows (FRAME_HOSTS) are framed, sandboxed without allow-same-origin, so the framed page can never
 * act as our origin; the server's CSP frame-src holds the same list.
 */
export default function IframePage() {
  const [params] = useSearchParams();
  const features = useSiteFeatures();
  const url = safeEmbedUrl(params.get('uri'));
  if (!url)
    return (
      <Result
        status="warning"
        title="页面地址无效"
        subTitle="只能打开以 http:// 或 https:// 开头的页面地址。"
      />
    );
  if (features === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const refusal = frameRefusal(url, features?.frameHosts ?? []);
  if (refusal) return <Result status="warning" title="无法打开该页面" subTitle={refusal} />;
  return (
    <Card title={params.get('title') || '外部页面'} variant="borderless" styles={{ body: { padding: 0 } }}>
      <iframe
        title={params.get('title') || '外部页面'}
        src={url}
        style={{ width: '100%', height: 'calc(100vh - 180px)', border: 0 }}
        sandbox="allow-scripts allow-forms allow-popups"
        referrerPolicy="no-referrer"
      />
    </Card>
  );
}
