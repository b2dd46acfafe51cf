import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { getProviders } from '../../lib/providers/index.ts';
import { writeOutbox } from '../../lib/providers/outbox.ts';
import { notify, type Notice } from './notify.ts';

/**
 * Tells a company about a decision: always in its workbench inbox; by SMS to its administrator as well. With
 * the SMS sandbox (demo mode without SMS_PROVIDER) the text goes to the dev outbox. The real SMS adapter only sends
 * verification-code templates, so with a real provider the notice SMS is logged and skipped until a
 * notification template is configured; without any SMS provider it is skipped.
 */
export async function notifyDecision(app: FastifyInstance, db: Db, companyId: number, notice: Notice): Promise<void> {
  await notify(db, companyId, notice);
  const [admin] = await db
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isCompanyAdmin, true), eq(users.disabled, false)))
    .orderBy(asc(users.id))
    .limit(1);
  if (!admin) return;
  const text = `【水务商城】${notice.title}${notice.content ? `：${notice.content}` : ''}`;
  if (getProviders(app).sms?.sandbox) {
    await writeOutbox(db, { channel: 'sms', target: admin.phone, body: text.slice(0, 500) });
  } else {
    app.log.info({ companyId, type: notice.type }, 'decision SMS skipped: no notification template for the SMS provider');
  }
}
