import { ExclamationCircleOutlined, InboxOutlined } from '@ant-design/icons';

// Plain markup on purpose: these render on the mall's first screen, which must stay light (decision 0030).

/** Grey placeholder blocks while data loads (no layout jump when it arrives). */
export function SkeletonBlock({ height, width = '100%', radius = 6 }: { height: number; width?: number | string; radius?: number }) {
  return <div className="am-skeleton" style={{ height, width, borderRadius: radius }} aria-hidden />;
}

/** A section that failed to load, with a retry button. */
export function LoadError({ onRetry, text = '数据加载失败' }: { onRetry: () => void; text?: string }) {
  return (
    <div className="am-load-error" role="alert">
      <ExclamationCircleOutlined className="am-load-error-icon" />
      <div className="am-load-error-title">{text}</div>
      <div className="am-load-error-sub">请检查网络后重试</div>
      <button type="button" className="am-btn am-btn-sm" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}

/** Nothing to show. */
export function EmptyState({ text = '暂无数据' }: { text?: string }) {
  return (
    <div className="am-empty">
      <InboxOutlined className="am-empty-icon" />
      <div>{text}</div>
    </div>
  );
}
