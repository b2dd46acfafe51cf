import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxOutbox } from '../../db/schema/index.ts';

export interface OutboxMessage {
  id: number;
  channel: string;
  target: string;
  subject: string;
  body: string;
  createdAt: Date;
}

/** Where the SMS and e-mail sandboxes deliver (docs/product/accounts.md#partner-services): a table, so every instance sees the same outbox. */
export async function writeOutbox(db: Db, msg: { channel: 'sms' | 'email' | 'wechat'; target: string; subject?: string; body: string }) {
  await db.insert(sandboxOutbox).values({ channel: msg.channel, target: msg.target, subject: msg.subject ?? '', body: msg.body });
}

export async function readOutbox(db: Db, target?: string, limit = 50): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(sandboxOutbox)
    .where(target ? and(eq(sandboxOutbox.target, target)) : undefined)
    .orderBy(desc(sandboxOutbox.id))
    .limit(limit);
}
