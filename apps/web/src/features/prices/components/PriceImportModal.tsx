import { useState } from 'react';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { CONTRACT_PRICE_IMPORT_MAX, type ContractPriceImportResult } from '@aquamall/shared';
import { downloadPriceListTemplate, useImportPriceList } from '../api/prices.ts';

/**
 * 导入Excel on 协议价管理 (docs/product/prices.md#price-lists-in-excel): the template (or an exported list) is
 * filled and uploaded; the server checks every row and imports all or nothing. A refused file lists each bad
 * row with its reason; an imported one says how many rules were added, changed and left as they were.
 */
export function PriceImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const upload = useImportPriceList();
  const [result, setResult] = useState<ContractPriceImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = (file: File) => {
    setResult(null);
    setFailure(null);
    upload.mutate(file, {
      onSuccess: setResult,
      onError: (err) => setFailure(err instanceof Error && err.message ? err.message : '上传失败，请稍后重试'),
    });
    return false;
  };
  const close = () => {
    setResult(null);
    setFailure(null);
    onClose();
  };

  return (
    <Modal open={open} title="导入协议价" onCancel={close} footer={<Button onClick={close}>关闭</Button>} width={720} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          下载模板填写，或导出当前协议价后修改再上传：留空“规则编号”的行新增协议价，填有编号的行修改该规则，未改动的行不变。
          任何一行有错误时整个文件都不导入。每个文件最多{CONTRACT_PRICE_IMPORT_MAX}行，.xlsx 格式，不超过5MB。
        </Typography.Paragraph>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadPriceListTemplate()}>
            下载模板
          </Button>
          <Upload accept=".xlsx" showUploadList={false} beforeUpload={send} maxCount={1}>
            <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending} data-testid="price-import-upload">
              上传 Excel 文件
            </Button>
          </Upload>
        </Space>
        {failure && <Alert type="error" showIcon title={failure} />}
        {result?.imported && (
          <Alert
            type="success"
            showIcon
            data-testid="price-import-done"
            title={`导入完成：新增${result.created}条，修改${result.updated}条，未变${result.unchanged}条`}
          />
        )}
        {result && !result.imported && (
          <>
            <Alert
              type="error"
              showIcon
              data-testid="price-import-refused"
              title={`${new Set(result.errors.map((e) => e.row)).size}行有错误，整个文件未导入`}
              description="请按下列提示修改文件后重新上传。"
            />
            <Table
              size="small"
              rowKey={(e) => `${e.row}-${e.message}`}
              pagination={result.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              dataSource={result.errors}
              columns={[
                { title: '行号', dataIndex: 'row', width: 80, render: (r: number) => `第${r}行` },
                { title: '错误', dataIndex: 'message' },
              ]}
              data-testid="price-import-errors"
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
