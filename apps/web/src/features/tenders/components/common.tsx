import { useState } from 'react';
import { Button, Space, Tag, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { BidStatus, enumLabel } from '@aquamall/shared';
import dayjs from 'dayjs';
import { endpointUrl } from '../../../lib/api.ts';
import { clientStore } from '../../../lib/storage.ts';
import { notify } from '../../../lib/notify.ts';
import { readUploadResponse } from '../../../components/upload-rules.ts';

export const when = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');
export const yuan = (v: string | number | null | undefined) => (v === null || v === undefined ? '—' : `¥${Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);

const COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'orange', 3: 'green', 4: 'purple', 5: 'cyan', 6: 'red' };
export function TenderStatusTag({ status }: { status: number }) {
  return <Tag color={COLORS[status] ?? 'default'}>{enumLabel('BidStatus', status)}</Tag>;
}
export const STATUS_TABS = [BidStatus.DRAFT, BidStatus.OPEN, BidStatus.CLOSED, BidStatus.OPENED, BidStatus.EVALUATING, BidStatus.AWARDED, BidStatus.FAILED];

export interface Doc {
  name: string;
  path: string;
}

/** Documents (PDF) uploaded into the bid folder; the value is the list of {name, path}. */
export function PdfUpload({ value, onChange, max = 10 }: { value?: Doc[]; onChange?: (v: Doc[]) => void; max?: number }) {
  const [busy, setBusy] = useState(false);
  const docs = value ?? [];
  const fileList: UploadFile[] = docs.map((d) => ({ uid: d.path, name: d.name, status: 'done', url: `/f/${d.path}` }));
  return (
    <Upload
      accept=".pdf,application/pdf"
      name="storefile"
      action={endpointUrl('fileUploadHandler', { appName: 'bid' })}
      headers={{ 'x-token': clientStore.getToken() ?? '' }}
      fileList={fileList}
      beforeUpload={(f) => {
        if (!/\.pdf$/i.test(f.name)) {
          notify.error('仅允许pdf格式');
          return Upload.LIST_IGNORE;
        }
        if (docs.length >= max) {
          notify.error(`最多上传${max}个文件`);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      onChange={({ file }) => {
        if (file.status === 'uploading') setBusy(true);
        if (file.status === 'done' || file.status === 'error') {
          setBusy(false);
          const r = readUploadResponse(file.response);
          if ('path' in r) onChange?.([...docs, { name: file.name.replace(/\.pdf$/i, '').slice(0, 100), path: r.path }]);
          else notify.error(r.error);
        }
      }}
      onRemove={(f) => {
        onChange?.(docs.filter((d) => d.path !== f.uid));
        return false;
      }}
    >
      <Space>
        <Button icon={<UploadOutlined />} loading={busy}>上传PDF文件</Button>
      </Space>
    </Upload>
  );
}

export function DocLinks({ docs }: { docs: Doc[] }) {
  if (!docs.length) return <>无</>;
  return (
    <Space wrap>
      {docs.map((d) => (
        <a key={d.path} href={`/f/${d.path}`} target="_blank" rel="noreferrer">{d.name}.pdf</a>
      ))}
    </Space>
  );
}
