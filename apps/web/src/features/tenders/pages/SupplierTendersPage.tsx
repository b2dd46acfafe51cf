import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, InputNumber, List, Popconfirm, Result, Skeleton, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { BID_UNCHANGED, BidStatus, TenderBidStatus, TenderLotStatus, enumLabel, tenderBidMachine, tenderAskInput, tenderBidInput, tenderObjectInput, type TenderDetail, type TenderRow } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { VersionChanges } from '../../../components/VersionChanges.tsx';
import { useAskQuestion, useObject, useReconfirmBid, useRegister, useSubmitBid, useSupplierTenders, useTender, useWithdrawBid } from '../api/tenders.ts';
import { DocLinks, PdfUpload, TenderStatusTag, when, yuan, type Doc } from '../components/common.tsx';

const bidRules = formRules(tenderBidInput);
const askRules = formRules(tenderAskInput);
const objectRules = formRules(tenderObjectInput);

/** bid/bidingIndex: the supplier's tenders and open tenders it qualifies for; ?id= one tender to register, bid, ask, object. */
export default function SupplierTendersPage() {
  const [search] = useSearchParams();
  const raw = Number(search.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  return id ? <SupplierTender id={id} /> : <SupplierList />;
}

function SupplierList() {
  const { params, filter, page } = useListParams<{ scope: number; keyword?: string }>({ scope: 0 });
  const list = useSupplierTenders(params);
  const columns: TableColumnsType<TenderRow> = [
    {
      title: '招标项目',
      dataIndex: 'title',
      width: 280,
      render: (v: string, r) => (
        <span>
          <Link to={`/customer/bid/bidingIndex?id=${r.id}`}>{v}</Link>
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>{r.code}{r.invitedOnly ? ' · 邀请招标' : ''}</div>
        </span>
      ),
    },
    { title: '招标单位', dataIndex: 'purchaserName', width: 180, ellipsis: true },
    { title: '预算', dataIndex: 'budget', width: 120, render: (v: string | null) => (v === null ? '不公开' : yuan(v)) },
    { title: '投标截止', dataIndex: 'deadline', width: 150, render: when },
    { title: '项目状态', dataIndex: 'status', width: 90, render: (s: number) => <TenderStatusTag status={s} /> },
    { title: '我的投标', dataIndex: 'myBidStatus', width: 90, render: (s: number | null) => (s === null ? '未报名' : <Tag color={s === 2 ? 'orange' : s === 3 ? 'default' : 'blue'}>{enumLabel('TenderBidStatus', s)}</Tag>) },
    { title: '操作', key: 'a', width: 80, fixed: 'right', render: (_, r) => <Link to={`/customer/bid/bidingIndex?id=${r.id}`}>{r.status === BidStatus.OPEN ? '投标' : '查看'}</Link> },
  ];
  return (
    <ListPage title="我的投标" filters={<Input.Search allowClear placeholder="项目名称 / 编号 / 招标单位" maxLength={50} style={{ width: 260 }} onSearch={(v) => filter({ keyword: v.trim() || undefined })} />}>
      <Tabs activeKey={String(params.scope)} onChange={(k) => filter({ scope: Number(k) })} items={[{ key: '0', label: '我参与的招标' }, { key: '1', label: '可参与的招标' }]} />
      <ListTable<TenderRow> rowKey="id" size="middle" query={list} params={params} onPage={page} columns={columns} scroll={{ x: 1050 }} errorTitle="招标项目加载失败" emptyText={params.scope === 0 ? '暂无参与的招标，可在「可参与的招标」中报名' : '暂无符合贵公司资格的公开招标'} />
    </ListPage>
  );
}

function SupplierTender({ id }: { id: number }) {
  const detail = useTender(id);
  const back = <Link to="/customer/bid/bidingIndex"><Button>返回列表</Button></Link>;
  if (detail.isLoading) return <Card variant="borderless"><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  const d = detail.data;
  if (!d) return <Card variant="borderless"><Result status="warning" title="招标项目不存在" subTitle={detail.error instanceof Error ? detail.error.message : undefined} extra={back} /></Card>;
  const open = d.status === BidStatus.OPEN && !!d.deadline && new Date(d.deadline) > new Date();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless" title={<Space>{d.title}<TenderStatusTag status={d.status} /></Space>} extra={<Space><Link to={`/mall/bidDetail?id=${d.id}`} target="_blank"><Button>公告页</Button></Link>{back}</Space>}>
        <Outcome d={d} />
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label="项目编号">{d.code}</Descriptions.Item>
          <Descriptions.Item label="招标单位">{d.purchaserName}</Descriptions.Item>
          <Descriptions.Item label="预算">{d.budget === null ? '不公开' : yuan(d.budget)}</Descriptions.Item>
          <Descriptions.Item label="投标截止">{when(d.deadline)}</Descriptions.Item>
          <Descriptions.Item label="开标时间">{when(d.openAt)}</Descriptions.Item>
          <Descriptions.Item label="联系人">{[d.contactName, d.contactPhone].filter(Boolean).join(' ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="招标文件" span={3}><DocLinks docs={d.documents} /></Descriptions.Item>
          <Descriptions.Item label="招标说明" span={3}><div style={{ whiteSpace: 'pre-wrap', maxHeight: 200, overflow: 'auto' }}>{d.content.replace(/<[^>]+>/g, ' ').trim() || '—'}</div></Descriptions.Item>
        </Descriptions>
      </Card>
      {open && d.lots.length === 0 && <Alert type="info" showIcon message="本项目未开通在线投标，请按公告联系招标单位。" />}
      {open && d.lots.length > 0 && <BidEditor d={d} />}
      {!open && d.myBid && <MyBid d={d} />}
      {d.openingRecord && (
        <Card variant="borderless" title="开标记录">
          <Table rowKey="bidId" size="small" pagination={false} dataSource={d.openingRecord} columns={[
            { title: '投标单位', dataIndex: 'companyName' },
            { title: '报价', key: 'p', render: (_, e) => e.prices.map((p) => `${p.lotName}：${yuan(p.price)}`).join('；') },
            { title: '投标时间', dataIndex: 'submittedAt', render: when },
          ]} />
        </Card>
      )}
      <QuestionsCard d={d} open={open} />
      <ObjectionCard d={d} />
    </Space>
  );
}

function Outcome({ d }: { d: TenderDetail }) {
  if (d.refusal && d.myStatus === null) return <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={`不符合投标资格：${d.refusal}`} />;
  if (d.myStatus === TenderBidStatus.TO_CONFIRM) return <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="招标文件已变更，请在截止前重新确认或修改您的投标，否则投标无效。" />;
  if (d.status === BidStatus.AWARDED && d.myBid) {
    const won = d.lots.filter((l) => l.winnerBidId === d.myBid!.bidId);
    return won.length
      ? <Alert type="success" showIcon style={{ marginBottom: 16 }} message={`恭喜，贵公司中标：${won.map((l) => `${l.name}（${yuan(l.winAmount)}）`).join('、')}`} />
      : <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`本次未中标。中标单位：${[...new Set(d.lots.flatMap((l) => (l.winnerName ? [l.winnerName] : [])))].join('、')}`} />;
  }
  if (d.status === BidStatus.FAILED) return <Alert type="error" showIcon style={{ marginBottom: 16 }} message="有效投标不足3家，项目流标。" />;
  return null;
}

interface BidForm {
  prices: Record<string, number | null>;
  validityDays: number;
  documents: Doc[];
  remark: string;
}

function BidEditor({ d }: { d: TenderDetail }) {
  const [form] = Form.useForm<BidForm>();
  const register = useRegister();
  const submit = useSubmitBid();
  const withdraw = useWithdrawBid();
  const reconfirm = useReconfirmBid();
  const mine = d.myBid;
  const hasBid = mine !== null && d.myStatus !== null && tenderBidMachine.can('withdraw', d.myStatus);
  const initial: BidForm = {
    prices: Object.fromEntries(d.lots.map((l) => [String(l.id), mine?.prices.find((p) => p.lotId === l.id) ? Number(mine.prices.find((p) => p.lotId === l.id)!.price) : null])),
    validityDays: mine?.validityDays ?? 90,
    documents: mine?.documents ?? [],
    remark: mine?.remark ?? '',
  };
  if (d.refusal && d.myStatus === null) return null;
  if (d.myStatus === null)
    return (
      <Card variant="borderless" title="参与投标">
        <Space>
          <Button type="primary" loading={register.isPending} onClick={() => void register.mutateAsync({ id: d.id }).catch(() => undefined)}>报名参与</Button>
          <Typography.Text type="secondary">报名后可提交投标；投标内容在开标前对任何人保密。</Typography.Text>
        </Space>
      </Card>
    );
  const send = () =>
    void form
      .validateFields()
      .then((v) =>
        submit.mutateAsync({
          tenderId: d.id,
          prices: d.lots.flatMap((l) => (v.prices[String(l.id)] ? [{ lotId: l.id, price: v.prices[String(l.id)]! }] : [])),
          validityDays: v.validityDays,
          documents: v.documents,
          remark: v.remark,
        }),
      )
      .then((r) => (r.unchanged ? notify.warning(BID_UNCHANGED) : notify.success(`投标已提交（第${r.version}版）`)))
      .catch(() => undefined);
  return (
    <Card
      variant="borderless"
      title={hasBid ? `我的投标（第${mine!.version}版，${enumLabel('TenderBidStatus', d.myStatus!)}）` : '提交投标'}
      extra={hasBid && (
        <Space>
          {tenderBidMachine.can('reconfirm', d.myStatus!) && d.amendedAt && <Button type="primary" loading={reconfirm.isPending} onClick={() => void reconfirm.mutateAsync({ id: d.id, amendedAt: d.amendedAt! }).catch(() => undefined)}>{tenderBidMachine.actions.reconfirm.label}</Button>}
          <Popconfirm title="撤回后投标不再有效，截止前可重新提交。确定撤回？" onConfirm={() => withdraw.mutateAsync({ id: d.id }).catch(() => undefined)}><Button danger>{tenderBidMachine.actions.withdraw.label}</Button></Popconfirm>
        </Space>
      )}
    >
      {hasBid && <VersionChanges version={mine!.version} changes={mine!.changes} />}
      <Form form={form} layout="vertical" initialValues={initial} key={`${mine?.version ?? 0}-${d.myStatus}`} style={{ maxWidth: 860 }}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d.lots}
          style={{ marginBottom: 16 }}
          columns={[
            { title: '标段', dataIndex: 'name', width: 180 },
            { title: '规格要求', dataIndex: 'spec', width: 180 },
            { title: '数量', key: 'q', width: 100, render: (_, l) => `${l.quantity} ${l.unit}` },
            {
              title: '含税单价（元，不报可留空）',
              key: 'price',
              width: 220,
              render: (_, l) => (
                <Form.Item name={['prices', String(l.id)]} noStyle>
                  <InputNumber min={0.01} precision={2} style={{ width: 180 }} placeholder="单价" aria-label={`${l.name}报价`} />
                </Form.Item>
              ),
            },
          ]}
        />
        <Space size="large" wrap>
          <Form.Item name="validityDays" label="报价有效期（天）" rules={bidRules.validityDays}><InputNumber min={1} max={365} precision={0} /></Form.Item>
          <Form.Item name="remark" label="备注" rules={bidRules.remark} style={{ width: 420 }}><Input maxLength={500} /></Form.Item>
        </Space>
        <Form.Item name="documents" label="投标文件（PDF）"><PdfUpload /></Form.Item>
        <Button type="primary" loading={submit.isPending} onClick={send}>{hasBid ? '修改投标' : '提交投标'}</Button>
      </Form>
    </Card>
  );
}

