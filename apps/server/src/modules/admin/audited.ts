import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditActor, recordAudit } from '../audit/record.ts';
import { invalidateSiteData } from '../site/cache.ts';

/** Records a console action of this request (use inside the transaction that makes the change). */
export const audited = (db: Db, request: FastifyRequest, action: string, targetType: string, targetId: string | number, before: unknown, after: unknown) =>
  recordAudit(db, auditActor(request), { action, targetType, targetId, before, after });

/** Called after any console edit of site content or categories, so cached home/menu/footer data is rebuilt. */
export const siteContentChanged = () => invalidateSiteData();
