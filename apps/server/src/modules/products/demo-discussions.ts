import { and, asc, eq } from 'drizzle-orm';
import { OrderStatus, ProductStatus } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, products } from '../../db/schema/index.ts';
import { callerByPhone } from '../auth/index.ts';
import { createQuestion, createReview, replyDiscussion } from './discussions.ts';

const REVIEWS = [
  {
    rating: 5,
    content: '到货及时，包装完好，检测含量与标称一致，絮凝效果明显。',
    reply: '感谢认可，欢迎再次采购！',
  },
  { rating: 4, content: '质量稳定，价格合适；物流稍慢，希望改进。', reply: '已联系物流优化线路，感谢反馈。' },
  { rating: 5, content: '第二次采购了，和上批一样好用。', reply: '' },
];

/**
 * For the demo seed, after the orders' and after-sales' demo: the demo purchaser reviews lines of its completed
 * orders (through the discussion use cases, so "bought" holds), the supplier replies to most, and a question
 * about an on-sale product of 18800000002 waits for an answer.
 */
export async function seedDemoDiscussions(db: Db): Promise<void> {
  const [buyer, sellerA, sellerB] = await Promise.all(
    ['18800000004', '18800000002', '18800000003'].map((p) => callerByPhone(db, p)),
  );
  if (!buyer || !sellerA || !sellerB) return;
  const sellers = new Map([sellerA, sellerB].map((s) => [s.companyId, s]));
  const lines = await db
    .select({ id: orderLines.id, seller: orders.sellerCompanyId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.buyerCompanyId, buyer.companyId), eq(orders.status, OrderStatus.COMPLETED)))
    .orderBy(asc(orders.completedAt), asc(orderLines.id))
    .limit(REVIEWS.length);
  for (const [i, line] of lines.entries()) {
    const r = REVIEWS[i]!;
    const { sysNo } = await createReview(db, buyer, {
      orderLineId: line.id,
      rating: r.rating,
      content: r.content,
    });
    const seller = sellers.get(line.seller);
    if (r.reply && seller) await replyDiscussion(db, seller, sysNo, r.reply);
  }
  const [asked] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, sellerA.companyId), eq(products.status, ProductStatus.ON_SALE)))
    .orderBy(asc(products.id))
    .limit(1);
  if (asked)
    await createQuestion(db, buyer, {
      productId: asked.id,
      content: '请问这款产品是否提供检测报告？25kg袋装的最小起订量是多少？',
    });
}
