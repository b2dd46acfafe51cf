import { useMemo, useRef, useState } from 'react';
import { Button, Space, Upload, type UploadFile, type UploadProps } from 'antd';
import { FilePdfOutlined, FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { documentLabel } from '@aquamall/shared';
import { endpointUrl } from '../lib/api.ts';
import { fileUrl, thumbUrl } from '../lib/image.ts';
import { notify } from '../lib/notify.ts';
import { clientStore } from '../lib/storage.ts';
import { ImagePreview } from './ImagePreview.tsx';
import { Img } from './Img.tsx';
import { checkUploadCount, checkUploadFile, readUploadResponse } from './upload-rules.ts';

/** A stored document: the name shown and the file host path. */
export interface DocFile {
  name: string;
  path: string;
}

/** Folders of the file host that take documents besides images (DOCUMENT_FOLDERS on the server). */
export type DocumentFolder = 'bid' | 'invoice' | 'enquiry';

const IMAGE = /\.(jpe?g|png)$/i;
/** Whether a stored path is an image (shown as a thumbnail) rather than a document (shown as a link). */
export const isImagePath = (path: string) => IMAGE.test(path);
/** The shown name with the stored file's extension (tender documents are stored without one). */
export const docLabel: (d: DocFile) => string = documentLabel;

const toItem = (d: DocFile, uid = d.path): UploadFile => ({
  uid,
  name: docLabel(d),
  status: 'done',
  url: fileUrl(d.path),
  thumbUrl: isImagePath(d.path) ? thumbUrl(d.path) : undefined,
});

export interface DocumentUploadProps {
  value?: DocFile[];
  onChange?: (files: DocFile[]) => void;
  /** The file host folder (it checks the bytes: a renamed program is refused there too). */
  folder: DocumentFolder;
  /** Allowed extensions, lower case, in the order the message names them. */
  types: readonly string[];
  /** Most files (default 5). */
  max?: number;
  /** Size limit per file in MB (default 10, the file host's limit). */
  maxMb?: number;
  /** The button's text, e.g. 上传附件（PDF / 图片）. */
  buttonText: string;
  /** The name stored for an uploaded file (default: its file name, at most 100 characters). */
  nameOf?: (fileName: string) => string;
  disabled?: boolean;
}

/**
 * The one document upload control (tender and bid files, invoice files, enquiry and quotation attachments):
 * posts `storefile` with the x-token to the folder's upload handler, checks type, size and count first with
 * the same Chinese messages as the image upload, and shows PDFs (and OFDs) as file links and images as
 * thumbnails. A form control: the value is the list of `{name, path}` stored.
 */
export function DocumentUpload({
  value,
  onChange,
  folder,
  types,
  max = 5,
  maxMb = 10,
  buttonText,
  nameOf = (n) => n.slice(0, 100),
  disabled,
}: DocumentUploadProps) {
  const [pending, setPending] = useState<UploadFile[]>([]);
  // A file uploaded here keeps the list item's uid it had while uploading, so the list updates that item in
  // place instead of animating one out and another in (two items of the same name for a moment).
  const uids = useRef(new Map<string, string>());
  const uidOf = (d: DocFile) => uids.current.get(d.path) ?? d.path;
  const docs = useMemo(() => value ?? [], [value]);
  const fileList = [...docs.map((d) => toItem(d, uidOf(d))), ...pending];
  const token = clientStore.getToken();

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const countError = checkUploadCount(docs.length + pending.length, batch.length, max);
    const error = countError ?? checkUploadFile(file, { types, maxMb });
    if (error) {
      // One message per selection, not one per file of the batch.
      if (!countError || file === batch[0]) notify.error(error);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const handleChange: UploadProps['onChange'] = ({ file, fileList: next }) => {
    setPending(next.filter((f) => f.status === 'uploading'));
    if (file.status !== 'done' && file.status !== 'error') return;
    const r = readUploadResponse(file.response);
    if ('error' in r) {
      notify.error(r.error);
      return;
    }
    uids.current.set(r.path, file.uid);
    onChange?.([...docs, { name: nameOf(file.name), path: r.path }]);
  };

  return (
    <Upload
      action={endpointUrl('fileUploadHandler', { appName: folder })}
      name="storefile"
      headers={token ? { 'x-token': token } : {}}
      accept={types.map((t) => `.${t}`).join(',')}
      multiple={max > 1}
      listType="picture"
      fileList={fileList}
      disabled={disabled}
      beforeUpload={beforeUpload}
      onChange={handleChange}
      onRemove={(f) => {
        onChange?.(docs.filter((d) => uidOf(d) !== f.uid));
        return false;
      }}
      iconRender={(f) => (/\.pdf$/i.test(f.name) ? <FilePdfOutlined /> : <FileTextOutlined />)}
    >
      <Button icon={<UploadOutlined />} disabled={disabled || docs.length >= max}>
        {buttonText}
      </Button>
    </Upload>
  );
}

/** Stored documents for reading: images as thumbnails (opening a preview), other files as links. */
export function DocumentLinks({ docs, empty = '无' }: { docs: readonly DocFile[]; empty?: string }) {
  const [preview, setPreview] = useState<string | null>(null);
  if (!docs.length) return <>{empty}</>;
  return (
    <Space wrap align="center" data-testid="document-links">
      {preview ? <ImagePreview src={preview} onClose={() => setPreview(null)} /> : null}
      {docs.map((d) =>
        isImagePath(d.path) ? (
          <a key={d.path} onClick={() => setPreview(d.path)} title={docLabel(d)}>
            <Img
              src={d.path}
              width={120}
              alt={docLabel(d)}
              style={{ width: 80, height: 80, objectFit: 'cover', borderRadius: 4 }}
            />
          </a>
        ) : (
          <a key={d.path} href={fileUrl(d.path)} target="_blank" rel="noreferrer">
            <FilePdfOutlined /> {docLabel(d)}
          </a>
        ),
      )}
    </Space>
  );
}
