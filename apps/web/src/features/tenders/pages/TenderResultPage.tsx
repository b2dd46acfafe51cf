import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Result, Skeleton, Space } from 'antd';
import { BidStatus, formatChinaDateTime, TenderLotStatus, tenderResultInput, type TenderDetail } from '@aquamall/shared';
import { RichTextEditor } from '../../../components/RichTextEditor.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { usePublishResult, useTender } from '../api/tenders.ts';
import { when, yuan } from '../components/common.tsx';

const rules = formRules(tenderResultInput);

const esc = (v: string) => v.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The notice's first draft, from the tender: one paragraph per lot with its winner, and the objection route. */
function draftContent(d: TenderDetail): string {
  const lines = d.lots.map((l) =>
    l.status === TenderLotStatus.AWARDED
      ? `<p>标段「${esc(l.name)}」（${l.quantity}${esc(l.unit)}）：中标单位 ${esc(l.winnerName ?? '')}，中标金额 ${yuan(l.winAmount)}</p>`
      : `<p>标段「${esc(l.name)}」：流标</p>`,
  );
  return [
    `<p>项目名称：${esc(d.title)}（${esc(d.code)}）</p>`,
    `<p>采购人：${esc(d.purchaserName)}</p>`,
    // China time, as the public notice's timetable says it, whatever the purchaser's own time zone.
    `<p>开标时间：${formatChinaDateTime(d.openedAt)}</p>`,
    ...lines,
    '<p>公示期内，投标单位如有异议，可登录工作台在「我的投标」中对本项目提出异议。</p>',
  ].join('');
}

/** bid/bededite?id=: compose and publish the 中标公告 of a tender whose lots are all awarded or failed. */
export default function TenderResultPage() {
  const [search] = useSearchParams();
  const raw = Number(search.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const detail = useTender(id);
  const publish = usePublishResult();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ title: string; content: string }>();
  const back = <Link to={id ? `/customer/bid/edite?id=${id}` : '/customer/bid/bidindex'}><Button>返回</Button></Link>;
  if (!id) return <Card variant="borderless"><Result status="404" title="请从招标项目进入中标公告" extra={<Link to="/customer/bid/bidindex"><Button>招标项目</Button></Link>} /></Card>;
  if (detail.isLoading) return <Card variant="borderless"><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  const d = detail.data;
  if (!d || d.viewer !== 0) return <Card variant="borderless"><Result status="warning" title="招标项目不存在" subTitle={detail.error instanceof Error ? detail.error.message : undefined} extra={back} /></Card>;
  if (d.status === BidStatus.AWARDED) {
    return (
      <Card variant="borderless" title="中标公告">
        <Result status="success" title="中标公告已发布" subTitle={`公示期至 ${when(d.publicityEndsAt)}`} extra={<Space>{d.resultId && <Link to={`/mall/bidDetail?id=${d.resultId}`} target="_blank"><Button type="primary">查看公告</Button></Link>}{back}</Space>} />
      </Card>
    );
  }
  const pending = d.lots.filter((l) => l.status === TenderLotStatus.OPEN);
  return (
    <Card variant="borderless" title="发布中标公告" extra={back}>
      {pending.length > 0 && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={`尚有标段未定标：${pending.map((l) => l.name).join('、')}。全部标段定标或流标后才能发布。`} />}
      <Form form={form} layout="vertical" style={{ maxWidth: 860 }} initialValues={{ title: `${d.title}中标公告`, content: draftContent(d) }}>
        <Form.Item name="title" label="公告标题" rules={rules.title}><Input maxLength={150} /></Form.Item>
        <Form.Item name="content" label="公告内容" rules={rules.content} extra="发布后显示在商城「招标投标 · 中标公告」，连同各标段的中标单位、公示期和异议方式；公示期内投标单位可提出异议，所有投标单位都会收到结果通知。">
          <RichTextEditor />
        </Form.Item>
        <Button
          type="primary"
          disabled={pending.length > 0}
          loading={publish.isPending}
          onClick={() =>
            void form
              .validateFields()
              .then((v) => publish.mutateAsync({ tenderId: d.id, ...v }))
              .then(() => navigate(`/customer/bid/edite?id=${d.id}`))
              .catch(() => undefined)
          }
        >
          发布中标公告
        </Button>
      </Form>
    </Card>
  );
}
