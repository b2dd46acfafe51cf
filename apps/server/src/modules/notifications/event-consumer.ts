import type { Db } from '../../db/client.ts';
import type { DomainEventRow, EventRecipient } from '../events/index.ts';
import { routeNotice, type OutboundChannels } from './outbound.ts';

/**
 * The outbound-notice consumer of the domain-event outbox (events/dispatch.ts): one outbox row per recipient and
 * channel, keyed by the event so a retried dispatch adds nothing.
 */
export function noticeConsumer(ch: OutboundChannels) {
  return async (tx: Db, row: DomainEventRow, now: Date): Promise<void> => {
    for (const r of row.recipients as EventRecipient[]) {
      if (!r.notice) continue;
      await routeNotice(
        tx,
        ch,
        r.companyId,
        { event: r.notice.event, vars: r.notice.vars, dedupeKey: `${r.notice.event}#e${row.id}`, linkPath: r.notice.linkPath },
        r.userId,
        now,
      );
    }
  };
}
