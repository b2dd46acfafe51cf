import { formatChinaDateTime } from '@aquamall/shared';
import { Timeline } from 'antd';
import type { ReviewEventView } from '@aquamall/shared';

const LABEL: Record<string, [string, string]> = {
  submit: ['提交', 'blue'],
  approve: ['通过', 'green'],
  reject: ['驳回', 'red'],
  verify_fail: ['实名核验未通过', 'red'],
  sign: ['签署协议', 'green'],
};

/** Every submission and decision of a review, oldest first. */
export function History({ history }: { history: ReviewEventView[] }) {
  return (
    <Timeline
      items={history.map((h) => ({
        color: LABEL[h.action]?.[1] ?? 'gray',
        children: (
          <span>
            <strong>{LABEL[h.action]?.[0] ?? h.action}</strong> · {h.actorName} · {formatChinaDateTime(h.createdAt, '—', true)}
            {h.reason && <div style={{ color: '#cf1322' }}>原因：{h.reason}</div>}
          </span>
        ),
      }))}
    />
  );
}
