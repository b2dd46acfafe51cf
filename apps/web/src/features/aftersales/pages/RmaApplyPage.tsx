import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import {
  enumLabel,
  fenToNumber,
  formatFen,
  RMA_PHOTOS_MAX,
  RMA_REASONS,
  rmaApplyInput,
  RmaType,
  toFen,
  type RmaApplyLine,
  formatChinaDateTime,
} from '@aquamall/shared';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { Img } from '../../../components/Img.tsx';
import { Price } from '../../../components/Format.tsx';
import { formRules, problemRule } from '../../../lib/form-rules.ts';
import { useApplyRma, useRmaApplyInfo } from '../api/rma.ts';

const rules = formRules(rmaApplyInput);

interface FormValues {
  type: number;
  reason: string;
  description: string;
  photos: string[];
  refundAmount?: number;
}

/**
 * rma/rmaApply?orderId=: the purchaser applies for after-sales on a completed order within the deadline:
 * type, lines and quantities (up to what was received less already claimed), reason, photos, refund.
 */
export default function RmaApplyPage() {
  const [search] = useSearchParams();
  const raw = Number(search.get('orderId'));
  const orderId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const info = useRmaApplyInfo(orderId);
  const back = (
    <Link to="/customer/rma/rmaList?type=0">
      <Button>返回售后列表</Button>
    </Link>
  );

  if (!orderId)
    return (
      <Card variant="borderless">
        <Result status="404" title="订单不存在" extra={back} />
      </Card>
    );
  if (info.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (info.isError || !info.data) {
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title="订单加载失败"
          subTitle={info.error instanceof Error ? info.error.message : undefined}
          extra={
            <Space>
              <Button onClick={() => void info.refetch()}>重试</Button>
              {back}
            </Space>
          }
        />
      </Card>
    );
  }
  const d = info.data;
  const orderLink = `/customer/order/detail?type=${d.orderType}&id=${d.orderId}`;
  return (
    <Card variant="borderless" title="申请售后" extra={back}>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="订单号">
          <Link to={orderLink}>{d.orderNo}</Link>
        </Descriptions.Item>
        <Descriptions.Item label="供应商">{d.shopName || d.sellerCompanyName}</Descriptions.Item>
        <Descriptions.Item label="订单金额">
          <Price value={d.totalAmount} />
        </Descriptions.Item>
        <Descriptions.Item label="完成时间">
          {d.completedAt ? formatChinaDateTime(d.completedAt) : '未完成'}
        </Descriptions.Item>
        <Descriptions.Item label="申请截止">
          {d.deadline ? formatChinaDateTime(d.deadline) : '无'}
        </Descriptions.Item>
      </Descriptions>
      {d.blockedReason ? (
        <Result
          status="info"
          title="当前不能申请售后"
          subTitle={d.blockedReason}
          extra={
            <Link to={orderLink}>
              <Button>查看订单</Button>
            </Link>
          }
        />
      ) : (
        <ApplyForm orderId={d.orderId} lines={d.lines} />
      )}
    </Card>
  );
}

