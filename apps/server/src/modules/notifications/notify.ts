import { MessageCategory, type MessageCategoryValue, type NoticeEventKey } from '@aquamall/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { eventsInScope } from '../../lib/event-bus.ts';
import { business } from '../../lib/metrics.ts';
import { recordEvent } from '../events/index.ts';
import { registerSecurityNotifier } from '../auth/index.ts';

export interface Notice {
  /** Kind of notice, e.g. merchant_review, cert_review, member_upgrade, bank_verify, order, rma. */
  type: string;
  title: string;
  content?: string;
  /** Workbench path the message links to, e.g. /merchant/apply or /customer/authentication/detail. */
  linkPath?: string;
  /** Inbox tab (MessageCategory: 系统, 订单, 询价, 招标, 财务); when absent it follows from `type`. */
  category?: MessageCategoryValue;
  /**
   * A time-critical trade event (NOTICE_EVENTS, docs/product/notifications.md): the notice also goes out by
   * SMS, WeChat and e-mail to the recipients' chosen channels, with `vars` filling the event's templates.
   */
  event?: NoticeEventKey;
  vars?: Record<string, string>;
  /** Names the occurrence for the outbox (default: the event and the inbox message), so it goes out once. */
  eventKey?: string;
}

/**
 * Records the outbound side of a notice with an event as a domain event (events/record.ts), in the caller's
 * transaction; its dispatch writes the outbox rows of the recipients' chosen channels (outbound.ts).
 */
async function routeEvent(db: Db, companyId: number, n: Notice, fallbackKey: string, userId?: number) {
  if (!n.event) return;
  await recordEvent(db, {
    key: n.eventKey ?? `${n.event}#${fallbackKey}`,
    type: 'notice',
    data: {},
    recipients: [
      { companyId, ...(userId !== undefined ? { userId } : {}), notice: { event: n.event, vars: n.vars ?? {}, linkPath: n.linkPath ?? '' } },
    ],
  });
}

/** The channel of new-message events on the event bus (lib/event-bus.ts; read by live.ts). */
export const MESSAGE_EVENT = 'message';
export interface MessageEvent {
  companyId: number;
  userId: number | null;
  id: number;
  title: string;
  category: number;
  linkPath: string;
}

declare module '../../lib/event-bus.ts' {
  interface AppEvents {
    [MESSAGE_EVENT]: MessageEvent;
  }
}

/**
 * Tells the open workbenches of a new message, on the bus of the request or job doing the work (`withEvents`,
 * lib/event-bus.ts): `notify` is called from every use case with a transaction only, so the bus is not one
 * more parameter of each (docs/decisions/0191-jobs-and-events-spine.md). Nothing outside one (seed, CLI).
 */
const announce = (event: MessageEvent) => eventsInScope()?.publish(MESSAGE_EVENT, event);

/** The inbox tab of a notice type that names none: order/rma → 订单, enquiry/quotation → 询价, … else 系统. */
export function categoryOf(type: string): MessageCategoryValue {
  const t = type.toLowerCase();
  if (/^(order|rma|shipment|payment)/.test(t)) return MessageCategory.ORDER;
  if (/^(enquiry|quot)/.test(t)) return MessageCategory.ENQUIRY;
  if (/^(tender|bid)/.test(t)) return MessageCategory.TENDER;
  if (/^(invoice|credit)/.test(t)) return MessageCategory.FINANCE;
  return MessageCategory.SYSTEM;
}

/**
 * Puts a message into a company's workbench inbox (docs/product/workbench.md#inbox: every state change notifies the company) and
 * tells the company's open workbenches on every instance (the live socket reads the row once it is committed,
 * so a notice inside a transaction that rolls back is never shown).
 */
export async function notify(db: Db, companyId: number, notice: Notice, userId?: number): Promise<void> {
  const values = messageRow({ ...notice, companyId, userId });
  const category = values.category;
  const [row] = await db
    .insert(messages)
    .values(values)
    .returning({ id: messages.id, title: messages.title, linkPath: messages.linkPath });
  // Counted when the insert is issued; a rare rollback of the surrounding transaction over-counts by one.
  business.messagesCreated.inc();
  if (row) {
    const event: MessageEvent = {
      companyId,
      userId: userId ?? null,
      id: row.id,
      title: row.title,
      category,
      linkPath: row.linkPath,
    };
    announce(event);
    await routeEvent(db, companyId, notice, String(row.id), userId);
  }
}

const messageRow = (n: Notice & { companyId: number; userId?: number }) => ({
  companyId: n.companyId,
  userId: n.userId ?? null,
  type: n.type.slice(0, 30),
  category: n.category ?? categoryOf(n.type),
  title: n.title.slice(0, 150),
  content: n.content ?? '',
  linkPath: n.linkPath ?? '',
});

/**
 * The statement putting several messages into inboxes at once (the orders of one checkout), for the caller to
 * run alone or inside a larger statement; once it ran, `sent()` counts them and tells the open workbenches
 * (it reads back the rows this transaction wrote: same companies and links, created at this transaction's now()).
 */
export function notifyManyQuery(
  db: Db,
  notices: readonly (Notice & { companyId: number; userId?: number })[],
) {
  const rows = notices.map(messageRow);
  return {
    query: db.insert(messages).values(rows),
    sent: async (): Promise<void> => {
      business.messagesCreated.inc(rows.length);
      if (rows.length === 0) return;
      const written = await db
        .select({
          id: messages.id,
          companyId: messages.companyId,
          userId: messages.userId,
          title: messages.title,
          category: messages.category,
          linkPath: messages.linkPath,
        })
        .from(messages)
        .where(
          and(
            inArray(messages.companyId, [...new Set(rows.map((r) => r.companyId))]),
            eq(messages.createdAt, sql`now()`),
            inArray(messages.linkPath, [...new Set(rows.map((r) => r.linkPath))]),
          ),
        );
      for (const m of written) announce(m satisfies MessageEvent);
      for (const n of notices) await routeEvent(db, n.companyId, n, `${n.companyId}:${n.linkPath ?? ''}`, n.userId);
    },
  };
}

// Two-step sign-in changes notify the user's company inbox (auth sits below notifications and cannot import it).
registerSecurityNotifier(notify);
