import { useState } from 'react';
import { Button, Empty, Form, Input, Pagination, Rate, Select, Spin, Tabs } from 'antd';
import { Link } from 'react-router';
import { questionInput, reviewInput, type GoodsDiscussionRow, formatChinaDate, formatRating } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { clientStore } from '../../../lib/storage.ts';
import { loginUrlWithReturn } from '../../../lib/api.ts';
import { useAskQuestion, useGoodsDiscussions, useReviewable, useWriteReview } from '../api/discussion.ts';

const reviewRules = formRules(reviewInput);
const questionRules = formRules(questionInput);
const PAGE = 10;

function Entry({ r }: { r: GoodsDiscussionRow }) {
  return (
    <div className="am-discussion-entry" data-testid="discussion-entry">
      <div className="am-small am-muted">
        {r.authorName}
        {r.rating !== null && <Rate disabled value={r.rating} style={{ fontSize: 12, marginLeft: 8 }} />}
        {r.spec && <span style={{ marginLeft: 8 }}>{r.spec}</span>}
        <span style={{ float: 'right' }}>{formatChinaDate(r.createdAt)}</span>
      </div>
      <div style={{ margin: '4px 0' }}>{r.kind === 2 ? `问：${r.content}` : r.content}</div>
      {r.reply && <div className="am-discussion-reply">商家回复：{r.reply}</div>}
      {!r.reply && r.kind === 2 && <div className="am-small am-muted">等待商家回复</div>}
    </div>
  );
}

function ReviewForm({ productId, unit }: { productId: number; unit: string }) {
  const lines = useReviewable(productId);
  const write = useWriteReview();
  const [form] = Form.useForm<{ orderLineId: number; rating: number; content: string }>();
  if (!lines.data?.length) return null;
  return (
    <Form
      form={form}
      layout="vertical"
      className="am-discussion-form"
      onFinish={(v) => write.mutate(v, { onSuccess: () => form.resetFields() })}
    >
      <Form.Item
        name="orderLineId"
        label="评价已完成的订单商品"
        rules={reviewRules.orderLineId}
        initialValue={lines.data[0]!.orderLineId}
      >
        <Select
          options={lines.data.map((l) => ({
            value: l.orderLineId,
            label: `${l.orderNo}${l.spec ? ` · ${l.spec}` : ''} × ${l.quantity}${unit}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="rating" label="评分" rules={reviewRules.rating}>
        <Rate />
      </Form.Item>
      <Form.Item name="content" label="评价内容" rules={reviewRules.content}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="说说商品质量、发货和服务" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={write.isPending}>
        发布评价
      </Button>
    </Form>
  );
}

function QuestionForm({ productId }: { productId: number }) {
  const ask = useAskQuestion();
  const [form] = Form.useForm<{ content: string }>();
  if (!clientStore.getToken()) {
    return (
      <div className="am-small am-muted" style={{ marginBottom: 12 }}>
        <Link to={loginUrlWithReturn()}>登录</Link>后可向商家提问
      </div>
    );
  }
  return (
    <Form
      form={form}
      layout="inline"
      className="am-discussion-form"
      onFinish={(v) => ask.mutate({ productId, content: v.content }, { onSuccess: () => form.resetFields() })}
    >
      <Form.Item name="content" rules={questionRules.content} style={{ flex: 1 }}>
        <Input maxLength={300} placeholder="向商家提问，如：含量是多少？" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={ask.isPending}>
        提问
      </Button>
    </Form>
  );
}

/** The goods detail's 商品评价 / 商品问答: the average rating, the entries with replies, review and question forms. */
export default function GoodsDiscussions({ productId, unit = '' }: { productId: number; unit?: string }) {
  const [kind, setKind] = useState<1 | 2>(1);
  const [pageIndex, setPageIndex] = useState(1);
  const list = useGoodsDiscussions({ productId, kind, pageIndex, pageSize: PAGE });
  const d = list.data;
  const body = (
    <Spin spinning={list.isFetching}>
      {kind === 1 ? <ReviewForm productId={productId} unit={unit} /> : <QuestionForm productId={productId} />}
      {list.isError ? (
        <div className="am-muted">
          加载失败，<a onClick={() => void list.refetch()}>重试</a>
        </div>
      ) : d && d.list.length ? (
        <>
          {d.list.map((r) => (
            <Entry key={r.sysNo} r={r} />
          ))}
          {d.total > PAGE && (
            <Pagination
              size="small"
              current={pageIndex}
              pageSize={PAGE}
              total={d.total}
              onChange={setPageIndex}
              style={{ marginTop: 12 }}
            />
          )}
        </>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={list.isLoading ? '加载中…' : kind === 1 ? '暂无评价' : '暂无提问'}
        />
      )}
    </Spin>
  );
  return (
    <div className="am-box-pad" data-testid="goods-discussions">
      <div style={{ marginBottom: 8 }}>
        {d?.averageRating != null ? (
          <span>
            <Rate disabled allowHalf value={Math.round(d.averageRating * 2) / 2} style={{ fontSize: 14 }} />{' '}
            <b data-testid="average-rating">{formatRating(d.averageRating)}</b> 分 · {d.reviewCount} 条评价
          </span>
        ) : (
          <span className="am-muted">暂无评分</span>
        )}
      </div>
      <Tabs
        activeKey={String(kind)}
        onChange={(k) => {
          setKind(k === '2' ? 2 : 1);
          setPageIndex(1);
        }}
        items={[
          {
            key: '1',
            label: `商品评价${d ? `（${d.reviewCount}）` : ''}`,
            children: kind === 1 ? body : null,
          },
          {
            key: '2',
            label: `商品问答${d ? `（${d.questionCount}）` : ''}`,
            children: kind === 2 ? body : null,
          },
        ]}
      />
    </div>
  );
}
