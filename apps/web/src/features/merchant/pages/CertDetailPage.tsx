import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Checkbox, Descriptions, Form, Input, Modal, Result, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { CertStatus, certificationSignInput, enumLabel } from '@aquamall/shared';
import { SmsCodeButton } from '../../../components/SmsCodeButton.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { agreementQuery, certificationQuery, downloadContract, sendAgreementCode, useSignContract } from '../api/merchant.ts';
import { ReviewHistory } from '../components/ReviewHistory.tsx';
import { formatDateTime } from '../components/format.ts';

const COLORS = ['default', 'processing', 'success', 'error'];
const signRules = formRules(certificationSignInput);

/**
 * Signing the service agreement (docs/decisions/0208-order-contracts.md): the agreement is shown, the signer agrees,
 * confirms with an SMS code sent to their own phone (意愿认证), and only then the partner signs it.
 */
function SignAgreementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const q = useQuery({ ...agreementQuery, enabled: open });
  const sign = useSignContract();
  const [agreed, setAgreed] = useState(false);
  const [sentTo, setSentTo] = useState('');
  const [form] = Form.useForm<{ code: string }>();
  const submit = async () => {
    const v = await form.validateFields();
    await sign.mutateAsync({ code: v.code });
    onClose();
  };
  return (
    <Modal
      title="签署平台服务协议"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认签署"
      cancelText="取消"
      okButtonProps={{ disabled: !agreed }}
      confirmLoading={sign.isPending}
      width={760}
      destroyOnHidden
    >
      {q.isError ? (
        <Alert type="error" showIcon message="协议加载失败，请稍后重试" />
      ) : !q.data ? (
        <Spin style={{ display: 'block', margin: 40 }} />
      ) : (
        <div data-testid="agreement-text" style={{ maxHeight: '45vh', overflow: 'auto', border: '1px solid #f0f0f0', padding: 12, marginBottom: 12 }}>
          <Typography.Title level={4} style={{ textAlign: 'center' }}>
            {q.data.title}
          </Typography.Title>
          {q.data.parties.map(([label, value]) => (
            <div key={label}>
              <Typography.Text type="secondary">{label}：</Typography.Text>
              {value}
            </div>
          ))}
          {q.data.terms.map((term) => (
            <Typography.Paragraph key={term} style={{ marginTop: 8, marginBottom: 0 }}>
              {term}
            </Typography.Paragraph>
          ))}
        </div>
      )}
      <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="agreement-agree">
        我已阅读并同意《平台商家服务协议》，同意使用本公司电子签章签署
      </Checkbox>
      <Form form={form} layout="vertical" preserve={false} style={{ marginTop: 12 }}>
        <Form.Item label="短信验证码（意愿认证）" required extra={sentTo ? `验证码已发送至 ${sentTo}，5分钟内有效` : '验证码将发送到您账号绑定的手机号'}>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="code" rules={signRules.code} noStyle>
              <Input size="large" maxLength={6} placeholder="6位验证码" disabled={!agreed} data-testid="agreement-code" />
            </Form.Item>
            <SmsCodeButton
              disabled={!agreed}
              onSend={() =>
                sendAgreementCode().then(
                  (r) => {
                    setSentTo(r.phone);
                    return true;
                  },
                  () => false,
                )
              }
            />
          </div>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** authentication/detail: status, the partner's and the platform's verdicts, contract signing and download. */
export default function CertDetailPage() {
  const { data } = useQuery(certificationQuery);
  const [signing, setSigning] = useState(false);
  if (!data) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (data.status === CertStatus.NONE) {
    return (
      <Card title="企业认证">
        <Result title="企业尚未认证" subTitle="完成企业认证并签署平台服务协议后，可享受完整的平台服务。" extra={<Link to="/customer/authentication/edit"><Button type="primary">立即认证</Button></Link>} />
      </Card>
    );
  }
  const sign = () => setSigning(true);
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
      <SignAgreementDialog open={signing} onClose={() => setSigning(false)} />
      <h4 style={{ marginTop: 24 }}>认证记录</h4>
      <ReviewHistory history={data.history} />
    </Card>
  );
}
