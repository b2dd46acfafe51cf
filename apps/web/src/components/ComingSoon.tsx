import { Result } from 'antd';

/** A routed page whose full feature arrives with a later issue. */
export function ComingSoon({ title }: { title: string }) {
  return <Result status="info" title={title} subTitle="该功能正在建设中，敬请期待" />;
}
