import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@aquamall/shared';
import { todoQuery } from '../api/access.ts';

/**
 * What a live-socket event (/api/ws, decision 0141) does to the workbench's queries (decision 0092).
 *
 * The count an event carries was read by the server at some moment that nothing orders against the
 * browser's own reads: a `hello` of a socket opened just before 标为已读, or a `message` whose count was read
 * before the mark-read committed, can arrive after the refetch that followed the mark-read, and writing it
 * into the cache put the badge back to a stale number until the next event. So an event is only a signal
 * that the inbox changed: the header badge (the todo query) and the inbox lists and tab counts refetch. A
 * refetch reads what is committed when it starts, and React Query cancels a fetch still in flight when it
 * starts a new one (`invalidateQueries` with `cancelRefetch`), so the read that started last always wins,
 * whatever order the events and answers arrive in.
 */
export function applyLiveEvent(qc: QueryClient, e: LiveEvent): void {
  if (e.type === 'thread') {
    // A message on a quotation thread this company takes part in: an open thread refetches at once
    // (QuotationThread's query), and the unread counts of the quotation lists follow.
    void qc.invalidateQueries({ queryKey: ['quotations', 'thread', e.quotationId] });
    return;
  }
  // The header badge (the todo query), and the inbox list and tab counts; not menus, roles or users.
  void qc.invalidateQueries({ queryKey: todoQuery.queryKey });
  void qc.invalidateQueries({ queryKey: ['workbench', 'messages'] });
}
