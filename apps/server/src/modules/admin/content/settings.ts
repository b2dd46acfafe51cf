import type { Db } from '../../../db/client.ts';
import type { AuditActor } from '../../audit/index.ts';
import { listSettings, saveSetting as saveSiteSetting } from '../../site/index.ts';
import { audited } from '../audited.ts';

export { listSettings };

/** Sets one site setting from the console (statistics, hot keywords, filing numbers, QR code ...); audited. */
export const saveSetting = (db: Db, actor: AuditActor, key: string, value: unknown) =>
  saveSiteSetting(db, key, value, (tx, k, before, after) => audited(tx, actor, 'setting.save', 'site_setting', k, before, after));
