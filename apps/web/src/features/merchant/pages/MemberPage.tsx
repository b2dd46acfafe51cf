import { Button, Card, Col, Descriptions, Form, Input, Row, Select, Spin, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { enumLabel } from '@aquamall/shared';
import { memberUpgradeInput } from '@aquamall/shared/contracts/merchant';
import { formRules } from '../../../lib/form-rules.ts';
import { memberInfoQuery, useRequestUpgrade } from '../api/merchant.ts';

const rules = formRules(memberUpgradeInput);
import { formatDateTime } from '../components/format.ts';

const REQUEST_STATUS = [
  { text: '待确认', color: 'processing' },
  { text: '已确认', color: 'success' },
  { text: '已拒绝', color: 'error' },
];

/** authentication/member: the level, what each level unlocks, and an upgrade request paid by bank transfer. */
export default function MemberPage() {
  const { data } = useQuery(memberInfoQuery);
  const requestUpgrade = useRequestUpgrade();
  const [form] = Form.useForm();
  if (!data) return <Spin style={{ display: 'block', margin: 80 }} />;
  const pending = data.requests.some((r) => r.status === 0);
  return (
    <Card title="会员服务">
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 24 }}>
        <Descriptions.Item label="当前会员等级">
          <Tag color="gold" data-testid="member-level">{enumLabel('MemberLevel', data.memberLevel)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="会员权限校验">{data.isMemberVail === 1 ? '已启用（按等级开放功能）' : '未启用（全部功能可用）'}</Descriptions.Item>
      </Descriptions>
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {data.levels.map((l) => (
          <Col xs={12} lg={6} key={l.level}>
            <Card size="small" title={l.name} style={{ height: '100%', borderColor: l.level === data.memberLevel ? 'var(--am-primary)' : undefined }}>
              <ul style={{ paddingLeft: 18, margin: 0 }}>
                {l.unlocks.map((u) => (
                  <li key={u}>{u}</li>
                ))}
              </ul>
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title="申请升级" style={{ marginBottom: 24 }}>
        <p>
          请通过对公转账支付会员费用：{data.platformBank.accountName}，{data.platformBank.bankName}，账号 {data.platformBank.accountNo}。转账后填写流水号提交申请，平台确认收款后会员等级即时生效。
        </p>
        <Form
          form={form}
          layout="inline"
          disabled={pending}
          onFinish={async (v: { targetLevel: number; transferRef: string; remark?: string }) => {
            await requestUpgrade.mutateAsync(v);
            form.resetFields();
          }}
        >
          <Form.Item name="targetLevel" rules={rules.targetLevel}>
            <Select placeholder="目标等级" style={{ width: 140 }} options={[1, 2, 3].filter((l) => l !== data.memberLevel).map((l) => ({ value: l, label: enumLabel('MemberLevel', l) }))} />
          </Form.Item>
          <Form.Item name="transferRef" rules={rules.transferRef}>
            <Input placeholder="转账流水号" maxLength={100} />
          </Form.Item>
          <Form.Item name="remark" rules={rules.remark}>
            <Input placeholder="备注（选填）" maxLength={300} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            提交申请
          </Button>
        </Form>
        {pending && <p style={{ color: 'var(--am-muted)', marginTop: 8 }}>已有待确认的申请，请等待平台确认收款。</p>}
      </Card>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.requests}
        columns={[
          { title: '申请时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          { title: '目标等级', dataIndex: 'targetLevel', render: (v: number) => enumLabel('MemberLevel', v) },
          { title: '流水号', dataIndex: 'transferRef' },
          { title: '状态', dataIndex: 'status', render: (v: number) => <Tag color={REQUEST_STATUS[v]?.color}>{REQUEST_STATUS[v]?.text}</Tag> },
          { title: '说明', dataIndex: 'rejectReason', render: (v: string | null) => v ?? '' },
        ]}
      />
    </Card>
  );
}
