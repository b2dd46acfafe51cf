import { useState } from 'react';
import { Alert, Button, Image, Input, Modal, Popconfirm, Space, Tabs, Tag } from 'antd';
import { Link } from 'react-router';
import { formatChinaDate, formatChinaDateTime, formatMoney, MEMBER_INVOICE_STATUS_LABELS, MEMBER_LEVEL_NAMES, MEMBER_ORDER_STATUS_LABELS } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { confirmUpgrade, issueMemberInvoice, rejectUpgrade, useUpgradeRequests, type UpgradeRow as Req } from '../api/review.ts';
import { useConsoleQuery } from '../api/admin.ts';
import { RejectButton } from '../components/RejectButton.tsx';
import { fileUrl } from '../../../lib/image.ts';

const STATUS_COLOR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default', 4: 'warning' };
const day = (v: string | null) => formatChinaDate(v, '');

/** Records the number of the invoice the platform issued for an order (asks for it). */
function IssueInvoiceButton({ row, onDone }: { row: Req; onDone: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [no, setNo] = useState('');
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        登记开票
      </Button>
      <Modal
        open={open}
        title={`登记开票 · ${row.orderNo ?? ''}`}
        okText="确定"
        okButtonProps={{ disabled: no.trim().length < 4 }}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          await issueMemberInvoice({ id: row.id, invoiceNo: no.trim() });
          setOpen(false);
          await onDone();
        }}
      >
        <p>
          抬头：{row.invoiceTitle}
          <br />
          税号：{row.invoiceTaxNo}
          <br />
          金额：{formatMoney(row.amount)}
          {row.invoiceEmail ? (
            <>
              <br />
              邮箱：{row.invoiceEmail}
            </>
          ) : null}
        </p>
        <Input placeholder="发票号码" value={no} maxLength={40} onChange={(e) => setNo(e.target.value)} />
      </Modal>
    </>
  );
}

/**
 * Console: membership orders. A company transfers the fee to the platform's account (系统设置 → 平台收款账户)
 * and hands in the receipt; the platform confirms (the level and its term are set) or refuses with a reason,
 * and records the invoice it issued. Every decision is audited.
 */
export default function MemberUpgradePage() {
  const { params, filter, page } = useListParams({ status: '0' }, 20);
  const list = useUpgradeRequests({ ...params, status: params.status === 'all' ? undefined : Number(params.status) });
  const bank = useConsoleQuery('adminPlatformBank');
  const refetch = list.refetch;
  return (
    <ListPage variant="outlined" title="会员订单确认">
      {bank.isSuccess && !bank.data && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="平台收款账户尚未设置，企业无法购买会员。"
          action={<Link to="/admin/settings">去设置</Link>}
        />
      )}
      <Tabs
        activeKey={params.status}
        onChange={(k) => filter({ status: k })}
        items={[
          { key: '0', label: '待确认' },
          { key: '4', label: '待付款' },
          { key: '1', label: '已确认' },
          { key: '2', label: '已拒绝' },
          { key: 'all', label: '全部' },
        ]}
      />
      <ListTable<Req>
        rowKey="id"
        query={list}
        params={params}
        onPage={page}
        errorTitle="会员订单加载失败"
        emptyText="暂无会员订单"
        scroll={{ x: 1200 }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', width: 170, render: (v: string | null) => v ?? '—' },
          { title: '企业', dataIndex: 'companyName', width: 180 },
          {
            title: '等级',
            width: 150,
            render: (_, r) => (r.kind === 2 ? `续费 ${MEMBER_LEVEL_NAMES[r.targetLevel]}` : `${MEMBER_LEVEL_NAMES[r.fromLevel]} → ${MEMBER_LEVEL_NAMES[r.targetLevel]}`),
          },
          { title: '金额', dataIndex: 'amount', width: 110, align: 'right', render: (v: string) => formatMoney(v) },
          {
            title: '转账凭证',
            width: 150,
            render: (_, r) =>
              r.proofFiles.length ? (
                <Image.PreviewGroup>
                  <Space size={4}>
                    {r.proofFiles.map((f) => (
                      <Image key={f} src={fileUrl(f)} width={40} height={40} style={{ objectFit: 'cover' }} alt="转账凭证" />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              ) : (
                '—'
              ),
          },
          { title: '流水号/备注', width: 160, render: (_, r) => [r.transferRef, r.remark].filter(Boolean).join(' / ') || '—' },
          { title: '提交时间', width: 140, render: (_, r) => formatChinaDateTime(r.proofAt ?? r.createdAt) },
          {
            title: '状态',
            width: 160,
            render: (_, r) => (
              <>
                <Tag color={STATUS_COLOR[r.status]}>{MEMBER_ORDER_STATUS_LABELS[r.status]}</Tag>
                {r.periodStart ? `${day(r.periodStart)} 至 ${day(r.periodEnd)}` : r.rejectReason}
              </>
            ),
          },
          {
            title: '发票',
            width: 150,
            render: (_, r) =>
              r.invoiceStatus === 1 ? (
                <IssueInvoiceButton row={r} onDone={refetch} />
              ) : r.invoiceStatus === 2 ? (
                `${MEMBER_INVOICE_STATUS_LABELS[2]} ${r.invoiceNo ?? ''}`
              ) : (
                MEMBER_INVOICE_STATUS_LABELS[0]
              ),
          },
          {
            title: '操作',
            width: 170,
            fixed: 'right',
            render: (_, r) =>
              r.status === 0 && (
                <Space>
                  <Popconfirm
                    title="确认已收到该企业的转账？"
                    description={`${r.orderNo ?? ''} ${formatMoney(r.amount)}`}
                    onConfirm={async () => {
                      await confirmUpgrade({ id: r.id });
                      await refetch();
                    }}
                  >
                    <Button type="primary" size="small" data-testid={`confirm-${r.orderNo ?? r.id}`}>
                      确认收款
                    </Button>
                  </Popconfirm>
                  <RejectButton
                    label="拒绝"
                    title="拒绝原因"
                    onReject={async (reason) => {
                      await rejectUpgrade({ id: r.id, reason });
                      await refetch();
                    }}
                  />
                </Space>
              ),
          },
        ]}
      />
    </ListPage>
  );
}
