import { formatChinaDate, formatChinaDateTime } from '@aquamall/shared';
import { memo, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Checkbox, DatePicker, Descriptions, Modal, Radio, Result, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { formatMoney, formatRating, toFen, toYuan, type OfferRow } from '@aquamall/shared';

type OfferLine = OfferRow['lines'][number];
import { Price } from '../../../components/Format.tsx';
import { exportOffers, useAwardEnquiry, useOfferComparison } from '../api/enquiries.ts';
import { OfferMatrix, type MatrixColumn } from '../components/OfferMatrix.tsx';
import { AwardWaiting } from '../../../components/AwardWaiting.tsx';
import { enquiryIdFrom, EnquiryMarks, EnquiryStatusTag } from '../components/status.tsx';

const OPTIONAL = [
  ['amount', '金额'],
  ['tax', '税率'],
  ['freight', '运费'],
  ['lead', '交货期'],
  ['valid', '有效期'],
  ['cert', '认证'],
  ['level', '会员等级'],
  ['rating', '评分'],
] as const;
type Optional = (typeof OPTIONAL)[number][0];
type SortKey = 'total' | 'lead' | 'rating' | 'updated';

const LOW = { color: '#cf1322', fontWeight: 600 };
const LOW_MARK = { display: 'inline-block', whiteSpace: 'nowrap', marginLeft: 4, padding: '0 4px', fontSize: 12, lineHeight: '18px', color: '#cf1322', background: '#fff1f0', border: '1px solid #ffa39e', borderRadius: 4, fontWeight: 400 } as const;

/** One price cell of the matrix: memoised, so choosing a supplier for one line re-renders that line's cells only. */
const PriceCell = memo(function PriceCell(p: {
  line: OfferLine | undefined;
  quotationId: number;
  itemId: number;
  label: string;
  low: boolean;
  choosable: boolean;
  chosen: boolean;
  onChoose: (itemId: number, quotationId: number) => void;
  amount: boolean;
  tax: boolean;
}) {
  const l = p.line;
  if (!l) return <span style={{ color: '#bfbfbf' }}>未报价</span>;
  return (
    <div data-testid={`cell-${p.quotationId}-${p.itemId}`}>
      {p.choosable ? (
        <input
          type="radio"
          className="am-award-radio"
          checked={p.chosen}
          onChange={() => p.onChoose(p.itemId, p.quotationId)}
          aria-label={p.label}
          style={{ marginRight: 6, verticalAlign: 'middle', cursor: 'pointer' }}
        />
      ) : null}
      <span style={p.low ? LOW : undefined}>{formatMoney(l.unitPrice)}</span>
      {p.low ? <span style={LOW_MARK}>最低</span> : null}
      {p.amount ? <div style={{ fontSize: 12, color: '#595959' }}>金额 {formatMoney(l.amount)}</div> : null}
      {p.tax ? <div style={{ fontSize: 12, color: '#8c8c8c' }}>税率 {Number(l.taxRate)}%</div> : null}
    </div>
  );
});

/**
 * enquiry/offerList — the comparison: every live offer (rows) against every line (columns): unit price, line
 * amount, tax rate; freight, total, lead time, validity, certification, member level, rating. Lowest per line and
 * overall marked; columns can be hidden and rows sorted; export to Excel. Award: choose an offer per line (or
 * the whole enquiry to one offer), then confirm — one order per awarded supplier.
 */
export default function OfferListPage() {
  const [search] = useSearchParams();
  const id = enquiryIdFrom(search);
  const q = useOfferComparison(id);
  const award = useAwardEnquiry();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Optional[]>(['freight', 'lead', 'valid', 'cert', 'rating']);
  const [sort, setSort] = useState<SortKey>('total');
  const [choice, setChoice] = useState<Record<number, number>>({});
  const [confirmOpen, setConfirmOpen] = useState(false);
  // 生成框架协议 instead of orders: the agreement's period (the supplier confirms it).
  const [asAgreement, setAsAgreement] = useState(false);
  const [period, setPeriod] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const c = q.data;

  // Lookups the 1,000 cells share: each offer's lines by item, and the lowest (item, offer) pairs.
  const linesByOffer = useMemo(() => new Map((c?.offers ?? []).map((o) => [o.quotationId, new Map(o.lines.map((l) => [l.enquiryItemId, l]))])), [c?.offers]);
  const linesOf = (o: OfferRow) => linesByOffer.get(o.quotationId) ?? new Map<number, OfferLine>();
  const lowSet = useMemo(
    () => new Set(Object.entries(c?.lowestByItem ?? {}).flatMap(([itemId, ids]) => ids.map((q) => `${itemId}:${q}`))),
    [c?.lowestByItem],
  );
  const choose = useCallback((itemId: number, quotationId: number) => setChoice((s) => ({ ...s, [itemId]: quotationId })), []);

  const offers = useMemo(() => {
    const list = [...(c?.offers ?? [])];
    const by: Record<SortKey, (a: OfferRow, b: OfferRow) => number> = {
      total: (a, b) => Number(a.totalAmount) - Number(b.totalAmount),
      lead: (a, b) => a.leadDays - b.leadDays,
      rating: (a, b) => (b.rating ?? 0) - (a.rating ?? 0),
      updated: (a, b) => b.updatedAt.localeCompare(a.updatedAt),
    };
    return list.sort(by[sort]);
  }, [c?.offers, sort]);

  if (!id || q.isError) return <Result status="warning" title="询价单不存在或不能比价" subTitle={q.error instanceof Error ? q.error.message : undefined} extra={<Link to="/customer/enquiry">返回我的询价</Link>} />;
  if (!c) return <Card loading variant="borderless" />;

  const has = (k: Optional) => shown.includes(k);
  const wholeTo = (o: OfferRow) => setChoice(Object.fromEntries(o.lines.map((l) => [l.enquiryItemId, o.quotationId])));

  // The matrix is offers × lines cells (1,000 for 50 × 20) in a plain sticky table (OfferMatrix); each cell
  // is plain markup (a native radio, a styled span for 最低, the header's full text as a title attribute
  // instead of a tooltip per column), so the page renders fast (bench:enquiry-render, decision 0122).
  const itemColumns: MatrixColumn[] = c.items.map((it, n) => ({
    title: (
      <div style={{ lineHeight: 1.3 }} title={`${it.productName} ${it.spec} ${it.quantity}${it.unit}`}>
        {n + 1}. {it.productName}
        <div style={{ fontWeight: 400, fontSize: 12, color: '#8c8c8c' }}>
          {it.quantity}
          {it.unit}
          {it.targetPrice ? ` · 目标 ${formatMoney(it.targetPrice)}` : ''}
        </div>
      </div>
    ),
    key: `item-${it.id}`,
    width: has('amount') || has('tax') ? 150 : 120,
    render: (o: OfferRow) => (
      <PriceCell
        line={linesOf(o).get(it.id)}
        quotationId={o.quotationId}
        itemId={it.id}
        label={`第${n + 1}项授予${o.supplierName}`}
        low={lowSet.has(`${it.id}:${o.quotationId}`)}
        choosable={c.canAward && o.awardable}
        chosen={choice[it.id] === o.quotationId}
        onChoose={choose}
        amount={has('amount')}
        tax={has('tax')}
      />
    ),
  }));

  // Widths: the default columns of a three-line enquiry fit the workbench at 1366 px without cutting the last one
  // (issue 29 item 12, e2e layout-checks.spec.ts); more lines or columns scroll inside the matrix.
  const columns: MatrixColumn[] = [
    {
      title: '供应商',
      key: 'supplier',
      width: 160,
      render: (o: OfferRow) => (
        <div>
          <Link to={`/customer/enquiry/offerDetail?id=${o.quotationId}`}>{o.supplierName}</Link>
          <div style={{ fontSize: 12 }}>
            {o.expired ? <Tag color="default">已失效</Tag> : <Tag color={o.status === 3 ? 'blue' : o.status === 4 ? 'default' : 'green'}>{o.statusName}</Tag>}
            <span style={{ color: '#8c8c8c' }}>第{o.version}版</span>
          </div>
          {c.canAward && o.awardable ? (
            <Button size="small" type="link" style={{ padding: 0 }} onClick={() => wholeTo(o)}>
              整单授予
            </Button>
          ) : null}
        </div>
      ),
    },
    ...itemColumns,
    ...(has('freight') ? [{ title: '运费', key: 'freight', width: 80, render: (o: OfferRow) => <Price value={o.freight} /> }] : []),
    {
      title: '总价',
      key: 'total',
      width: 120,
      render: (o: OfferRow) => (
        <span style={c.lowestTotal.includes(o.quotationId) ? LOW : undefined} data-testid={`total-${o.quotationId}`}>
          {formatMoney(o.totalAmount)}
          {c.lowestTotal.includes(o.quotationId) ? <Tag color="red" style={{ marginLeft: 4 }}>最低</Tag> : null}
          {o.quotedLines < c.items.length ? <div style={{ fontSize: 12, color: '#8c8c8c' }}>报价 {o.quotedLines}/{c.items.length} 项</div> : null}
        </span>
      ),
    },
    ...(has('lead') ? [{ title: '交货期', key: 'lead', width: 72, render: (o: OfferRow) => `${o.leadDays} 天` }] : []),
    ...(has('valid')
      ? [{ title: '有效期至', key: 'valid', width: 100, render: (o: OfferRow) => <span style={o.expired ? { color: '#bfbfbf', textDecoration: 'line-through' } : undefined}>{formatChinaDate(o.validUntil)}</span> }]
      : []),
    ...(has('cert') ? [{ title: '认证', key: 'cert', width: 72, render: (o: OfferRow) => (o.certified ? <Tag color="green">已认证</Tag> : <Tag>未认证</Tag>) }] : []),
    ...(has('level') ? [{ title: '会员', key: 'level', width: 64, render: (o: OfferRow) => (o.memberLevel ? `${o.memberLevel}级` : '普通') }] : []),
    ...(has('rating') ? [{ title: '评分', key: 'rating', width: 80, render: (o: OfferRow) => (o.rating === null ? '暂无' : `${formatRating(o.rating)}（${o.reviewCount}）`) }] : []),
  ];

  const chosen = Object.entries(choice).map(([itemId, quotationId]) => ({ enquiryItemId: Number(itemId), quotationId }));
  const bySupplier = offers
    .map((o) => {
      const lines = chosen.filter((x) => x.quotationId === o.quotationId);
      // In fen through the money kernel; a framework agreement carries no freight (the server matches the same).
      const goodsFen = lines.reduce((s, x) => s + toFen(o.lines.find((l) => l.enquiryItemId === x.enquiryItemId)?.amount ?? 0), 0);
      return { o, lines, goods: toYuan(goodsFen), amount: toYuan(goodsFen + toFen(o.freight)) };
    })
    .filter((x) => x.lines.length);

  const confirm = async () => {
    const [from, to] = period ?? [null, null];
    const res = await award.mutateAsync({
      enquiryId: c.enquiry.id,
      lines: chosen,
      asAgreement: asAgreement ? { validFrom: from?.format('YYYY-MM-DD') ?? '', validTo: to?.format('YYYY-MM-DD') ?? '' } : null,
    });
    setConfirmOpen(false);
    // An award the company's approval rules catch waits as a purchase request: show it.
    const made = res.agreements?.[0];
    navigate(
      res.purchaseRequest
        ? `/customer/approval/request/${res.purchaseRequest.id}`
        : made && res.agreements?.length === 1
          ? `/customer/agreement/detail?id=${made.id}`
          : `/customer/enquiry/detail?id=${c.enquiry.id}`,
    );
  };

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <EnquiryStatusTag status={c.enquiry.status} />
          <Link to={`/customer/enquiry/detail?id=${c.enquiry.id}`}>{c.enquiry.title}</Link>
          <EnquiryMarks visibility={c.enquiry.visibility} sealed={c.enquiry.sealed} />
        </Space>
      }
      extra={
        <Button disabled={c.sealedHidden || !c.offers.length} onClick={() => void exportOffers(c.enquiry.id)}>
          导出Excel
        </Button>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 4 }}
        items={[
          { key: 'code', label: '询价单号', children: c.enquiry.code },
          { key: 'deadline', label: '报价截止', children: formatChinaDateTime(c.enquiry.deadline) },
          { key: 'n', label: '报价数', children: <span data-testid="offer-count">{c.offerCount} 家</span> },
          { key: 'items', label: '明细', children: `${c.items.length} 项` },
        ]}
      />
      {c.sealedHidden ? (
        <Alert type="info" showIcon style={{ margin: '16px 0' }} message={`密封报价：已收到 ${c.offerCount} 份报价，截止时间（${formatChinaDateTime(c.enquiry.deadline)}）后可查看并比价`} />
      ) : (
        <>
          <Space wrap style={{ margin: '16px 0' }}>
            <span>显示列：</span>
            <Checkbox.Group value={shown} onChange={(v) => setShown(v as Optional[])} options={OPTIONAL.map(([value, label]) => ({ value, label }))} />
            <span>排序：</span>
            <Select<SortKey>
              value={sort}
              onChange={setSort}
              style={{ width: 140 }}
              options={[
                { value: 'total', label: '总价从低到高' },
                { value: 'lead', label: '交货期从短到长' },
                { value: 'rating', label: '评分从高到低' },
                { value: 'updated', label: '最近报价' },
              ]}
            />
          </Space>
          <AwardWaiting request={c.purchaseRequest} />
          {c.enquiry.awardedAt ? <Alert type="success" showIcon style={{ marginBottom: 12 }} message="本询价已授标，订单见询价详情" /> : null}
          {c.canAward ? <Alert type="info" showIcon style={{ marginBottom: 12 }} message="在每项明细下选择供应商（可拆分授予不同供应商），或点“整单授予”；未选择的明细不授标。已失效的报价不能授标。" /> : null}
          <OfferMatrix columns={columns} offers={offers} />
          {c.canAward ? (
            <Space style={{ marginTop: 16 }}>
              <span>已选择 {chosen.length}/{c.items.length} 项</span>
              <Button onClick={() => setChoice({})} disabled={!chosen.length}>
                清空选择
              </Button>
              <Button type="primary" disabled={!chosen.length} onClick={() => setConfirmOpen(true)}>
                确认授标
              </Button>
            </Space>
          ) : null}
        </>
      )}
      <Modal open={confirmOpen} title="确认授标" onCancel={() => setConfirmOpen(false)} onOk={() => void confirm().catch(() => undefined)} okText={asAgreement ? '确认授标并生成框架协议' : '确认授标并生成订单'} confirmLoading={award.isPending} destroyOnHidden>
        <Radio.Group
          aria-label="授标方式"
          value={asAgreement ? 'agreement' : 'orders'}
          onChange={(ev) => setAsAgreement(ev.target.value === 'agreement')}
          options={[
            { value: 'orders', label: '生成询价订单' },
            { value: 'agreement', label: '生成框架协议' },
          ]}
        />
        {asAgreement ? (
          <p>
            协议有效期：
            <DatePicker.RangePicker aria-label="协议有效期" value={period} onChange={(v) => setPeriod(v)} data-testid="award-agreement-period" />
          </p>
        ) : null}
        <p>
          {asAgreement
            ? '将为每家中标供应商生成一份框架协议（报价单价与数量，不含运费），供应商确认后生效，之后按协议下达订单；'
            : '将为每家中标供应商生成一张询价订单（报价价格）；'}
          其余报价方会收到未中标通知；符合本公司审批规则的授标将先提交采购申请，审批通过后执行。
        </p>
        {bySupplier.map(({ o, lines, goods, amount }) => (
          <p key={o.quotationId} data-testid="award-supplier-amount">
            <b>{o.supplierName}</b>：{lines.map((l) => c.items.find((i) => i.id === l.enquiryItemId)?.productName).join('、')}，
            {asAgreement ? '协议金额（不含运费）' : '含运费'} <Price value={asAgreement ? goods : amount} />
          </p>
        ))}
        {chosen.length < c.items.length ? <Alert type="warning" showIcon message={`还有 ${c.items.length - chosen.length} 项明细未授标`} /> : null}
      </Modal>
    </Card>
  );
}
