import { useState } from 'react';
import { Alert, Button, Checkbox, Modal, Progress, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  ImportJobStatus,
  IMPORT_JOB_STATUS_LABEL,
  IMPORT_MAX_MB,
  IMPORT_MAX_ROWS,
  importJobFinished,
  type ImportJobView,
} from '@aquamall/shared';
import { notify } from '../../../lib/notify.ts';
import { downloadImportErrors, downloadImportTemplate, useImportJob, useStartImport } from '../api/import.ts';

/** Share of the bar: checking the rows is most of the work, writing the rest. */
function percent(job: ImportJobView): number {
  if (job.status === ImportJobStatus.DONE) return 100;
  if (job.status === ImportJobStatus.WRITING) return 95;
  if (!job.total) return 2;
  return Math.max(2, Math.round((job.done / job.total) * 90));
}

function Outcome({ job, onClose }: { job: ImportJobView; onClose: () => void }) {
  if (job.status === ImportJobStatus.DONE) {
    return (
      <Alert
        type="success"
        showIcon
        message={job.message}
        description={
          job.submit
            ? '商品已提交平台审核，审核通过后上架。'
            : '商品已保存为草稿，可在列表中编辑、上传图片后提交审核。'
        }
        action={
          <Button size="small" type="primary" onClick={onClose}>
            查看商品
          </Button>
        }
      />
    );
  }
  if (job.status === ImportJobStatus.ROW_ERRORS) {
    return (
      <Alert
        type="error"
        showIcon
        message={`共${job.total}行，其中${job.errorRows}行有错误，整个文件未导入`}
        description="请下载错误文件，按“错误信息”列（红色）的提示修改后重新上传。"
        action={
          <Button
            size="small"
            danger
            icon={<DownloadOutlined />}
            onClick={() => void downloadImportErrors(job.sysNo)}
          >
            下载错误文件
          </Button>
        }
      />
    );
  }
  return <Alert type="error" showIcon message="导入失败" description={job.message} />;
}

/** 导入 on the product list: template, upload, progress and the outcome of the job. */
export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [submit, setSubmit] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const start = useStartImport();
  const job = useImportJob(jobId);
  const current = job.data;
  const busy = start.isPending || (jobId !== null && !(current && importJobFinished(current.status)));

  const reset = () => {
    setFile(null);
    setJobId(null);
    start.reset();
  };
  const close = () => {
    if (!busy) reset();
    onClose();
  };
  const run = () => {
    if (!file) return notify.warning('请选择要导入的Excel文件');
    start.mutate({ file, submit }, { onSuccess: (j) => setJobId(j.sysNo) });
  };

  return (
    <Modal
      title="导入商品"
      open={open}
      onCancel={close}
      width={560}
      maskClosable={false}
      footer={
        jobId !== null && current && importJobFinished(current.status) ? (
          <Space>
            <Button onClick={reset}>继续导入</Button>
            <Button
              type="primary"
              onClick={() => {
                reset();
                onClose();
              }}
            >
              完成
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={close}>{busy ? '后台继续' : '取消'}</Button>
            <Button type="primary" loading={busy} disabled={!file || jobId !== null} onClick={run}>
              开始导入
            </Button>
          </Space>
        )
      }
    >
      {jobId === null ? (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            每行一个规格，同一商品的多个规格填写相同的“商品标识”。每次最多{IMPORT_MAX_ROWS}行，.xlsx
            文件不超过{IMPORT_MAX_MB}MB。 有任何一行错误时不会导入任何商品。
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => void downloadImportTemplate()}
            >
              下载导入模板
            </Button>
          </Typography.Paragraph>
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              if (!f.name.toLowerCase().endsWith('.xlsx')) notify.warning('请选择 .xlsx 格式的Excel文件');
              else if (f.size > IMPORT_MAX_MB * 1024 * 1024) notify.warning(`文件不能超过${IMPORT_MAX_MB}MB`);
              else setFile(f);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖拽Excel文件到此处</p>
          </Upload.Dragger>
          <Checkbox checked={submit} onChange={(e) => setSubmit(e.target.checked)}>
            导入后提交审核（每个商品须至少填写一张图片地址）
          </Checkbox>
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <div>
            {current?.fileName ?? file?.name}
            {current && !importJobFinished(current.status) && (
              <span style={{ color: '#8c8c8c', marginLeft: 8 }}>
                {IMPORT_JOB_STATUS_LABEL[current.status]}
                {current.total ? `（${current.done}/${current.total}行）` : ''}
              </span>
            )}
          </div>
          <Progress
            percent={current ? percent(current) : 1}
            status={
              current?.status === ImportJobStatus.DONE
                ? 'success'
                : current && importJobFinished(current.status)
                  ? 'exception'
                  : 'active'
            }
          />
          {job.isError && <Alert type="warning" showIcon message="进度查询失败，稍后自动重试" />}
          {current && importJobFinished(current.status) && (
            <Outcome
              job={current}
              onClose={() => {
                reset();
                onClose();
              }}
            />
          )}
        </Space>
      )}
    </Modal>
  );
}
