import { useState } from 'react';
import { rmaButton } from './status.tsx';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { RMA_DISPUTE_STATUS_NAMES, RmaDisputeStatus, rmaEscalateInput, type RmaDetail, formatChinaDateTime } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { useEscalateRma } from '../api/rma.ts';

const rules = formRules(rmaEscalateInput);
const SIDE_NAME: Record<number, string> = { 1: '采购商', 2: '供应商' };

/**
 * 申请平台介入 on a refused request (either party, once), and the platform's decision once there is one
 * (decision 0187).
 */
export function DisputePanel({ d }: { d: RmaDetail }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const escalate = useEscalateRma();
  const dispute = d.dispute;
  if (dispute) {
    const decided = dispute.status !== RmaDisputeStatus.OPEN;
    const forMe = (dispute.status === RmaDisputeStatus.BUYER_SUPPORTED) === (d.viewer === 0);
    return (
      <Alert
        data-testid="rma-dispute"
        type={!decided ? 'info' : forMe ? 'success' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        message={decided ? `平台裁决：${RMA_DISPUTE_STATUS_NAMES[dispute.status]}` : '已申请平台介入，等待平台处理'}
        description={
          <div>
            <div>
              {SIDE_NAME[dispute.raisedBySide]}于 {formatChinaDateTime(dispute.createdAt)} 申请介入：{dispute.reason}
            </div>
            {decided && (
              <div>
                裁决理由：{dispute.decisionReason}（{formatChinaDateTime(dispute.decidedAt)}）
                {dispute.status === RmaDisputeStatus.BUYER_SUPPORTED ? '，售后申请按已同意继续处理。' : '，驳回维持，售后申请已关闭。'}
              </div>
            )}
          </div>
        }
      />
    );
  }
  if (!d.actions.includes('escalate')) return null;
  return (
    <>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={d.viewer === 0 ? '对驳回有异议？可申请平台介入，由平台裁决' : '采购商对驳回有异议时，双方均可申请平台介入'}
        action={
          <Button size="small" onClick={() => setOpen(true)}>
            {rmaButton('escalate')}
          </Button>
        }
      />
      <Modal
        open={open}
        title={rmaButton('escalate')}
        okText="提交申请"
        okButtonProps={{ loading: escalate.isPending }}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void escalate.mutateAsync({ id: d.id, reason: v.reason }).then(() => setOpen(false))}>
          <Form.Item name="reason" label="申请理由" rules={rules.reason} extra="每个售后申请只能申请一次平台介入，平台裁决后通知双方。">
            <Input.TextArea rows={4} maxLength={300} showCount placeholder="请说明理由及依据（如检测报告、沟通记录）" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
