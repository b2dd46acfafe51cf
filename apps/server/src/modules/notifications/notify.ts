import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { business } from '../../lib/metrics.ts';

export interface Notice {
  /** Kind of notice, e.g. merchant_review, cert_review, member_upgrade, bank_verify. */
  type: string;
  title: string;
  content?: string;
  /** Workbench path the message links to, e.g. /merchant/apply or /customer/authentication/detail. */
  linkPath?: string;
}

const messageRow = (n: Notice & { companyId: number; userId?: number }) => ({
  companyId: n.companyId,
  userId: n.userId ?? null,
  type: n.type.slice(0, 30),
  title: n.title.slice(0, 150),
  content: n.content ?? '',
  linkPath: n.linkPath ?? '',
});

/** Puts a message into a company's workbench inbox (DESIGN §3: every state change notifies the company). */
export async function notify(db: Db, companyId: number, notice: Notice, userId?: number): Promise<void> {
  await db.insert(messages).values(messageRow({ ...notice, companyId, userId }));
  // Counted when the insert is issued; a rare rollback of the surrounding transaction over-counts by one.
  business.messagesCreated.inc();
}

/**
 * The statement putting several messages into inboxes at once (the orders of one checkout), for the caller to
 * run alone or inside a larger statement; `counted()` adds them to the business metric once it ran.
 */
export function notifyManyQuery(
  db: Db,
  notices: readonly (Notice & { companyId: number; userId?: number })[],
) {
  return {
    query: db.insert(messages).values(notices.map(messageRow)),
    counted: () => business.messagesCreated.inc(notices.length),
  };
}
