import { Link } from 'react-router';
import { Alert, Button, Card, Descriptions, Result } from 'antd';
import { MERCHANT_DOC_LABELS, MerchantStatus, SHOP_TYPE_OPTIONS, merchantMachine, type MerchantDocKind } from '@aquamall/shared';
import type { MyApplication } from '@aquamall/shared';
import { ReviewHistory } from './ReviewHistory.tsx';
import { formatDateTime } from './format.ts';

/** The applicant's view of a submitted application: status, the reviewer's reason, history. */
export function ApplyStatus({ data, onEdit }: { data: MyApplication; onEdit: () => void }) {
  const a = data.application;
  const shopType = SHOP_TYPE_OPTIONS.find((o) => o.value === a.shopType)?.label ?? '无';
  const result =
    a.status === MerchantStatus.PENDING ? (
      <Result status="info" title="入驻申请审核中" subTitle={`已于 ${formatDateTime(a.submittedAt)} 提交，平台将在1-3个工作日内完成审核，结果会通过站内消息和短信通知您。`} />
    ) : a.status === MerchantStatus.APPROVED ? (
      <Result
        status="success"
        title="入驻审核已通过"
        subTitle={`您的店铺「${a.shopName}」已开通，现在可以发布商品了。`}
        extra={[
          <Link key="store" to="/customer/store">
            <Button type="primary">设置店铺</Button>
          </Link>,
          <Link key="home" to="/customer/home">
            <Button>进入工作台</Button>
          </Link>,
        ]}
      />
    ) : (
      <Result
        status="warning"
        title="入驻申请未通过"
        subTitle={<span data-testid="reject-reason">驳回原因：{a.rejectReason}</span>}
        extra={
          <Button type="primary" onClick={onEdit}>
            修改并重新提交
          </Button>
        }
      />
    );
  return (
    <Card data-testid="apply-status" data-status={a.status}>
      {result}
      {merchantMachine.can('submit', a.status) && <Alert type="info" showIcon message="请根据驳回原因修改资料后重新提交，您之前填写的内容已保留。" style={{ marginBottom: 16 }} />}
      <Descriptions bordered size="small" column={2} title="申请信息">
        <Descriptions.Item label="店铺名称">{a.shopName}</Descriptions.Item>
        <Descriptions.Item label="店铺类型">{shopType}</Descriptions.Item>
        <Descriptions.Item label="企业名称">{a.companyName}</Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{a.creditCode}</Descriptions.Item>
        <Descriptions.Item label="联系人">{a.contactName}</Descriptions.Item>
        <Descriptions.Item label="联系电话">{a.contactPhone}</Descriptions.Item>
        <Descriptions.Item label="入驻协议">
          {a.agreementVersion ? `已签署（版本 ${a.agreementVersion}，${formatDateTime(a.agreementSignedAt)}）` : '无'}
        </Descriptions.Item>
        <Descriptions.Item label="已上传资料">
          {(Object.keys(a.documents) as MerchantDocKind[]).map((k) => MERCHANT_DOC_LABELS[k]).join('、') || '无'}
        </Descriptions.Item>
      </Descriptions>
      <h4 style={{ marginTop: 24 }}>审核记录</h4>
      <ReviewHistory history={data.history} />
    </Card>
  );
}