function MyBid({ d }: { d: TenderDetail }) {
  const b = d.myBid!;
  return (
    <Card variant="borderless" title={`我的投标（第${b.version}版，${b.statusName}）`}>
      <VersionChanges version={b.version} changes={b.changes} />
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
        {b.prices.map((p) => {
          const lot = d.lots.find((l) => l.id === p.lotId);
          return <Descriptions.Item key={p.lotId} label={lot?.name ?? '标段'}>单价 {yuan(p.price)} · 总价 {yuan(p.amount)}{lot?.status === TenderLotStatus.FAILED ? '（流标）' : ''}</Descriptions.Item>;
        })}
        <Descriptions.Item label="有效期">{b.validityDays} 天</Descriptions.Item>
        <Descriptions.Item label="投标时间">{when(b.submittedAt)}</Descriptions.Item>
        <Descriptions.Item label="投标文件" span={2}><DocLinks docs={b.documents} /></Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function QuestionsCard({ d, open }: { d: TenderDetail; open: boolean }) {
  const [form] = Form.useForm<{ question: string }>();
  const ask = useAskQuestion();
  return (
    <Card variant="borderless" title="答疑澄清">
      {d.questions.length === 0 ? <Empty description="暂无答疑" /> : (
        <List dataSource={d.questions} renderItem={(q) => (
          <List.Item>
            <Space direction="vertical">
              <Typography.Text strong>问：{q.question}{q.mine ? '（我的提问）' : ''}</Typography.Text>
              <Typography.Text type={q.answer ? undefined : 'secondary'}>{q.answer ? `答：${q.answer}` : '等待招标方答复'}</Typography.Text>
            </Space>
          </List.Item>
        )} />
      )}
      {open && !(d.refusal && d.myStatus === null) && (
        <Form form={form} layout="inline" style={{ marginTop: 12 }} onFinish={(v) => void ask.mutateAsync({ tenderId: d.id, question: v.question }).then(() => form.resetFields()).catch(() => undefined)}>
          <Form.Item name="question" rules={askRules.question} style={{ width: 480 }}><Input maxLength={500} placeholder="向招标方提问，答复将发布给所有投标单位" /></Form.Item>
          <Button htmlType="submit" loading={ask.isPending}>提问</Button>
        </Form>
      )}
    </Card>
  );
}

function ObjectionCard({ d }: { d: TenderDetail }) {
  const [form] = Form.useForm<{ reason: string }>();
  const object = useObject();
  const inPublicity = d.status === BidStatus.AWARDED && !!d.publicityEndsAt && new Date(d.publicityEndsAt) > new Date() && d.myBid !== null;
  if (!inPublicity && d.objections.length === 0) return null;
  return (
    <Card variant="borderless" title="中标异议">
      {d.objections.map((o) => (
        <Typography.Paragraph key={o.id}>
          {when(o.createdAt)} 我的异议：{o.reason}
          {o.reply && <><br />招标方答复：{o.reply}</>}
        </Typography.Paragraph>
      ))}
      {inPublicity && (
        <Form form={form} layout="inline" onFinish={(v) => void object.mutateAsync({ tenderId: d.id, reason: v.reason }).then(() => form.resetFields()).catch(() => undefined)}>
          <Form.Item name="reason" rules={objectRules.reason} style={{ width: 480 }}><Input maxLength={1000} placeholder={`公示期至 ${when(d.publicityEndsAt)}，请说明异议理由`} /></Form.Item>
          <Button htmlType="submit" loading={object.isPending}>提出异议</Button>
        </Form>
      )}
    </Card>
  );
}
