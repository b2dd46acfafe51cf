import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, Checkbox, Descriptions, Empty, Input, InputNumber, List, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { BidStatus, TenderLotStatus, enumLabel, tenderMachine, type TenderDetail } from '@aquamall/shared';
import { useAnswerQuestion, useAwardLot, useReplyObjection, useRepublish, useScoreBids } from '../api/tenders.ts';
import { DocLinks, TenderStatusTag, when, yuan } from './common.tsx';
import { AwardWaiting } from '../../../components/AwardWaiting.tsx';

type Lot = TenderDetail['lots'][number];

/** The purchaser's view of a published tender: facts, lots, Q&A, then the opening record, scoring and award. */
export function TenderManage({ d, onAmend }: { d: TenderDetail; onAmend: () => void }) {
  const navigate = useNavigate();
  const republish = useRepublish();
  const decided = d.lots.every((l) => l.status !== TenderLotStatus.OPEN) && d.lots.some((l) => l.status === TenderLotStatus.AWARDED);
  const canResult = tenderMachine.can('publishResult', d.status) && decided;
  const failed = d.lots.filter((l) => l.status === TenderLotStatus.FAILED);
  const qualification = [
    d.minMemberLevel ? `${enumLabel('MemberLevel', d.minMemberLevel)}及以上` : '',
    d.certRequired ? '须通过企业认证' : '',
    d.shopTypes.length ? `店铺类型：${d.shopTypes.map((s) => enumLabel('ShopType', s)).join('、')}` : '',
  ].filter(Boolean);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={<Space>{d.title}<TenderStatusTag status={d.status} /></Space>}
        extra={
          <Space>
            {tenderMachine.can('amend', d.status) && <Button onClick={onAmend}>{tenderMachine.actions.amend.label}</Button>}
            {canResult && <Link to={`/customer/bid/bededite?id=${d.id}`}><Button type="primary">{tenderMachine.actions.publishResult.label}</Button></Link>}
            {d.resultId && <Link to={`/mall/bidDetail?id=${d.resultId}`} target="_blank"><Button>查看中标公告</Button></Link>}
            <Link to="/customer/bid/bidindex"><Button>返回列表</Button></Link>
          </Space>
        }
      >
        {!d.openedAt && d.status !== BidStatus.FAILED && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`投标内容密封：开标前任何人（包括招标方与平台）都不能查看投标内容。已报名 ${d.registeredCount} 家，已投标 ${d.bidCount} 家。`} />
        )}
        {d.status === BidStatus.AWARDED && d.publicityEndsAt && (
          <Alert type="success" showIcon style={{ marginBottom: 16 }} message={`中标结果公示中，公示期至 ${when(d.publicityEndsAt)}，投标单位可在公示期内提出异议。`} />
        )}
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label="项目编号">{d.code}</Descriptions.Item>
          <Descriptions.Item label="品类">{d.category || '—'}</Descriptions.Item>
          <Descriptions.Item label="预算">{yuan(d.budget)}{d.budgetShown ? '' : '（不公开）'}</Descriptions.Item>
          <Descriptions.Item label="发布时间">{when(d.publishedAt)}</Descriptions.Item>
          <Descriptions.Item label="投标截止">{when(d.deadline)}</Descriptions.Item>
          <Descriptions.Item label="开标时间">{when(d.openAt)}</Descriptions.Item>
          <Descriptions.Item label="招标方式">{d.invitedOnly ? `邀请招标：${d.invited.map((i) => i.name).join('、')}` : '公开招标'}</Descriptions.Item>
          <Descriptions.Item label="投标资格">{qualification.join('；') || '不限'}</Descriptions.Item>
          <Descriptions.Item label="评分权重">价格 {d.priceWeight}% · 技术 {d.techWeight}%</Descriptions.Item>
          <Descriptions.Item label="招标文件" span={3}><DocLinks docs={d.documents} /></Descriptions.Item>
        </Descriptions>
      </Card>
      <Card variant="borderless" title="标段" extra={failed.length > 0 && (
        <Button loading={republish.isPending} onClick={() => void republish.mutateAsync({ tenderId: d.id, lotIds: failed.map((l) => l.id) }).then((r) => navigate(`/customer/bid/edite?id=${r.id}`)).catch(() => undefined)}>
          流标标段重新招标
        </Button>
      )}>
        <Table<Lot>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d.lots}
          scroll={{ x: 860 }}
          columns={[
            { title: '标段', dataIndex: 'name', width: 180 },
            { title: '规格要求', dataIndex: 'spec', width: 180 },
            { title: '数量', key: 'q', width: 100, render: (_, l) => `${l.quantity} ${l.unit}` },
            { title: '预算', dataIndex: 'budget', width: 120, render: yuan },
            { title: '有效投标', dataIndex: 'bidCount', width: 90, render: (v: number | null) => v ?? '—' },
            { title: '状态', dataIndex: 'statusName', width: 80, render: (v: string, l) => <Tag color={l.status === 1 ? 'red' : l.status === 2 ? 'green' : 'blue'}>{v}</Tag> },
            { title: '中标单位', key: 'w', width: 200, render: (_, l) => (l.winnerName ? `${l.winnerName}（${yuan(l.winAmount)}）` : '—') },
          ]}
        />
      </Card>
      {d.openedAt && <Evaluation d={d} />}
      <Questions d={d} />
      {d.objections.length > 0 && <Objections d={d} />}
      <History d={d} />
    </Space>
  );
}

