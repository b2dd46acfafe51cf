import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/** The errors of parcel tracking by identity (docs/errors.md). */
export const trackingErrors = defineErrors({
  TRACKING_OFF: { kind: 'invalid', message: '物流跟踪服务暂未开通' },
  TRACKING_QUERY_FAILED: { kind: 'failed', message: '物流查询暂时不可用，请稍后再试' },
  TRACKING_REFRESH_TOO_SOON: {
    kind: 'conflict',
    message: (p: { minutes: number }) => `刷新过于频繁，请 ${p.minutes} 分钟后再试`,
  },
});

export const fail = raiserOf(trackingErrors);
