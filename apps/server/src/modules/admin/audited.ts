import type { AuditAction } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { invalidateSiteData } from '../site/index.ts';

/** Records a console action (use inside the transaction that makes the change). */
export const audited = (db: Db, actor: AuditActor, action: AuditAction, targetType: string, targetId: string | number, before: unknown, after: unknown) =>
  recordAudit(db, actor, { action, targetType, targetId, before, after });

/** Called after any console edit of site content or categories, so cached home/menu/footer data is rebuilt. */
export const siteContentChanged = () => invalidateSiteData();
