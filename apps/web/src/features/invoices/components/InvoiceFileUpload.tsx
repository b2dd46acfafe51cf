import { useState } from 'react';
import { Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { INVOICE_FILE_TYPES, INVOICE_FILES_MAX, type InvoiceFile } from '@aquamall/shared';
import { checkUploadCount, checkUploadFile, readUploadResponse } from '../../../components/upload-rules.ts';
import { endpointUrl } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { clientStore } from '../../../lib/storage.ts';

/**
 * The invoice file control: PDF, OFD or image, posted to the file host's `invoice` folder (which checks the
 * bytes). The value is the list of `{name, path}` stored.
 */
export function InvoiceFileUpload({ value, onChange }: { value?: InvoiceFile[]; onChange?: (files: InvoiceFile[]) => void }) {
  // The list (uploading and done items) lives here; the form's value is the done files. The dialogs that use
  // it are destroyed on close, so the initial value is the only one that comes from outside.
  const [list, setList] = useState<UploadFile[]>(() =>
    (value ?? []).map((f) => ({ uid: f.path, name: f.name, status: 'done', response: { code: 0, data: [{ fileRelativePath: f.path }] } })),
  );
  const token = clientStore.getToken();

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const countError = checkUploadCount(list.length, batch.length, INVOICE_FILES_MAX);
    const error = countError ?? checkUploadFile(file, { types: INVOICE_FILE_TYPES });
    if (error) {
      if (!countError || file === batch[0]) notify.error(error);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const handleChange: UploadProps['onChange'] = ({ file, fileList }) => {
    let next = fileList;
    if (file.status === 'done' || file.status === 'error') {
      const r = readUploadResponse(file.response);
      if ('error' in r) {
        notify.error(r.error);
        next = fileList.filter((f) => f.uid !== file.uid);
      }
    }
    setList(next);
    if (file.status === 'uploading') return;
    const files = next
      .filter((f) => f.status === 'done')
      .map((f) => {
        const r = readUploadResponse(f.response);
        return 'path' in r ? { name: f.name, path: r.path } : null;
      })
      .filter((f): f is InvoiceFile => !!f);
    onChange?.(files);
  };

  return (
    <Upload
      action={endpointUrl('fileUploadHandler', { appName: 'invoice' })}
      name="storefile"
      headers={token ? { 'x-token': token } : {}}
      accept={INVOICE_FILE_TYPES.map((t) => `.${t}`).join(',')}
      multiple
      fileList={list}
      beforeUpload={beforeUpload}
      onChange={handleChange}
    >
      <Button icon={<UploadOutlined />} disabled={list.length >= INVOICE_FILES_MAX}>
        上传发票文件（PDF / OFD / 图片）
      </Button>
    </Upload>
  );
}
