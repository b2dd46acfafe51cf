import { useRouteError } from 'react-router';

/** Shown when a page fails to load (e.g. the 120 s lazy-load limit) or throws while rendering. Kept free of heavy widgets: it is part of the first load. */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  return (
    <div className="am-route-error" role="alert">
      <div className="am-route-error-icon" aria-hidden>
        !
      </div>
      <h2>页面加载失败</h2>
      <p>{error?.message && /超时/.test(error.message) ? error.message : '请检查网络后重试'}</p>
      <button type="button" className="am-btn am-btn-primary" onClick={() => window.location.reload()}>
        重新加载
      </button>
    </div>
  );
}
