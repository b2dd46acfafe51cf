import { useEffect, useState } from 'react';
import { Alert, Button, Card, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import {
  NOTICE_CATEGORIES,
  NOTICE_CATEGORY_KEYS,
  NOTICE_CHANNEL_LABEL,
  NOTICE_CHANNELS,
  NOTICE_EVENT_KEYS,
  NOTICE_EVENTS,
  type NoticeCategory,
  type NoticeChannel,
  type NoticeSettings,
} from '@aquamall/shared';
import { LoadError } from '../../../components/Skeletons.tsx';
import { useNoticeSettings, useSaveNoticeSettings } from '../api/notice-settings.ts';

/** Half-hour steps of a China-time day for the quiet hours. */
const TIMES = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`).map(
  (v) => ({ value: v, label: v }),
);

/** The events of a category, for the row's description. */
const eventsOf = (cat: NoticeCategory) =>
  NOTICE_EVENT_KEYS.filter((k) => NOTICE_EVENTS[k].category === cat)
    .map((k) => NOTICE_EVENTS[k].label)
    .join('、');

/** Why a channel cannot reach the caller, or null when it can. */
function channelNote(s: NoticeSettings, ch: NoticeChannel): string | null {
  const c = s.channels[ch];
  if (!c.available) return '平台暂未开通';
  if (!c.bound) return ch === 'wechat' ? '未绑定微信' : ch === 'email' ? '未绑定邮箱' : '未绑定手机';
  return null;
}

/**
 * /customer/message/settings (消息设置, docs/product/notifications.md#settings): per category and channel
 * (SMS, WeChat, e-mail) whether trade events reach the user outside the workbench, and SMS quiet hours (China
 * time; texts are held until they end). A channel the platform has not switched on, or the user has not bound,
 * is shown as such and its switches are disabled.
 */
export default function NoticeSettingsPage() {
  const q = useNoticeSettings();
  const save = useSaveNoticeSettings();
  const [draft, setDraft] = useState<NoticeSettings | null>(null);
  useEffect(() => {
    if (q.data) setDraft(q.data);
  }, [q.data]);

  if (q.isError) return <LoadError onRetry={() => void q.refetch()} />;
  if (!draft) return <Card loading variant="borderless" title="消息设置" />;

  const set = (patch: Partial<NoticeSettings>) => setDraft({ ...draft, ...patch });
  const sameTimes = draft.quietOn && draft.quietStart === draft.quietEnd;
  const columns = [
    {
      title: '消息类别',
      key: 'category',
      render: (_: unknown, cat: NoticeCategory) => (
        <Space orientation="vertical" size={0}>
          <strong>{NOTICE_CATEGORIES[cat]}</strong>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {eventsOf(cat)}
          </Typography.Text>
        </Space>
      ),
    },
    ...NOTICE_CHANNELS.map((ch) => {
      const note = channelNote(draft, ch);
      return {
        title: (
          <Space orientation="vertical" size={0}>
            <span>{NOTICE_CHANNEL_LABEL[ch]}</span>
            {note ? <Tag>{note}</Tag> : <Typography.Text type="secondary" style={{ fontSize: 12 }}>{draft.channels[ch].target}</Typography.Text>}
          </Space>
        ),
        key: ch,
        width: 150,
        render: (_: unknown, cat: NoticeCategory) => (
          <Switch
            aria-label={`${NOTICE_CATEGORIES[cat]}${NOTICE_CHANNEL_LABEL[ch]}`}
            disabled={!!note}
            checked={!note && draft.choices[`${cat}.${ch}`] === true}
            onChange={(on) => set({ choices: { ...draft.choices, [`${cat}.${ch}`]: on } })}
          />
        ),
      };
    }),
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title="消息设置" variant="borderless">
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="站内消息始终送达工作台「我的消息」。以下设置决定重要交易动态是否同时通过短信、微信和邮件通知您本人。"
        />
        <Table<NoticeCategory>
          rowKey={(c) => c}
          dataSource={NOTICE_CATEGORY_KEYS}
          columns={columns}
          pagination={false}
          scroll={{ x: 640 }}
        />
      </Card>
      <Card title="短信免打扰" variant="borderless">
        <Space wrap size={12}>
          <Switch
            aria-label="开启短信免打扰"
            checked={draft.quietOn}
            onChange={(on) => set({ quietOn: on })}
          />
          <span>免打扰时段（北京时间）</span>
          <Select aria-label="免打扰开始" style={{ width: 100 }} options={TIMES} value={draft.quietStart} disabled={!draft.quietOn} onChange={(v) => set({ quietStart: v })} />
          <span>至</span>
          <Select aria-label="免打扰结束" style={{ width: 100 }} options={TIMES} value={draft.quietEnd} disabled={!draft.quietOn} onChange={(v) => set({ quietEnd: v })} />
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          免打扰时段内的短信不会丢失，将在时段结束后发送；微信和邮件不受影响。
        </Typography.Paragraph>
        {sameTimes && <Typography.Text type="danger">免打扰开始和结束时间不能相同</Typography.Text>}
      </Card>
      <div>
        <Button
          type="primary"
          loading={save.isPending}
          disabled={sameTimes}
          onClick={() =>
            save.mutate({ choices: draft.choices, quietOn: draft.quietOn, quietStart: draft.quietStart, quietEnd: draft.quietEnd })
          }
        >
          保存设置
        </Button>
      </div>
    </Space>
  );
}
