import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Grid, Input, Modal, Popconfirm, Result, Row, Space, Spin, Table, Tag, Typography } from 'antd';
import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatChinaDate, formatMoney, toFen, MEMBER_INVOICE_STATUS_LABELS, MEMBER_ORDER_STATUS_LABELS, MemberOrderStatus, type MemberInfo, type MemberUpgradeRow } from '@aquamall/shared';
import { memberInvoiceRequestInput, memberOrderProofInput } from '@aquamall/shared/contracts/merchant';
import { formRules } from '../../../lib/form-rules.ts';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { memberInfoQuery, useMemberCommand } from '../api/merchant.ts';
import './member-page.css';

const proofRules = formRules(memberOrderProofInput);
const invoiceRules = formRules(memberInvoiceRequestInput);
const yuan = (amount: string | null) => (amount === null ? '免费' : formatMoney(amount));
const date = (iso: string | null) => formatChinaDate(iso);
const STATUS_COLOR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default', 4: 'warning' };
type Level = MemberInfo['levels'][number];

/** What a level's button does for this company: buy, upgrade, renew, or nothing (free or below the current level). */
function actionOf(level: Level, current: number): string | null {
  if (level.price === null) return null;
  if (level.level === current) return '续费';
  if (level.level < current) return null;
  return current === 0 ? '购买' : '升级';
}

