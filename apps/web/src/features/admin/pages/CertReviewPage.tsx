import { useState } from 'react';
import { Button, Descriptions, Drawer, Space, Tabs, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { enumLabel, formatChinaDateTime } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { approveCertification, rejectCertification, useCertification, useCertifications, type CertRow as Cert } from '../api/review.ts';
import { DocumentGallery } from '../components/DocumentGallery.tsx';
import { History } from '../components/History.tsx';
import { RejectButton } from '../components/RejectButton.tsx';

const COLORS = ['default', 'processing', 'success', 'error'];
const time = (v: string | null) => (v ? formatChinaDateTime(v) : '无');

/** Console: enterprise certifications waiting for the platform (after the partner's real-name check). */
export default function CertReviewPage() {
  const qc = useQueryClient();
  const { params, filter, page } = useListParams({ status: '1' }, 20);
  const [open, setOpen] = useState<number | null>(null);
  const list = useCertifications({ ...params, status: params.status === 'all' ? undefined : Number(params.status) });
  const detail = useCertification(open);
  const decide = async (call: Promise<unknown>) => {
    await call;
    await detail.refetch();
    await qc.invalidateQueries({ queryKey: ['admin', 'cert', 'list'] });
  };
  const c = detail.data?.certification;
  return (
    <ListPage variant="outlined" title="企业认证审核">
      <Tabs activeKey={params.status} onChange={(k) => filter({ status: k })} items={[{ key: '1', label: '审核中' }, { key: '3', label: '未通过' }, { key: '2', label: '已认证' }, { key: 'all', label: '全部' }]} />
      <ListTable<Cert>
        rowKey="id"
        query={list}
        params={params}
        onPage={page}
        errorTitle="认证列表加载失败"
        emptyText="暂无认证申请"
        columns={[
          { title: '企业名称', dataIndex: 'companyName' },
          { title: '信用代码', dataIndex: 'creditCode' },
          { title: '经办人', dataIndex: 'handlerName' },
          { title: '提交时间', dataIndex: 'submittedAt', render: time },
          { title: '状态', dataIndex: 'status', render: (v: number) => <Tag color={COLORS[v]}>{enumLabel('CertStatus', v)}</Tag> },
          { title: '操作', render: (_, r) => <Button type="link" onClick={() => setOpen(r.id)}>{r.status === 1 ? '审核' : '查看'}</Button> },
        ]}
      />
      <Drawer open={!!open} onClose={() => setOpen(null)} width={720} title="企业认证详情" destroyOnHidden>
        {c && (
          <>
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label="状态"><Tag color={COLORS[c.status]}>{enumLabel('CertStatus', c.status)}</Tag></Descriptions.Item>
              <Descriptions.Item label="实名核验">{c.verifiedAt ? `通过 ${c.verifyRef}` : `未通过 ${c.verifyRef ?? ''}`}</Descriptions.Item>
              <Descriptions.Item label="企业名称">{c.companyName}</Descriptions.Item>
              <Descriptions.Item label="信用代码">{c.creditCode}</Descriptions.Item>
              <Descriptions.Item label="法定代表人">{c.legalPerson}</Descriptions.Item>
              <Descriptions.Item label="经办人">{c.handlerName} {c.handlerPhone}</Descriptions.Item>
              <Descriptions.Item label="身份证号">{c.handlerIdNo}</Descriptions.Item>
              <Descriptions.Item label="服务协议">{c.contractSigned ? '已签署' : '未签署'}</Descriptions.Item>
              <Descriptions.Item label="营业执照" span={2}><DocumentGallery paths={[c.licenseImage]} /></Descriptions.Item>
            </Descriptions>
            {c.status === 1 && (
              <Space style={{ margin: '20px 0' }}>
                <Button type="primary" onClick={() => decide(approveCertification({ id: c.id }))}>认证通过</Button>
                <RejectButton onReject={(reason) => decide(rejectCertification({ id: c.id, reason }))} />
              </Space>
            )}
            <h4 style={{ marginTop: 20 }}>认证记录</h4>
            <History history={detail.data?.history ?? []} />
          </>
        )}
      </Drawer>
    </ListPage>
  );
}
