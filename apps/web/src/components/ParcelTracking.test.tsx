import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { PARCEL_DELIVERED, type ParcelView, type TrackingAnswer } from '@aquamall/shared';
import { ParcelTracking } from './ParcelTracking.tsx';

afterEach(cleanup);

const parcel = (over: Partial<ParcelView> = {}): ParcelView => ({
  id: 7,
  shipmentId: 3,
  rmaId: null,
  carrierCode: 'shunfeng',
  carrierName: '顺丰速运',
  trackingNo: 'SF1234567890123',
  state: null,
  subscription: 1,
  deliveredAt: null,
  lastQueriedAt: null,
  events: [],
  ...over,
});

const answer = (over: Partial<TrackingAnswer>): { data: TrackingAnswer; isLoading: boolean; isError: boolean; refetch: () => unknown } => ({
  data: { enabled: true, sandbox: false, parcels: [], ...over },
  isLoading: false,
  isError: false,
  refetch: vi.fn(),
});
const idle = { mutate: vi.fn(), isPending: false };

describe('ParcelTracking', () => {
  it('a deployment without the tracking partner says so without any link', () => {
    const { container } = render(<ParcelTracking query={answer({ enabled: false })} refresh={idle} />);
    expect(container.textContent).toContain('本平台未开通物流跟踪服务，请凭运单号到承运商官网或客服查询物流进度。');
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('[data-testid^="parcel-"]')).toBeNull();
  });

  it('shows the empty text, a load error with retry, and each parcel’s route newest first with 签收', () => {
    const { container, rerender, getByRole } = render(<ParcelTracking query={answer({})} refresh={idle} emptyText="没有包裹" />);
    expect(container.textContent).toContain('没有包裹');
    const failed = { data: undefined, isLoading: false, isError: true, refetch: vi.fn() };
    rerender(<ParcelTracking query={failed} refresh={idle} />);
    expect(container.textContent).toContain('物流信息加载失败');
    fireEvent.click(getByRole('button'));
    expect(failed.refetch).toHaveBeenCalled();

    const delivered = parcel({
      state: PARCEL_DELIVERED,
      deliveredAt: '2026-12-07T06:00:00.000Z',
      events: [
        { time: '2026-12-07T06:00:00.000Z', context: '已签收，签收人：前台', status: '签收', areaName: '上海市' },
        { time: '2026-12-06T02:00:00.000Z', context: '快件已揽收', status: '揽收', areaName: '杭州市' },
      ],
    });
    const refresh = { mutate: vi.fn(), isPending: false };
    rerender(<ParcelTracking query={answer({ sandbox: true, parcels: [delivered] })} refresh={refresh} titleOf={() => '第 1 次发货'} />);
    const text = container.textContent ?? '';
    expect(text).toContain('第 1 次发货');
    expect(text).toContain('顺丰速运 SF1234567890123');
    expect(text).toContain('签收于 2026-12-07 14:00');
    expect(text).toContain('沙箱演示');
    expect(text.indexOf('已签收，签收人：前台')).toBeLessThan(text.indexOf('快件已揽收'));
    fireEvent.click(getByRole('button', { name: /刷新/ }));
    expect(refresh.mutate).toHaveBeenCalledWith(7);
  });
});
