import { Timeline } from 'antd';
import type { ReviewEventView } from '@aquamall/shared';
import { formatDateTime } from './format.ts';

const LABELS: Record<string, { text: string; color: string }> = {
  submit: { text: '提交申请', color: 'blue' },
  approve: { text: '审核通过', color: 'green' },
  reject: { text: '审核驳回', color: 'red' },
  verify_fail: { text: '实名核验未通过', color: 'red' },
  sign: { text: '签署服务协议', color: 'green' },
};

/** The history of a review: every submission and decision, oldest first. */
export function ReviewHistory({ history }: { history: ReviewEventView[] }) {
  if (!history.length) return null;
  return (
    <Timeline
      items={history.map((h) => ({
        color: LABELS[h.action]?.color ?? 'gray',
        children: (
          <div>
            <strong>{LABELS[h.action]?.text ?? h.action}</strong>
            <span style={{ color: 'var(--am-muted)', marginLeft: 12 }}>
              {formatDateTime(h.createdAt)} · {h.actorName}
            </span>
            {h.reason && <div style={{ color: '#cf1322' }}>原因：{h.reason}</div>}
          </div>
        ),
      }))}
    />
  );
}
