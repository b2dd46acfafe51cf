import { useMemo, useState } from 'react';
import { Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { EndpointName } from '@aquamall/shared/endpoints';
import { endpointUrl } from '../lib/api.ts';
import { clientStore } from '../lib/storage.ts';
import { notify } from '../lib/notify.ts';
import { thumbUrl } from '../lib/image.ts';
import { ImagePreview } from './ImagePreview.tsx';
import { checkUploadCount, checkUploadFile, readUploadResponse, uploadDefaults, type UploadRules } from './upload-rules.ts';

export interface ImageUploadProps extends UploadRules {
  /** Stored file paths (fileRelativePath). */
  value?: string[];
  onChange?: (paths: string[]) => void;
  /** Several images (up to `max`, default 5) instead of one. */
  multiple?: boolean;
  disabled?: boolean;
  /** The upload endpoint (default the file host's /file/upload). */
  action?: Extract<EndpointName, 'fileUpload' | 'fileUploadHandler'>;
}

const toItem = (path: string): UploadFile => ({ uid: path, name: path.split('/').pop() ?? path, status: 'done', url: thumbUrl(path), response: { code: 0, data: { fileRelativePath: path } } });
const pathOf = (f: UploadFile): string | null => {
  const r = readUploadResponse(f.response);
  return 'path' in r ? r.path : null;
};

/**
 * Image upload control (docs/product/interface.md#shared-dialogs-and-widgets, docs/product/files.md#uploads): posts multipart field `storefile` with the x-token to /file/upload;
 * checks type (仅允许…格式), size (最大允许…M) and count (最多允许…张); shows the server's message or 上传失败.
 * Works as a form control: the value is the list of stored paths.
 */
export function ImageUpload({ value, onChange, multiple = false, disabled, action = 'fileUpload', ...rules }: ImageUploadProps) {
  const max = multiple ? (rules.max ?? uploadDefaults.max) : 1;
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const done = useMemo(() => (value ?? []).map(toItem), [value]);
  const fileList = [...done, ...pending];
  const token = clientStore.getToken();

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const countError = multiple ? checkUploadCount(fileList.length, batch.length, max) : null;
    const error = countError ?? checkUploadFile(file, rules);
    if (error) {
      // One message per selection, not one per file of the batch.
      if (!countError || file === batch[0]) notify.error(error);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const handleChange: UploadProps['onChange'] = ({ file, fileList: next }) => {
    if (file.status === 'done' || file.status === 'error') {
      const r = readUploadResponse(file.response);
      if ('error' in r) notify.error(r.error);
      const paths = next.filter((f) => f.status === 'done').map(pathOf).filter((p): p is string => !!p);
      setPending(next.filter((f) => f.status === 'uploading'));
      onChange?.(multiple ? paths : paths.slice(-1));
      return;
    }
    if (file.status === 'removed') {
      setPending(next.filter((f) => f.status === 'uploading'));
      onChange?.(next.filter((f) => f.status === 'done').map(pathOf).filter((p): p is string => !!p));
      return;
    }
    setPending(next.filter((f) => f.status === 'uploading'));
  };

  return (
    <>
      <Upload
        action={endpointUrl(action)}
        name="storefile"
        headers={token ? { 'x-token': token } : {}}
        accept={(rules.types ?? uploadDefaults.types).map((t) => `.${t}`).join(',')}
        listType="picture-card"
        multiple={multiple}
        disabled={disabled}
        fileList={fileList}
        beforeUpload={beforeUpload}
        onChange={handleChange}
        onPreview={(f) => setPreview(pathOf(f))}
      >
        {fileList.length >= max ? null : (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 6 }}>上传图片</div>
          </div>
        )}
      </Upload>
      <ImagePreview src={preview} onClose={() => setPreview(null)} />
    </>
  );
}
