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

/** Puts a message into a company's workbench inbox (DESIGN §3: every state change notifies the company). */
export async function notify(db: Db, companyId: number, notice: Notice, userId?: number): Promise<void> {
  await db.insert(messages).values({
    companyId,
    userId: userId ?? null,
    type: notice.type.slice(0, 30),
    title: notice.title.slice(0, 150),
    content: notice.content ?? '',
    linkPath: notice.linkPath ?? '',
  });
  // Counted when the insert is issued; a rare rollback of the surrounding transaction over-counts by one.
  business.messagesCreated.inc();
}
