import { Alert, Button, Card, Empty, Space, Tag, Timeline, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { formatChinaDateTime, PARCEL_DELIVERED, PARCEL_STATES, type ParcelView, type TrackingAnswer } from '@aquamall/shared';
import { LoadError, SkeletonBlock } from './Skeletons.tsx';

const SUBSCRIPTION_WAITING = 0;
const SUBSCRIPTION_REFUSED = 2;

function stateTag(p: ParcelView) {
  if (p.state === null) return <Tag>待揽收</Tag>;
  const color = p.state === PARCEL_DELIVERED ? 'green' : p.state === 2 || p.state === 14 ? 'red' : 'blue';
  return <Tag color={color}>{PARCEL_STATES[p.state] ?? '在途'}</Tag>;
}

function emptyRoute(p: ParcelView): string {
  if (p.subscription === SUBSCRIPTION_REFUSED) return '承运商不受理该运单的跟踪，请凭运单号到承运商官网查询';
  if (p.subscription === SUBSCRIPTION_WAITING) return '正在订阅物流信息，稍后显示';
  return '暂无物流信息，承运商揽收后显示';
}

/** One parcel: carrier, number, state, 刷新, and its route newest first (docs/product/orders.md#parcel-tracking). */
function Parcel({ p, title, onRefresh, refreshing }: { p: ParcelView; title?: string; onRefresh: (id: number) => void; refreshing: boolean }) {
  return (
    <div className="am-parcel" data-testid={`parcel-${p.id}`} style={{ marginBottom: 16 }}>
      <Space wrap style={{ marginBottom: 8 }}>
        {title && <Typography.Text strong>{title}</Typography.Text>}
        <span>
          {p.carrierName} {p.trackingNo}
        </span>
        {stateTag(p)}
        {p.deliveredAt && <span style={{ color: '#8c8c8c' }}>签收于 {formatChinaDateTime(p.deliveredAt)}</span>}
        <Button size="small" icon={<ReloadOutlined />} loading={refreshing} onClick={() => onRefresh(p.id)}>
          刷新
        </Button>
      </Space>
      {p.events.length ? (
        <Timeline
          items={p.events.map((e, i) => ({
            color: i === 0 ? (p.state === PARCEL_DELIVERED ? 'green' : 'blue') : 'gray',
            children: (
              <div>
                <div>{e.context}</div>
                <div style={{ color: '#8c8c8c', fontSize: 12 }}>
                  {formatChinaDateTime(e.time)}
                  {e.status && ` · ${e.status}`}
                </div>
              </div>
            ),
          }))}
        />
      ) : (
        <Typography.Text type="secondary">{emptyRoute(p)}</Typography.Text>
      )}
    </div>
  );
}

/**
 * The 物流跟踪 card of an order or an after-sales return (`title`, `emptyText`): loading, error with retry, tracking off (the number alone,
 * no link), no tracked parcel, or each parcel's route. `titleOf` names a parcel (e.g. 第 1 次发货).
 */
export function ParcelTracking({
  query,
  refresh,
  titleOf,
  title = '物流跟踪',
  emptyText = '暂无可跟踪的包裹（发货时选择物流公司目录中的承运商才可跟踪）',
}: {
  query: { data?: TrackingAnswer; isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** The parcel's refresh mutation: the parcel it runs for (`variables`) shows the spinner. */
  refresh: { mutate: (parcelId: number) => void; isPending: boolean; variables?: number };
  titleOf?: (p: ParcelView) => string | undefined;
  /** The card's title (an after-sales return: 退货物流跟踪). */
  title?: string;
  /** What an answer without a tracked parcel says. */
  emptyText?: string;
}) {
  const body = () => {
    if (query.isLoading) return <SkeletonBlock height={80} />;
    if (query.isError || !query.data) return <LoadError onRetry={() => void query.refetch()} text="物流信息加载失败" />;
    const { data } = query;
    if (!data.enabled)
      return <Alert type="info" showIcon message="本平台未开通物流跟踪服务，请凭运单号到承运商官网或客服查询物流进度。" />;
    if (!data.parcels.length)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
    return data.parcels.map((p) => (
      <Parcel key={p.id} p={p} title={titleOf?.(p)} onRefresh={(id) => refresh.mutate(id)} refreshing={refresh.isPending && refresh.variables === p.id} />
    ));
  };
  return (
    <Card
      variant="borderless"
      title={title}
      extra={query.data?.sandbox ? <Tag color="orange">沙箱演示</Tag> : undefined}
    >
      {body()}
    </Card>
  );
}
