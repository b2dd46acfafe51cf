import { Button, Empty } from 'antd';
import { ExclamationCircleOutlined } from '@ant-design/icons';

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
      <Button size="small" onClick={onRetry}>
        重试
      </Button>
    </div>
  );
}

/** Nothing to show. */
export function EmptyState({ text = '暂无数据' }: { text?: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
