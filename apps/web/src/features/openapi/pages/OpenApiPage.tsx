import { useState } from 'react';
import { Alert, Button, Form, Popconfirm, Select, Skeleton, Space, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  API_SCOPES,
  WEBHOOK_EVENTS,
  formatChinaDateTime,
  type ApiCallRow,
  type ApiKeyRow,
  type WebhookDeliveryRow,
  type WebhookRow,
} from '@aquamall/shared';
import { DateRangeItem, dateParams, FilterForm, ListPage, ListTable, useListParams, type DateRange } from '../../../components/ListPage.tsx';
import {
  useApiCalls,
  useApiKeys,
  useDeliveries,
  useDeleteWebhook,
  useEnableWebhook,
  useOpenApiStatus,
  useRedeliver,
  useRevokeKey,
  useRotateKey,
  useWebhooks,
} from '../api/openapi.ts';
import { ApiKeyModal } from '../components/ApiKeyModal.tsx';
import { SecretModal } from '../components/SecretModal.tsx';
import { SigningGuide } from '../components/SigningGuide.tsx';
import { WebhookModal } from '../components/WebhookModal.tsx';

const scopeName = (code: string) => API_SCOPES.find((s) => s.code === code)?.name ?? code;
const eventName = (code: string) => WEBHOOK_EVENTS.find((e) => e.code === code)?.name ?? code;
const when = (v: string | null) => (v ? formatChinaDateTime(v) : '—');
const DELIVERY_STATUS: Record<number, { text: string; color: string }> = {
  0: { text: '待推送', color: 'processing' },
  1: { text: '已送达', color: 'success' },
  2: { text: '已放弃', color: 'error' },
};

type Shown = { title: string; items: { label: string; value: string }[] } | null;

function KeysTab({ onSecret }: { onSecret: (s: Shown) => void }) {
  const { params, page } = useListParams({});
  const list = useApiKeys(params, true);
  const rotate = useRotateKey();
  const revoke = useRevokeKey();
  const [creating, setCreating] = useState(false);
  const columns: TableColumnsType<ApiKeyRow> = [
    {
      title: '名称',
      dataIndex: 'name',
      width: 170,
      render: (v: string, r) => (
        <>
          <div style={{ wordBreak: 'break-all' }}>{v}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            创建于 {when(r.createdAt)}
          </Typography.Text>
        </>
      ),
    },
    { title: 'AccessKey ID', dataIndex: 'accessKeyId', width: 230, render: (v: string) => <Typography.Text code copyable>{v}</Typography.Text> },
    {
      title: '权限范围',
      dataIndex: 'scopes',
      width: 200,
      render: (s: string[]) => (
        <Space size={[0, 4]} wrap>
          {s.map((c) => (
            <Tag key={c}>{scopeName(c)}</Tag>
          ))}
        </Space>
      ),
    },
    { title: '状态', dataIndex: 'revokedAt', width: 80, render: (v: string | null) => (v ? <Tag>已停用</Tag> : <Tag color="success">有效</Tag>) },
    { title: '调用次数', dataIndex: 'useCount', width: 90 },
    { title: '最近调用', dataIndex: 'lastUsedAt', width: 150, render: when },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      // Always in sight: the table scrolls sideways on a phone, its actions stay at the right edge.
      fixed: 'right',
      render: (_, r) =>
        r.revokedAt ? null : (
          <Space size={0}>
            <Popconfirm
              title="轮换密钥？"
              description="旧密钥立即失效，请及时更新 ERP 配置。"
              onConfirm={async () => {
                const s = await rotate.mutateAsync(r.id);
                onSecret({ title: '新的密钥', items: [{ label: 'AccessKey ID', value: s.accessKeyId }, { label: 'Secret', value: s.secret }] });
              }}
            >
              <Button type="link" size="small">轮换</Button>
            </Popconfirm>
            <Popconfirm title="停用密钥？" description="停用后立即拒绝该密钥的所有调用，不可恢复。" okButtonProps={{ danger: true }} onConfirm={() => revoke.mutateAsync(r.id)}>
              <Button type="link" size="small" danger>停用</Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];
  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          创建密钥
        </Button>
      </div>
      <ListTable<ApiKeyRow>
        rowKey="id"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="密钥列表加载失败"
        emptyText="暂无密钥，创建后即可在 ERP 中调用开放接口"
        showTotal={(total) => `共 ${total} 个密钥`}
      />
      <ApiKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(s) => {
          setCreating(false);
          onSecret({ title: '密钥已创建', items: [{ label: 'AccessKey ID', value: s.accessKeyId }, { label: 'Secret', value: s.secret }] });
        }}
      />
    </>
  );
}

