import { Link } from 'react-router';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { CertStatus, enumLabel } from '@aquamall/shared';
import { certificationQuery, downloadContract, useSignContract } from '../api/merchant.ts';
import { ReviewHistory } from '../components/ReviewHistory.tsx';
import { formatDateTime } from '../components/format.ts';

const COLORS = ['default', 'processing', 'success', 'error'];

/** authentication/detail: status, the partner's and the platform's verdicts, contract signing and download. */
export default function CertDetailPage() {
  const { data } = useQuery(certificationQuery);
  const signContract = useSignContract();
  if (!data) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (data.status === CertStatus.NONE) {
    return (
      <Card title="企业认证">
        <Result title="企业尚未认证" subTitle="完成企业认证并签署平台服务协议后，可享受完整的平台服务。" extra={<Link to="/customer/authentication/edit"><Button type="primary">立即认证</Button></Link>} />
      </Card>
    );
  }
  const sign = () => signContract.mutateAsync(undefined);
  return (
    <Card title="企业认证" extra={<Tag color={COLORS[data.status]}>{enumLabel('CertStatus', data.status)}</Tag>}>
      {data.status === CertStatus.FAILED && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={data.rejectReason} action={<Link to="/customer/authentication/edit"><Button size="small">修改并重新提交</Button></Link>} />
      )}
      {data.status === CertStatus.REVIEWING && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="实名核验已通过，平台正在审核，结果将通过站内消息通知您。" />}
      {data.status === CertStatus.CERTIFIED && (
        <Alert
          type={data.contractSigned ? 'success' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          message={data.contractSigned ? `平台服务协议已于 ${formatDateTime(data.contractSignedAt)} 签署` : '企业认证已通过，请签署平台服务协议'}
          action={
            <Space>
              {!data.contractSigned && (
                <Button type="primary" onClick={sign}>
                  在线签署
                </Button>
              )}
              {data.contractSigned && <Button onClick={() => void downloadContract()}>下载协议</Button>}
            </Space>
          }
        />
      )}
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label="企业名称">{data.companyName}</Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{data.creditCode}</Descriptions.Item>
        <Descriptions.Item label="法定代表人">{data.legalPerson}</Descriptions.Item>
        <Descriptions.Item label="经办人">{data.handlerName} {data.handlerIdNo}</Descriptions.Item>
        <Descriptions.Item label="实名核验">{data.verifiedAt ? `通过（${data.verifyRef}）` : '未通过'}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{formatDateTime(data.submittedAt)}</Descriptions.Item>
      </Descriptions>
      <h4 style={{ marginTop: 24 }}>认证记录</h4>
      <ReviewHistory history={data.history} />
    </Card>
  );
}