/** The levels side by side: price, term and every right (cumulative), a button per level. Desktop: one table. */
function LevelTable({ data, onBuy, busy }: { data: MemberInfo; onBuy: (l: Level) => void; busy: boolean }) {
  const cols = data.levels;
  return (
    <table className="member-compare" data-testid="member-compare">
      <thead>
        <tr>
          <th>权益</th>
          {cols.map((l) => (
            <th key={l.level} className={l.level === data.memberLevel ? 'is-current' : undefined}>
              {l.name}
              {l.level === data.memberLevel && <Tag color="gold" style={{ marginLeft: 6 }}>当前</Tag>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>价格</td>
          {cols.map((l) => (
            <td key={l.level} className={l.level === data.memberLevel ? 'is-current' : undefined}>
              <strong className="member-price">{yuan(l.price)}</strong>
            </td>
          ))}
        </tr>
        <tr>
          <td>期限</td>
          {cols.map((l) => (
            <td key={l.level} className={l.level === data.memberLevel ? 'is-current' : undefined}>
              {l.months ? `${l.months}个月` : '长期'}
            </td>
          ))}
        </tr>
        {data.rights.map((r) => (
          <tr key={r.key}>
            <td>{r.name}</td>
            {cols.map((l) => (
              <td key={l.level} className={l.level === data.memberLevel ? 'is-current' : undefined} aria-label={l.level >= r.minLevel ? '包含' : '不包含'}>
                {l.level >= r.minLevel ? <CheckOutlined className="member-yes" /> : <MinusOutlined className="member-no" />}
              </td>
            ))}
          </tr>
        ))}
        <tr>
          <td />
          {cols.map((l) => {
            const action = actionOf(l, data.memberLevel);
            return (
              <td key={l.level} className={l.level === data.memberLevel ? 'is-current' : undefined}>
                {action && (
                  <Button type={action === '续费' ? 'default' : 'primary'} size="small" loading={busy} onClick={() => onBuy(l)} data-testid={`buy-level-${l.level}`}>
                    {action}
                  </Button>
                )}
              </td>
            );
          })}
        </tr>
      </tbody>
    </table>
  );
}

/** Phone: one card per level with its price, term and rights. */
function LevelCards({ data, onBuy, busy }: { data: MemberInfo; onBuy: (l: Level) => void; busy: boolean }) {
  return (
    <Row gutter={[12, 12]} data-testid="member-compare">
      {data.levels.map((l) => {
        const action = actionOf(l, data.memberLevel);
        return (
          <Col span={24} key={l.level}>
            <Card
              size="small"
              className={l.level === data.memberLevel ? 'member-card is-current' : 'member-card'}
              title={
                <Space>
                  {l.name}
                  {l.level === data.memberLevel && <Tag color="gold">当前</Tag>}
                </Space>
              }
              extra={
                action && (
                  <Button type={action === '续费' ? 'default' : 'primary'} size="small" loading={busy} onClick={() => onBuy(l)} data-testid={`buy-level-${l.level}`}>
                    {action}
                  </Button>
                )
              }
            >
              <div className="member-card-price">
                <strong className="member-price">{yuan(l.price)}</strong> <span>/ {l.months ? `${l.months}个月` : '长期'}</span>
              </div>
              <ul className="member-rights">
                {data.rights.map((r) => (
                  <li key={r.key} className={l.level >= r.minLevel ? undefined : 'is-off'}>
                    {l.level >= r.minLevel ? <CheckOutlined className="member-yes" /> : <MinusOutlined className="member-no" />} {r.name}
                  </li>
                ))}
              </ul>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

/** The open order: where to transfer (copy buttons, the note carrying the order number), then the receipt. */
function OpenOrder({ order, data }: { order: MemberUpgradeRow; data: MemberInfo }) {
  const [form] = Form.useForm<{ proofFiles: string[]; transferRef: string; remark: string }>();
  const proof = useMemberCommand('memberOrderProof');
  const cancel = useMemberCommand('memberOrderCancel');
  const bank = data.platformBank;
  const level = data.levels[order.targetLevel];
  const waiting = order.status === MemberOrderStatus.AWAITING_CONFIRMATION;
  return (
    <Card size="small" title={`会员订单 ${order.orderNo ?? ''}`} style={{ marginBottom: 24 }} data-testid="member-open-order"
      extra={<Tag color={STATUS_COLOR[order.status]}>{MEMBER_ORDER_STATUS_LABELS[order.status]}</Tag>}>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="会员等级">{level?.name}</Descriptions.Item>
        <Descriptions.Item label="期限">{order.months}个月</Descriptions.Item>
        <Descriptions.Item label="应付金额">
          <strong className="member-price">{yuan(order.amount)}</strong>
        </Descriptions.Item>
      </Descriptions>
      {waiting ? (
        <Alert type="info" showIcon message="转账凭证已提交，平台确认收款后会员等级立即生效，结果将通过站内消息通知您。" />
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message="请通过对公转账向以下平台账户支付，并在转账备注（附言）中填写订单号，以便平台核对到账。"
          />
          {bank && (
            <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }} data-testid="platform-bank">
              <Descriptions.Item label="户名">
                <Typography.Text copyable={{ text: bank.accountName, tooltips: ['复制', '已复制'] }}>{bank.accountName}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="开户行">
                <Typography.Text copyable={{ text: bank.bankName, tooltips: ['复制', '已复制'] }}>{bank.bankName}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="账号">
                <Typography.Text copyable={{ text: bank.accountNo, tooltips: ['复制', '已复制'] }}>{bank.accountNo.replace(/(\d{4})(?=\d)/g, '$1 ')}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="转账备注">
                <Typography.Text strong copyable={{ text: `会员费 ${order.orderNo ?? ''}`, tooltips: ['复制', '已复制'] }} data-testid="transfer-note">
                  会员费 {order.orderNo}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="金额">{yuan(order.amount)}</Descriptions.Item>
            </Descriptions>
          )}
          <Form
            form={form}
            layout="vertical"
            onFinish={async (v) => {
              await proof.mutateAsync({ id: order.id, proofFiles: v.proofFiles ?? [], transferRef: v.transferRef ?? '', remark: v.remark ?? '' });
            }}
          >
            <Form.Item name="proofFiles" label="转账凭证（回单截图，最多5张）" rules={proofRules.proofFiles} data-testid="member-proof">
              <ImageUpload multiple max={5} />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="transferRef" label="银行流水号（选填）" rules={proofRules.transferRef}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="remark" label="备注（选填）" rules={proofRules.remark}>
                  <Input maxLength={300} />
                </Form.Item>
              </Col>
            </Row>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={proof.isPending} data-testid="submit-proof">
                提交转账凭证
              </Button>
              <Popconfirm title="撤销该会员订单？" onConfirm={() => cancel.mutateAsync({ id: order.id })}>
                <Button loading={cancel.isPending}>撤销订单</Button>
              </Popconfirm>
            </Space>
          </Form>
        </>
      )}
    </Card>
  );
}

/** The invoice request of a confirmed order (the platform issues it). */
function InvoiceModal({ order, onClose }: { order: MemberUpgradeRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ title: string; taxNo: string; email: string }>();
  const request = useMemberCommand('memberOrderInvoice');
  return (
    <Modal
      open={!!order}
      title={`申请发票 · ${order?.orderNo ?? ''}`}
      onCancel={onClose}
      okText="提交申请"
      confirmLoading={request.isPending}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        await request.mutateAsync({ id: order!.id, title: v.title, taxNo: (v.taxNo ?? '').trim().toUpperCase(), email: v.email ?? '' });
        onClose();
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="title" label="发票抬头" rules={invoiceRules.title}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="taxNo" label="纳税人识别号" normalize={(v: string) => v?.toUpperCase()} rules={invoiceRules.taxNo}>
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item name="email" label="接收邮箱（选填）" rules={invoiceRules.email}>
          <Input maxLength={120} />
        </Form.Item>
        <Typography.Text type="secondary">金额 {yuan(order?.amount ?? '0.00')}，由平台开具增值税普通发票。</Typography.Text>
      </Form>
    </Modal>
  );
}

/**
 * authentication/member: the level and its expiry; the levels side by side (price, term, rights — cumulative);
 * buying, upgrading or renewing by transfer to the platform's account, confirmed in the console; the orders
 * with their terms and invoices. Online payment is not offered yet (no partner).
 */
export default function MemberPage() {
  const { data, isLoading, isError, refetch } = useQuery(memberInfoQuery);
  const create = useMemberCommand('memberOrderCreate');
  const screens = Grid.useBreakpoint();
  const [invoiceFor, setInvoiceFor] = useState<MemberUpgradeRow | null>(null);
  if (isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (isError || !data)
    return <Result status="error" title="会员信息加载失败" extra={<Button onClick={() => refetch()}>重试</Button>} />;
  const open = data.requests.find((r) => r.status === MemberOrderStatus.AWAITING_PAYMENT || r.status === MemberOrderStatus.AWAITING_CONFIRMATION);
  const buy = (l: Level) => {
    if (open) return;
    Modal.confirm({
      title: `${actionOf(l, data.memberLevel)}${l.name}`,
      content: `${yuan(l.price)} / ${l.months}个月${l.level === data.memberLevel && data.memberExpiresAt ? `，自 ${date(data.memberExpiresAt)} 起顺延` : ''}。确认后生成会员订单，请按订单信息对公转账。`,
      okText: '生成订单',
      onOk: () => create.mutateAsync({ level: l.level }),
    });
  };
  const Compare = screens.md ? LevelTable : LevelCards;
  return (
    <Card title="会员服务" className="member-page">
      <Descriptions bordered size="small" column={{ xs: 1, sm: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="当前会员等级">
          <Tag color="gold" data-testid="member-level">{data.levels[data.memberLevel]?.name}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="有效期至">
          <span data-testid="member-expiry">{data.memberLevel > 0 ? (data.memberExpiresAt ? date(data.memberExpiresAt) : '长期') : '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label="会员权限校验">{data.isMemberVail === 1 ? '已启用（按等级开放功能）' : '未启用（全部功能可用）'}</Descriptions.Item>
      </Descriptions>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="付款方式：目前仅支持对公转账。在线支付暂未开通，开通后将在此提供。"
      />
      {!data.platformBank && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="平台收款账户尚未设置，暂不能购买会员，请联系平台客服。" />}
      {open && <OpenOrder order={open} data={data} />}
      <div style={{ marginBottom: 24 }}>
        <Compare data={data} onBuy={buy} busy={create.isPending || !!open || !data.platformBank} />
        {open && <Typography.Text type="secondary">有未完成的会员订单，完成或撤销后可再次购买。</Typography.Text>}
      </div>
      <Typography.Title level={5}>会员订单</Typography.Title>
      <Table<MemberUpgradeRow>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 860 }}
        dataSource={data.requests}
        locale={{ emptyText: <Empty description="暂无会员订单" /> }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', width: 170, render: (v: string | null) => v ?? '—' },
          { title: '类型', dataIndex: 'kind', width: 70, render: (k: number, r) => (k === 2 ? '续费' : r.fromLevel > 0 ? '升级' : '开通') },
          { title: '等级', dataIndex: 'targetLevel', width: 90, render: (v: number) => data.levels[v]?.name },
          { title: '金额', dataIndex: 'amount', width: 100, align: 'right', render: (v: string) => yuan(v) },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <Tag color={STATUS_COLOR[v]}>{MEMBER_ORDER_STATUS_LABELS[v]}</Tag> },
          { title: '会员期限', key: 'period', width: 190, render: (_: unknown, r) => (r.periodStart ? `${date(r.periodStart)} 至 ${date(r.periodEnd)}` : '—') },
          {
            title: '发票',
            key: 'invoice',
            width: 150,
            render: (_: unknown, r) =>
              r.status === MemberOrderStatus.CONFIRMED && toFen(r.amount) > 0 ? (
                r.invoiceStatus === 0 ? (
                  <Button type="link" size="small" onClick={() => setInvoiceFor(r)}>
                    申请发票
                  </Button>
                ) : (
                  <span>
                    {MEMBER_INVOICE_STATUS_LABELS[r.invoiceStatus]}
                    {r.invoiceNo ? ` · ${r.invoiceNo}` : ''}
                  </span>
                )
              ) : (
                '—'
              ),
          },
          { title: '说明', dataIndex: 'rejectReason', render: (v: string | null) => v ?? '' },
        ]}
      />
      <InvoiceModal order={invoiceFor} onClose={() => setInvoiceFor(null)} />
    </Card>
  );
}