/** The project's status changes (document_history), labelled by the tender's state table. */
function History({ d }: { d: TenderDetail }) {
  if (!d.history.length) return null;
  return (
    <Card variant="borderless" title="操作记录">
      <Table
        size="small"
        rowKey={(r) => `${r.createdAt}-${r.action}`}
        pagination={false}
        dataSource={d.history}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => when(v) },
          { title: '操作', dataIndex: 'action', width: 140, render: (v: string) => tenderMachine.historyLabel(v) },
          { title: '状态', dataIndex: 'toStatus', width: 100, render: (v: number) => tenderMachine.label(v) },
          { title: '操作人', dataIndex: 'userName', width: 120 },
        ]}
      />
    </Card>
  );
}

function Questions({ d }: { d: TenderDetail }) {
  const answer = useAnswerQuestion();
  const [texts, setTexts] = useState<Record<number, string>>({});
  return (
    <Card variant="borderless" title="答疑澄清">
      {d.questions.length === 0 ? <Empty description="暂无供应商提问" /> : (
        <List
          dataSource={d.questions}
          renderItem={(q) => (
            <List.Item>
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Text strong>问：{q.question}</Typography.Text>
                <Typography.Text type="secondary">{q.askerName} · {when(q.createdAt)}</Typography.Text>
                {q.answer ? <Typography.Text>答：{q.answer}</Typography.Text> : !d.openedAt && (
                  <Space.Compact style={{ width: '100%', maxWidth: 640 }}>
                    <Input maxLength={1000} placeholder="答复将发布给所有投标单位" value={texts[q.id] ?? ''} onChange={(e) => setTexts({ ...texts, [q.id]: e.target.value })} />
                    <Button type="primary" loading={answer.isPending} onClick={() => void answer.mutateAsync({ questionId: q.id, answer: texts[q.id] ?? '' }).catch(() => undefined)}>答复</Button>
                  </Space.Compact>
                )}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function Evaluation({ d }: { d: TenderDetail }) {
  const score = useScoreBids();
  const award = useAwardLot();
  const [edits, setEdits] = useState<Record<string, { priceScore?: number; techScore?: number }>>({});
  const [createOrder, setCreateOrder] = useState(false);
  // A lot whose award the company's approval rules caught reports its purchase request (lot.purchaseRequest, from the
  // server: the award refetches the detail, and a reload shows it too); the lot stays open until the approval.
  const awardLot = (lotId: number, bidId: number) => award.mutateAsync({ tenderId: d.id, lotId, bidId, createOrder });
  const editable = tenderMachine.can('evaluate', d.status);
  const key = (lotId: number, bidId: number) => `${lotId}:${bidId}`;
  const saved = (lotId: number, bidId: number) => d.scores.find((s) => s.lotId === lotId && s.bidId === bidId);
  return (
    <Card variant="borderless" title="开标记录与评标">
      <Typography.Paragraph type="secondary">开标时间 {when(d.openedAt)}，共 {d.openingRecord?.length ?? 0} 家有效投标。总分 = 价格分 × {d.priceWeight}% + 技术分 × {d.techWeight}%（服务器计算）。</Typography.Paragraph>
      {editable && <Checkbox checked={createOrder} onChange={(e) => setCreateOrder(e.target.checked)} style={{ marginBottom: 12 }}>定标时为中标单位生成订单（按中标单价，默认收货地址）</Checkbox>}
      {d.lots.filter((l) => l.status !== TenderLotStatus.FAILED).map((lot) => {
        const rows = d.bids.flatMap((b) => {
          const p = b.prices.find((x) => x.lotId === lot.id);
          return p ? [{ b, p }] : [];
        });
        return (
          <Card key={lot.id} size="small" type="inner" title={`${lot.name}（${lot.quantity} ${lot.unit}）`} style={{ marginBottom: 12 }}
            extra={editable && lot.status === TenderLotStatus.OPEN && (
              <Button size="small" loading={score.isPending} onClick={() => void score.mutateAsync({
                tenderId: d.id,
                scores: rows.map(({ b }) => {
                  const e = edits[key(lot.id, b.bidId)] ?? {};
                  const s = saved(lot.id, b.bidId);
                  return { lotId: lot.id, bidId: b.bidId, priceScore: e.priceScore ?? Number(s?.priceScore ?? 0), techScore: e.techScore ?? Number(s?.techScore ?? 0) };
                }),
              }).catch(() => undefined)}>保存评分</Button>
            )}>
            {lot.status === TenderLotStatus.OPEN && <AwardWaiting of="lot" request={lot.purchaseRequest} />}
            <Table
              rowKey={(r) => r.b.bidId}
              size="small"
              pagination={false}
              dataSource={rows}
              scroll={{ x: 900 }}
              columns={[
                { title: '投标单位', key: 'c', width: 200, render: (_, r) => r.b.companyName },
                { title: '单价', key: 'p', width: 110, render: (_, r) => yuan(r.p.price) },
                { title: '总价', key: 'a', width: 130, render: (_, r) => yuan(r.p.amount) },
                { title: '投标时间', key: 't', width: 140, render: (_, r) => when(r.b.submittedAt) },
                { title: '文件', key: 'd', width: 120, render: (_, r) => <DocLinks docs={r.b.documents} /> },
                ...(['priceScore', 'techScore'] as const).map((f) => ({
                  title: f === 'priceScore' ? '价格分' : '技术分',
                  key: f,
                  width: 100,
                  render: (_: unknown, r: (typeof rows)[number]) => {
                    const s = saved(lot.id, r.b.bidId);
                    const v = edits[key(lot.id, r.b.bidId)]?.[f] ?? (s ? Number(s[f]) : undefined);
                    return editable && lot.status === TenderLotStatus.OPEN ? (
                      <InputNumber size="small" min={0} max={100} precision={2} value={v} aria-label={`${r.b.companyName}${f === 'priceScore' ? '价格分' : '技术分'}`} onChange={(x) => setEdits({ ...edits, [key(lot.id, r.b.bidId)]: { ...edits[key(lot.id, r.b.bidId)], [f]: x ?? undefined } })} />
                    ) : (v ?? '—');
                  },
                })),
                { title: '总分', key: 'total', width: 80, render: (_, r) => saved(lot.id, r.b.bidId)?.total ?? '—' },
                {
                  title: '定标',
                  key: 'award',
                  width: 90,
                  fixed: 'right' as const,
                  render: (_, r) => lot.winnerBidId === r.b.bidId ? <Tag color="green">中标</Tag> : editable && lot.status === TenderLotStatus.OPEN && !lot.purchaseRequest && (
                    <Popconfirm title={`确定「${r.b.companyName}」中标「${lot.name}」？`} onConfirm={() => awardLot(lot.id, r.b.bidId).catch(() => undefined)}>
                      <Button size="small" type="link">定标</Button>
                    </Popconfirm>
                  ),
                },
              ]}
            />
          </Card>
        );
      })}
    </Card>
  );
}

function Objections({ d }: { d: TenderDetail }) {
  const reply = useReplyObjection();
  const [texts, setTexts] = useState<Record<number, string>>({});
  return (
    <Card variant="borderless" title="中标异议">
      <List
        dataSource={d.objections}
        renderItem={(o) => (
          <List.Item>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text strong>{o.companyName}：{o.reason}</Typography.Text>
              <Typography.Text type="secondary">{when(o.createdAt)}</Typography.Text>
              {o.reply ? <Typography.Text>答复：{o.reply}</Typography.Text> : (
                <Space.Compact style={{ width: '100%', maxWidth: 640 }}>
                  <Input maxLength={1000} placeholder="答复异议" value={texts[o.id] ?? ''} onChange={(e) => setTexts({ ...texts, [o.id]: e.target.value })} />
                  <Button loading={reply.isPending} onClick={() => void reply.mutateAsync({ objectionId: o.id, reply: texts[o.id] ?? '' }).catch(() => undefined)}>答复</Button>
                </Space.Compact>
              )}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
