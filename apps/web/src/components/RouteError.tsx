import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';

/** Shown when a page fails to load (e.g. the 120 s lazy-load limit) or throws while rendering. */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle={error?.message && /超时/.test(error.message) ? error.message : '请检查网络后重试'}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      }
    />
  );
}