function ApplyForm({ orderId, lines }: { orderId: number; lines: RmaApplyLine[] }) {
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const apply = useApplyRma();
  const type = Form.useWatch('type', form) ?? RmaType.RETURN;
  const claimable = lines.filter((l) => l.claimableQty > 0);
  const [picked, setPicked] = useState<Record<number, number>>(() =>
    claimable.length === 1 ? { [claimable[0]!.orderLineId]: claimable[0]!.claimableQty } : {},
  );
  const [linesError, setLinesError] = useState<string | null>(null);
  const linesFen = useMemo(
    () =>
      lines.reduce(
        (sum, l) => sum + (picked[l.orderLineId] ? toFen(l.unitPrice) * picked[l.orderLineId]! : 0),
        0,
      ),
    [lines, picked],
  );

  const setQty = (line: RmaApplyLine, qty: number | null) => {
    setPicked((p) => {
      const next = { ...p };
      if (qty && qty > 0) next[line.orderLineId] = Math.min(qty, line.claimableQty);
      else delete next[line.orderLineId];
      const total = lines.reduce(
        (sum, l) => sum + (next[l.orderLineId] ? toFen(l.unitPrice) * next[l.orderLineId]! : 0),
        0,
      );
      form.setFieldValue('refundAmount', fenToNumber(total));
      return next;
    });
    setLinesError(null);
  };

  const submit = async (v: FormValues) => {
    const chosen = Object.entries(picked).map(([id, quantity]) => ({ orderLineId: Number(id), quantity }));
    if (!chosen.length) {
      setLinesError('请至少选择一件商品并填写申请数量');
      return;
    }
    const res = await apply.mutateAsync({
      orderId,
      type: v.type,
      lines: chosen,
      reason: v.reason as (typeof RMA_REASONS)[number],
      description: v.description ?? '',
      photos: v.photos ?? [],
      ...(v.type === RmaType.EXCHANGE ? {} : { refundAmount: v.refundAmount }),
    });
    navigate(`/customer/rma/rmaEditor?type=0&id=${res.id}`);
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={{
        type: RmaType.RETURN,
        photos: [],
        description: '',
        refundAmount: linesFen ? fenToNumber(linesFen) : undefined,
      }}
      onFinish={(v) => void submit(v)}
      style={{ maxWidth: 960 }}
    >
      <Form.Item label="售后类型" name="type" required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[RmaType.RETURN, RmaType.REFUND, RmaType.EXCHANGE].map((v) => ({
            value: v,
            label: enumLabel('RmaType', v),
          }))}
        />
      </Form.Item>
      <Form.Item
        label="售后商品"
        required
        validateStatus={linesError ? 'error' : undefined}
        help={linesError ?? '填写数量即选中；可申请数量 = 已收货数量 − 已申请售后数量'}
      >
        <Table<RmaApplyLine>
          rowKey="orderLineId"
          size="small"
          pagination={false}
          dataSource={lines}
          columns={[
            {
              title: '商品',
              key: 'p',
              render: (_, l) => (
                <Space>
                  <Img
                    src={l.image}
                    width={120}
                    style={{ width: 44, height: 44, objectFit: 'cover', borderRadius: 4 }}
                  />
                  <span>
                    <div>{l.productName}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {l.spec || '默认规格'}
                    </Typography.Text>
                  </span>
                </Space>
              ),
            },
            { title: '单价', dataIndex: 'unitPrice', width: 100, render: (v: string) => <Price value={v} /> },
            {
              title: '已收货',
              dataIndex: 'shippedQty',
              width: 80,
              render: (q: number, l) => `${q}${l.unit}`,
            },
            {
              title: '已申请',
              dataIndex: 'claimedQty',
              width: 80,
              render: (q: number, l) => `${q}${l.unit}`,
            },
            {
              title: '申请数量',
              key: 'q',
              width: 150,
              render: (_, l) =>
                l.claimableQty > 0 ? (
                  <InputNumber
                    aria-label={`${l.productName}申请数量`}
                    min={0}
                    max={l.claimableQty}
                    precision={0}
                    value={picked[l.orderLineId] ?? null}
                    placeholder={`最多${l.claimableQty}`}
                    onChange={(v) => setQty(l, v)}
                    addonAfter={l.unit || undefined}
                  />
                ) : (
                  <Typography.Text type="secondary">不可申请</Typography.Text>
                ),
            },
          ]}
        />
      </Form.Item>
      <Space wrap align="start" size="large">
        <Form.Item label="售后原因" name="reason" rules={rules.reason} style={{ width: 260 }}>
          <Select placeholder="请选择售后原因" options={RMA_REASONS.map((r) => ({ value: r, label: r }))} />
        </Form.Item>
        {type !== RmaType.EXCHANGE && (
          <Form.Item
            label="退款金额"
            name="refundAmount"
            rules={[
              ...rules.refundAmount,
              problemRule((v: number | null) =>
                typeof v === 'number' && toFen(v) > linesFen
                  ? `退款金额不能超过所选商品金额 ${formatFen(linesFen)}`
                  : null,
              ),
            ]}
            extra={`最多 ${formatFen(linesFen)}（所选商品金额）`}
            style={{ width: 260 }}
          >
            <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Space>
      {type === RmaType.EXCHANGE && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="换货：供应商收到退回商品后，将以 0 元创建换货订单补发相同规格的商品。"
        />
      )}
      <Form.Item label="问题描述" name="description" rules={rules.description}>
        <Input.TextArea rows={4} maxLength={500} showCount placeholder="请描述商品问题，便于供应商尽快处理" />
      </Form.Item>
      <Form.Item label={`图片凭证（最多${RMA_PHOTOS_MAX}张）`} name="photos" rules={rules.photos}>
        <ImageUpload multiple max={RMA_PHOTOS_MAX} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={apply.isPending}>
          提交申请
        </Button>
      </Form.Item>
    </Form>
  );
}