function WebhooksTab({ onSecret, onDeliveries }: { onSecret: (s: Shown) => void; onDeliveries: (endpointId: number) => void }) {
  const { params, page } = useListParams({});
  const list = useWebhooks(params, true);
  const enable = useEnableWebhook();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const columns: TableColumnsType<WebhookRow> = [
    {
      title: '接收地址',
      dataIndex: 'url',
      width: 280,
      render: (v: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{v}</Typography.Text>,
    },
    {
      title: '事件',
      dataIndex: 'events',
      width: 280,
      render: (s: string[]) => (
        <Space size={[0, 4]} wrap>
          {s.map((c) => (
            <Tag key={c}>{eventName(c)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 160,
      render: (on: boolean, r) => (on ? <Tag color="success">启用</Tag> : <Space orientation="vertical" size={0}><Tag color="error">已停用</Tag><Typography.Text type="secondary">{r.disabledReason}</Typography.Text></Space>),
    },
    { title: '连续失败', dataIndex: 'consecutiveFailures', width: 90 },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => onDeliveries(r.id)}>
            推送记录
          </Button>
          {!r.enabled && (
            <Button type="link" size="small" onClick={() => void enable.mutateAsync(r.id).catch(() => undefined)}>
              启用
            </Button>
          )}
          <Popconfirm title="删除接收地址？" description="未送达的推送将不再发送。" okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(r.id)}>
            <Button type="link" size="small" danger>删除</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          添加接收地址
        </Button>
      </div>
      <ListTable<WebhookRow>
        rowKey="id"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="接收地址加载失败"
        emptyText="暂无接收地址"
        showTotal={(total) => `共 ${total} 个接收地址`}
      />
      <WebhookModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(s) => {
          setCreating(false);
          onSecret({ title: '接收地址已添加', items: [{ label: '签名密钥', value: s.secret }] });
        }}
      />
    </>
  );
}

/**
 * The delivery log (推送记录), newest first, of every endpoint or of one (`endpointId`, chosen here or from an
 * endpoint's 推送记录 link); each row names the address it went to.
 */
function DeliveriesTab({ endpointId, onEndpoint }: { endpointId: number | undefined; onEndpoint: (id: number | undefined) => void }) {
  const { params, page } = useListParams({});
  const list = useDeliveries({ ...params, endpointId }, true);
  // The company's addresses (at most 10): the filter's options and each row's address.
  const endpoints = useWebhooks({ pageIndex: 1, pageSize: 50 }, true);
  const urlOf = (id: number) => endpoints.data?.list.find((w) => w.id === id)?.url ?? '（已删除的地址）';
  const redeliver = useRedeliver();
  const columns: TableColumnsType<WebhookDeliveryRow> = [
    {
      title: '事件',
      dataIndex: 'eventType',
      width: 190,
      render: (v: string, r) => (
        <>
          <div>{eventName(v)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {r.eventId}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '接收地址',
      dataIndex: 'endpointId',
      width: 200,
      render: (id: number) => <span style={{ wordBreak: 'break-all' }}>{urlOf(id)}</span>,
    },
    { title: '状态', dataIndex: 'status', width: 80, render: (s: number) => <Tag color={DELIVERY_STATUS[s]?.color}>{DELIVERY_STATUS[s]?.text}</Tag> },
    { title: '尝试次数', dataIndex: 'attempts', width: 80 },
    { title: '响应码', dataIndex: 'lastStatusCode', width: 80, render: (v: number | null) => v ?? '—' },
    {
      title: '错误',
      dataIndex: 'lastError',
      width: 140,
      render: (v: string | null) =>
        v ? (
          <Typography.Text ellipsis={{ tooltip: v }} style={{ width: 116 }}>
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: '时间',
      key: 'when',
      width: 180,
      render: (_, r) => (
        <>
          <div>{when(r.createdAt)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.status === 1 ? `送达 ${when(r.deliveredAt)}` : r.status === 0 ? `下次推送 ${when(r.nextAttemptAt)}` : '已放弃'}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" loading={redeliver.isPending && redeliver.variables === r.id} onClick={() => void redeliver.mutateAsync(r.id).catch(() => undefined)}>
          重新推送
        </Button>
      ),
    },
  ];
  const filtered = endpointId !== undefined;
  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <Select<number>
          allowClear
          aria-label="接收地址"
          placeholder="全部接收地址"
          style={{ width: 360, maxWidth: '100%' }}
          value={endpointId}
          onChange={(v) => {
            onEndpoint(v ?? undefined);
            page(1, params.pageSize);
          }}
          options={(endpoints.data?.list ?? []).map((w) => ({ value: w.id, label: w.url }))}
          loading={endpoints.isFetching}
        />
      </div>
      <ListTable<WebhookDeliveryRow>
        rowKey="id"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="推送记录加载失败"
        emptyText={filtered ? '该接收地址暂无推送记录' : '暂无推送记录：订阅的事件发生后，每次推送都会记录在这里'}
        showTotal={(total) => `共 ${total} 条`}
      />
    </>
  );
}

type CallFilters = { keyId?: number; range?: DateRange };

/**
 * The call log (调用记录): every signed call of the company's keys, answered or refused, newest first; by key and
 * by China days. Kept 90 days.
 */
function CallsTab() {
  const [form] = Form.useForm<CallFilters>();
  const { params, page, reset } = useListParams<{ keyId?: number; dateFrom?: string; dateTo?: string }>({});
  const list = useApiCalls(params, true);
  // The company's keys (at most 10 active, revoked ones too): the filter's options.
  const keys = useApiKeys({ pageIndex: 1, pageSize: 50 }, true);
  const filtered = params.keyId !== undefined || !!params.dateFrom || !!params.dateTo;
  const columns: TableColumnsType<ApiCallRow> = [
    { title: '时间', dataIndex: 'at', width: 160, render: (v: string) => formatChinaDateTime(v, '—', true) },
    {
      title: '密钥',
      dataIndex: 'keyName',
      width: 180,
      render: (v: string, r) => (
        <>
          <div style={{ wordBreak: 'break-all' }}>{v}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.accessKeyId}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '接口',
      dataIndex: 'route',
      width: 220,
      render: (v: string, r) => (
        <span style={{ wordBreak: 'break-all' }}>
          <Tag>{r.method}</Tag>
          {v}
        </span>
      ),
    },
    {
      title: '结果',
      dataIndex: 'code',
      width: 190,
      render: (code: number | null, r) =>
        code === 0 ? (
          <Tag color="success">成功</Tag>
        ) : (
          <Space orientation="vertical" size={0}>
            <Tag color="error">{code === null ? `HTTP ${r.httpStatus}` : `失败（code ${code}）`}</Tag>
            {r.errorId && (
              <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                {r.errorId}
              </Typography.Text>
            )}
          </Space>
        ),
    },
    { title: '来源 IP', dataIndex: 'ip', width: 140, render: (v: string) => v || '—' },
    { title: '耗时', dataIndex: 'durationMs', width: 90, render: (v: number) => `${v} ms` },
  ];
  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <FilterForm<CallFilters> form={form} onSearch={(v) => reset({ keyId: v.keyId, ...dateParams(v.range) })}>
          <Form.Item name="keyId" label="密钥">
            <Select<number>
              allowClear
              aria-label="密钥"
              placeholder="全部密钥"
              style={{ width: 220, maxWidth: '100%' }}
              options={(keys.data?.list ?? []).map((k) => ({ value: k.id, label: `${k.name}（${k.accessKeyId}）` }))}
              loading={keys.isFetching}
            />
          </Form.Item>
          <DateRangeItem label="调用日期" />
        </FilterForm>
      </div>
      <ListTable<ApiCallRow>
        rowKey="id"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="调用记录加载失败"
        emptyText={filtered ? '没有符合条件的调用记录' : '暂无调用记录：ERP 用密钥签名调用接口后，每次调用（含被拒绝的）都会记录在这里，保留 90 天'}
        showTotal={(total) => `共 ${total} 条`}
      />
    </>
  );
}

/** 开放平台 (docs/product/open-platform.md): API keys, webhook endpoints and the delivery log; company administrators only. */
export default function OpenApiPage() {
  const status = useOpenApiStatus();
  const [shown, setShown] = useState<Shown>(null);
  const [tab, setTab] = useState('keys');
  const [deliveriesOf, setDeliveriesOf] = useState<number | undefined>(undefined);
  const off = status.data && !status.data.enabled;
  const notAdmin = status.data && !status.data.isAdmin;
  return (
    <ListPage title="开放平台">
      {status.isPending && <Skeleton active paragraph={{ rows: 4 }} data-testid="openapi-loading" />}
      {status.isError && (
        <Alert
          type="error"
          showIcon
          title="开放平台状态加载失败"
          action={
            <Button size="small" onClick={() => void status.refetch()}>
              重试
            </Button>
          }
        />
      )}
      {off && <Alert type="info" showIcon title="开放平台未启用：请联系平台管理员配置 OPENAPI_MASTER_KEY。" />}
      {notAdmin && <Alert type="info" showIcon title="只有企业管理员可以管理开放平台。" />}
      {status.data?.enabled && status.data.isAdmin && (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={
              <>
                ERP 用 API 密钥对每个请求签名（HMAC-SHA256），调用与工作台相同的接口；事件推送把订单等变化推送到 ERP
                的接收地址。签名方法、可调用的接口与示例见{' '}
                <Typography.Link href="/api/docs" target="_blank" rel="noreferrer">
                  API 文档
                </Typography.Link>
                。
              </>
            }
          />
          <SigningGuide />
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'keys', label: 'API 密钥', children: <KeysTab onSecret={setShown} /> },
              { key: 'calls', label: '调用记录', children: <CallsTab /> },
              {
                key: 'webhooks',
                label: '事件推送',
                children: (
                  <WebhooksTab
                    onSecret={setShown}
                    onDeliveries={(id) => {
                      setDeliveriesOf(id);
                      setTab('deliveries');
                    }}
                  />
                ),
              },
              { key: 'deliveries', label: '推送记录', children: <DeliveriesTab endpointId={deliveriesOf} onEndpoint={setDeliveriesOf} /> },
            ]}
          />
        </>
      )}
      <SecretModal shown={shown} onClose={() => setShown(null)} />
    </ListPage>
  );
}
