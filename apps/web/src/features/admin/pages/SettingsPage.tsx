import { useState } from 'react';
import { Alert, Button, Card, Input, List, Modal, Tabs } from 'antd';
import { HOT_KEYWORDS, formatChinaDateTime } from '@aquamall/shared';
import type { InputOf } from '../../../lib/api.ts';
import { consoleCommand, useConsoleQuery } from '../api/admin.ts';
import { HotKeywordsForm, SiteInfoForm, StatisticsForm } from '../components/SiteSettingsForms.tsx';
import { PlatformBankForm } from '../components/PlatformBankForm.tsx';

/** A setting's value is any JSON; the forms below build it from what they edit. */
type SettingValue = InputOf<'adminSettingSave'>['value'];
const saveSetting = consoleCommand('adminSettingSave');
const LABELS: Record<string, string> = {
  site: '站点信息（备案号、公众号二维码、客服电话、版权）',
  statistics: '首页统计数据',
  hot_keywords: '热门搜索词',
  hotKeywords: '热门搜索词',
  platform_bank: '平台收款账户（会员费对公转账）',
};

/** Console: site settings — filing numbers, QR code, statistics, hot keywords — edited as JSON. */
export default function SettingsPage() {
  const { data, refetch } = useConsoleQuery('adminSettingList');
  const [edit, setEdit] = useState<{ key: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const get = (key: string) => data?.find((s) => s.key === key)?.value;
  const save = async (key: string, value: unknown) => {
    await saveSetting({ key, value: value as SettingValue });
    await refetch();
  };
  const raw = (
      <List
        dataSource={data}
        renderItem={(s) => (
          <List.Item actions={[<Button key="e" type="link" onClick={() => { setError(null); setEdit({ key: s.key, text: JSON.stringify(s.value, null, 2) }); }}>编辑</Button>]}>
            <List.Item.Meta title={`${LABELS[s.key] ?? s.key}（${s.key}）`} description={`更新于 ${formatChinaDateTime(s.updatedAt)}`} />
          </List.Item>
        )}
      />
  );
  return (
    <Card title="站点设置" extra={<Button onClick={() => setEdit({ key: '', text: '{}' })}>新增设置项</Button>}>
      <Tabs
        items={[
          { key: 'site', label: '站点信息与备案', children: <SiteInfoForm value={get('site') as Record<string, unknown> | undefined} onSave={save} /> },
          { key: 'statistics', label: '首页统计', children: <StatisticsForm value={get('statistics') as unknown[] | undefined} onSave={save} /> },
          { key: 'bank', label: '平台收款账户', children: <PlatformBankForm /> },
          { key: 'hot', label: '热门搜索词', children: <HotKeywordsForm value={(get('hot_keywords') as string[] | undefined) ?? [...HOT_KEYWORDS]} onSave={save} /> },
          { key: 'raw', label: '全部设置（JSON）', children: raw },
        ]}
      />
      <Modal
        open={!!edit}
        width={720}
        title={edit?.key ? `编辑：${LABELS[edit.key] ?? edit.key}` : '新增设置项'}
        onCancel={() => setEdit(null)}
        onOk={async () => {
          if (!edit) return;
          let value: SettingValue;
          try {
            value = JSON.parse(edit.text) as SettingValue;
          } catch {
            setError('内容不是有效的JSON');
            return;
          }
          await saveSetting({ key: edit.key, value });
          setEdit(null);
          await refetch();
        }}
      >
        {edit && (
          <>
            <Input value={edit.key} disabled={!!data?.some((s) => s.key === edit.key)} placeholder="设置项名称（英文小写）" onChange={(e) => setEdit({ ...edit, key: e.target.value })} style={{ marginBottom: 8 }} />
            {error && <Alert type="error" message={error} style={{ marginBottom: 8 }} />}
            <Input.TextArea rows={16} value={edit.text} onChange={(e) => setEdit({ ...edit, text: e.target.value })} style={{ fontFamily: 'monospace' }} />
          </>
        )}
      </Modal>
    </Card>
  );
}
