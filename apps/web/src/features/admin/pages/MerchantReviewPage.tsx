import { useState } from 'react';
import { Button, Descriptions, Drawer, Input, Space, Tabs, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { MERCHANT_DOC_LABELS, SHOP_TYPE_OPTIONS, merchantMachine, type MerchantDocKind, formatChinaDateTime } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { approveMerchant, rejectMerchant, useMerchantApplication, useMerchantApplications, type MerchantRow as Row } from '../api/review.ts';
import { DocumentGallery } from '../components/DocumentGallery.tsx';
import { History } from '../components/History.tsx';
import { RejectButton } from '../components/RejectButton.tsx';

const COLORS = ['default', 'processing', 'error', 'success'];
const time = (v: string | null) => (v ? formatChinaDateTime(v) : '无');
/** The reviewer's actions on an application in this state (packages/shared/src/machines/merchant.ts). */
const reviewActions = (status: number) => merchantMachine.available(status, { side: 'platform' });
const buttonOf = (action: 'approve' | 'reject') => merchantMachine.actions[action].button ?? merchantMachine.actions[action].label;

function ApplicationDrawer({ id, onClose, onDecided }: { id: number | null; onClose: () => void; onDecided: () => void }) {
  const { data, refetch } = useMerchantApplication(id);
  const a = data?.application;
  const decide = async (call: Promise<unknown>) => {
    await call;
    await refetch();
    onDecided();
  };
  return (
    <Drawer open={!!id} onClose={onClose} width={760} title="入驻申请详情" destroyOnHidden>
      {a && (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="状态">
              <Tag color={COLORS[a.status]}>{merchantMachine.label(a.status)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="店铺类型">{SHOP_TYPE_OPTIONS.find((o) => o.value === a.shopType)?.label ?? '无'}</Descriptions.Item>
            <Descriptions.Item label="店铺名称">{a.shopName}</Descriptions.Item>
            <Descriptions.Item label="企业名称">{a.companyName}</Descriptions.Item>
            <Descriptions.Item label="信用代码">{a.creditCode}</Descriptions.Item>
            <Descriptions.Item label="法定代表人">{a.legalPerson}</Descriptions.Item>
            <Descriptions.Item label="联系人">{a.contactName} {a.contactPhone}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{a.contactEmail || '无'}</Descriptions.Item>
            <Descriptions.Item label="地址" span={2}>{a.address}</Descriptions.Item>
            <Descriptions.Item label="主营业务" span={2}>{a.mainBusiness || '无'}</Descriptions.Item>
            <Descriptions.Item label="三证合一">{a.threeInOne ? '是' : '否'}</Descriptions.Item>
            <Descriptions.Item label="入驻协议">{a.agreementVersion ? `版本 ${a.agreementVersion} · ${time(a.agreementSignedAt)} · IP ${a.agreementIp ?? ''}` : '未签署'}</Descriptions.Item>
          </Descriptions>
          <h4 style={{ marginTop: 20 }}>证件资料</h4>
          <Descriptions bordered size="small" column={1}>
            {(Object.keys(a.documents) as MerchantDocKind[]).map((k) => (
              <Descriptions.Item key={k} label={MERCHANT_DOC_LABELS[k]}>
                <DocumentGallery paths={a.documents[k] ?? []} />
              </Descriptions.Item>
            ))}
          </Descriptions>
          {reviewActions(a.status).length > 0 && (
            <Space style={{ margin: '20px 0' }}>
              {reviewActions(a.status).includes('approve') && (
                <Button type="primary" data-testid="approve" onClick={() => decide(approveMerchant({ id: a.id }))}>
                  {buttonOf('approve')}
                </Button>
              )}
              {reviewActions(a.status).includes('reject') && (
                <RejectButton label={buttonOf('reject')} onReject={(reason) => decide(rejectMerchant({ id: a.id, reason }))} />
              )}
            </Space>
          )}
          <h4 style={{ marginTop: 20 }}>审核记录</h4>
          <History history={data.history} />
        </>
      )}
    </Drawer>
  );
}

/** Console: the merchant application queue. */
export default function MerchantReviewPage() {
  const qc = useQueryClient();
  const { params, filter, page } = useListParams({ status: '1', keyword: '' }, 20);
  const [open, setOpen] = useState<number | null>(null);
  const list = useMerchantApplications({ ...params, status: params.status === 'all' ? undefined : Number(params.status), keyword: params.keyword || undefined });
  return (
    <ListPage
      variant="outlined"
      title="商家入驻审核"
      filters={
        <>
        <Tabs
          activeKey={params.status}
          onChange={(k) => filter({ status: k })}
          items={[
            { key: '1', label: '待审核' },
            { key: '2', label: '已驳回' },
            { key: '3', label: '已通过' },
            { key: '0', label: '草稿' },
            { key: 'all', label: '全部' },
          ]}
        />
        <Input.Search placeholder="企业名称/店铺名称/信用代码" allowClear onSearch={(v) => filter({ keyword: v.trim() })} style={{ width: 280 }} />
        </>
      }
    >
      <ListTable<Row>
        rowKey="id"
        query={list}
        params={params}
        onPage={page}
        errorTitle="入驻申请加载失败"
        emptyText={params.keyword ? '没有匹配的申请' : '暂无入驻申请'}
        columns={[
          { title: '企业名称', dataIndex: 'companyName' },
          { title: '店铺名称', dataIndex: 'shopName' },
          { title: '店铺类型', dataIndex: 'shopType', render: (v: number) => SHOP_TYPE_OPTIONS.find((o) => o.value === v)?.label ?? '无' },
          { title: '提交时间', dataIndex: 'submittedAt', render: time },
          { title: '状态', dataIndex: 'status', render: (v: number) => <Tag color={COLORS[v]}>{merchantMachine.label(v)}</Tag> },
          { title: '操作', render: (_, r) => <Button type="link" onClick={() => setOpen(r.id!)}>{reviewActions(r.status).length ? '审核' : '查看'}</Button> },
        ]}
      />
      <ApplicationDrawer id={open} onClose={() => setOpen(null)} onDecided={() => qc.invalidateQueries({ queryKey: ['admin', 'merchant', 'list'] })} />
    </ListPage>
  );
}
