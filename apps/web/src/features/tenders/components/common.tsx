import { Tag } from 'antd';
import { BidStatus, formatMoney, tenderMachine, TENDER_DOCS_MAX, formatChinaDateTime } from '@aquamall/shared';
import { DocumentUpload, type DocumentUploadProps } from '../../../components/DocumentUpload.tsx';

export const when = (v: string | null | undefined) => (v ? formatChinaDateTime(v) : '—');
export const yuan = (v: string | number | null | undefined) => (v === null || v === undefined ? '—' : formatMoney(v));

const COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'orange', 3: 'green', 4: 'purple', 5: 'cyan', 6: 'red' };
export function TenderStatusTag({ status }: { status: number }) {
  return <Tag color={COLORS[status] ?? 'default'}>{tenderMachine.label(status)}</Tag>;
}
export const STATUS_TABS = [BidStatus.DRAFT, BidStatus.OPEN, BidStatus.CLOSED, BidStatus.OPENED, BidStatus.EVALUATING, BidStatus.AWARDED, BidStatus.FAILED];

export type { DocFile as Doc } from '../../../components/DocumentUpload.tsx';

/** Tender and bid documents: PDF only, into the file host's `bid` folder; the name is stored without .pdf. */
export function PdfUpload(p: Pick<DocumentUploadProps, 'value' | 'onChange'>) {
  return (
    <DocumentUpload
      {...p}
      folder="bid"
      types={['pdf']}
      max={TENDER_DOCS_MAX}
      buttonText="上传PDF文件"
      nameOf={(n) => n.replace(/\.pdf$/i, '').slice(0, 100)}
    />
  );
}

export { DocumentLinks as DocLinks } from '../../../components/DocumentUpload.tsx';
