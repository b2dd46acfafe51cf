import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { ThreadSide, type ThreadAnswer, type ThreadPostInput } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, enquiries, quotationMessages, quotations } from '../../db/schema/index.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import { assertOwnUploads } from '../files/index.ts';
import { notify, registerLivePush } from '../notifications/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { mayReadOffer, offersSealed } from './sealed.ts';
import { buyerOfferPath, supplierOfferPath } from './submit.ts';
import { fail, quotationsErrors } from './messages.ts';

type Quotation = typeof quotations.$inferSelect;

/**
 * The quotation a caller may talk on, and its side: the enquiry's purchaser (1) or the quoting supplier (2).
 * Any other company gets 报价不存在 (never a hint that it exists). Before the deadline of a 密封报价 enquiry
 * the purchaser cannot open the thread: it would tell who quoted.
 */
async function threadOf(db: Db, caller: Caller, quotationId: number, now = new Date()) {
  const [x] = await db
    .select({ q: quotations, deadline: enquiries.deadline, sealed: enquiries.sealed, title: enquiries.title })
    .from(quotations)
    .innerJoin(enquiries, eq(enquiries.id, quotations.enquiryId))
    .where(eq(quotations.id, quotationId));
  if (!x) throw fail('QUOTATION_NOT_FOUND');
  const side =
    x.q.supplierCompanyId === caller.companyId
      ? ThreadSide.SELLER
      : x.q.buyerCompanyId === caller.companyId
        ? ThreadSide.BUYER
        : null;
  if (!side) throw fail('QUOTATION_NOT_FOUND');
  if (!mayReadOffer(side === ThreadSide.BUYER ? 'buyer' : 'seller', x, now)) {
    throw fail('QUOTATION_THREAD_SEALED');
  }
  return { ...x, side };
}

async function answer(db: Db, q: Quotation, side: number): Promise<ThreadAnswer> {
  const [rows, [buyer]] = await Promise.all([
    db
      .select()
      .from(quotationMessages)
      .where(eq(quotationMessages.quotationId, q.id))
      .orderBy(asc(quotationMessages.id)),
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, q.buyerCompanyId)),
  ]);
  const buyerName = buyer?.name ?? '';
  const counterpartName = side === ThreadSide.BUYER ? q.supplierCompanyName : buyerName;
  return {
    quotationId: q.id,
    side,
    counterpartName,
    unreadCount: rows.filter((m) => m.side !== side && !m.readAt).length,
    messages: rows.map((m) => ({
      id: m.id,
      side: m.side,
      mine: m.side === side,
      userName: m.userName,
      companyName: m.side === ThreadSide.SELLER ? q.supplierCompanyName : buyerName,
      content: m.content,
      attachments: m.attachments,
      readAt: m.readAt?.toISOString() ?? null,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** The thread of one offer for its purchaser or its supplier. Reading does not mark it read (see markThreadRead). */
export async function readThread(
  db: Db,
  caller: Caller,
  quotationId: number,
  now = new Date(),
): Promise<ThreadAnswer> {
  const t = await threadOf(db, caller, quotationId, now);
  return answer(db, t.q, t.side);
}

/** Marks the other side's messages read (the page does it when the thread is opened). */
export async function markThreadRead(
  db: Db,
  caller: Caller,
  quotationId: number,
  now = new Date(),
): Promise<void> {
  const t = await threadOf(db, caller, quotationId, now);
  await db
    .update(quotationMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(quotationMessages.quotationId, t.q.id),
        ne(quotationMessages.side, t.side),
        isNull(quotationMessages.readAt),
      ),
    );
}

/** The channel of "a message was posted on quotation N's thread" (read by notifications/live.ts). */
export const THREAD_EVENT = 'thread';
export interface ThreadEvent {
  quotationId: number;
  /** The companies whose open pages should refetch the thread: the quoting supplier, and the purchaser
   * unless the enquiry is sealed and before its deadline (it cannot open the thread then). */
  companyIds: number[];
}

declare module '../../lib/event-bus.ts' {
  interface AppEvents {
    [THREAD_EVENT]: ThreadEvent;
  }
}

/** The inbox line of a message: its text, or for an attachment-only message the files it carries. */
// A message on a quotation's thread: only the sockets of the companies the event names (its purchaser and
// supplier) are told; the page refetches the thread itself, so nothing of it travels on the socket.
registerLivePush(THREAD_EVENT, (p) => {
  // From another instance: parsed JSON, checked before use.
  const { quotationId, companyIds } = (p ?? {}) as Partial<ThreadEvent>;
  if (typeof quotationId !== 'number' || !Array.isArray(companyIds)) return [];
  return companyIds.map((companyId) => ({ companyId, push: { type: 'thread' as const, quotationId } }));
});

const inboxText = (m: { content: string; attachments: { name: string }[] }) =>
  (m.content || `附件：${m.attachments.map((a) => a.name).join('、')}`).slice(0, 200);

/**
 * Posts a message (text, own uploads as attachments, or both) and notifies the other company's inbox. Once committed,
 * the thread event tells both sides' open pages to refetch (a live thread without polling; decision 0122).
 */
export async function postThreadMessage(
  db: Db,
  bus: EventBus,
  caller: Caller,
  input: Required<Pick<ThreadPostInput, 'quotationId' | 'content'>> & {
    attachments: { name: string; path: string }[];
  },
  now = new Date(),
): Promise<ThreadAnswer> {
  const { answer: out, event } = await writeThreadMessage(db, caller, input, now);
  bus.publish(THREAD_EVENT, event);
  return out;
}

async function writeThreadMessage(
  db: Db,
  caller: Caller,
  input: Required<Pick<ThreadPostInput, 'quotationId' | 'content'>> & {
    attachments: { name: string; path: string }[];
  },
  now = new Date(),
): Promise<{ answer: ThreadAnswer; event: ThreadEvent }> {
  return db.transaction(async (tx) => {
    const t = await threadOf(tx, caller, input.quotationId, now);
    const paths = await assertOwnUploads(
      tx,
      caller.companyId,
      input.attachments.map((a) => a.path),
      quotationsErrors.QUOTATION_ATTACHMENT_REFUSED.message,
    );
    const userName = await callerName(tx, caller.userId);
    await tx.insert(quotationMessages).values({
      quotationId: t.q.id,
      side: t.side,
      companyId: caller.companyId,
      userId: caller.userId,
      userName: userName.slice(0, 60),
      content: input.content,
      attachments: paths.map((path, i) => ({ name: input.attachments[i]!.name, path })),
      createdAt: now,
    });
    const toBuyer = t.side === ThreadSide.SELLER;
    const sealed = offersSealed(t, now);
    await notify(tx, toBuyer ? t.q.buyerCompanyId : t.q.supplierCompanyId, {
      type: 'quotation_message',
      title: toBuyer
        ? `询价「${t.title}」：${sealed ? '一家供应商' : `「${t.q.supplierCompanyName}」`}发来新消息`
        : `询价「${t.title}」：采购商发来新消息`,
      content: sealed ? '本询价为密封报价，截止后可查看。' : inboxText(input),
      linkPath: toBuyer
        ? sealed
          ? `/customer/enquiry/detail?id=${t.q.enquiryId}`
          : buyerOfferPath(t.q)
        : supplierOfferPath(t.q),
    });
    const companyIds = sealed ? [t.q.supplierCompanyId] : [t.q.buyerCompanyId, t.q.supplierCompanyId];
    return { answer: await answer(tx, t.q, t.side), event: { quotationId: t.q.id, companyIds } };
  });
}
