import { and, asc, eq } from 'drizzle-orm';
import { Side, type Actor, type Machine, type SideValue } from '@aquamall/shared';
import type { Db } from '../db/client.ts';
import { documentHistory, type DocumentHistoryRow } from '../db/schema/index.ts';
import { conflict } from './errors.ts';

/**
 * The runner of a document's state table (packages/shared/src/state-machine.ts, docs/decisions/0194): inside the
 * caller's transaction, with the document already locked by its module (`SELECT … FOR UPDATE`), it guards the
 * action against the table, applies the module's update, stops and starts the action's timed rules and writes the
 * one history row shape. Notifications stay with the module (their texts differ per document).
 */

/** What an `apply` may tell the history row. */
export interface HistoryDetail {
  note?: string;
  historyAction?: string;
}

/** Who acts: a user of a side, or the system (userId null). */
export interface TransitionActor {
  side: SideValue;
  userId: number | null;
  userName: string;
}

const ACTOR_OF: Record<SideValue, Actor> = {
  [Side.SYSTEM]: 'system',
  [Side.BUYER]: 'buyer',
  [Side.SELLER]: 'seller',
  [Side.PLATFORM]: 'platform',
};

/** The state-table actor of a history side. */
export const actorOf = (side: SideValue): Actor => ACTOR_OF[side];

/**
 * The clocks an action starts: job kind → due time. Every kind the table's `starts` names must be given; null
 * when the module does not start it this time (only the last shipment starts the receipt clock).
 */
export type Clocks = Readonly<Record<string, Date | null>>;

/** The job functions the runner uses (modules/jobs/schedule.ts), passed in so lib/ imports no module. */
export interface ClockStore {
  schedule(tx: Db, kind: string, refId: number, runAt: Date): Promise<void>;
  cancel(tx: Db, kinds: readonly string[], refId: number): Promise<void>;
}

export interface TransitionInput<S extends number, A extends string, C> {
  machine: Machine<S, A, C>;
  action: A;
  /** The document kind in the history: 'order', 'rma', 'invoice', … */
  docType: string;
  docId: number;
  /** The locked document's current state (a status column: any number; the table refuses one it does not name). */
  from: number;
  actor: TransitionActor;
  /** The context of the action's `when` condition. */
  ctx?: C;
  /** The state it leads to when the module chooses it among the action's `to` and `alsoTo` (else the table's). */
  to?: S;
  /**
   * The module's update, given the state the table leads to (runs after the guard). It may answer the history
   * row's note and action name when they depend on what it found (they then win over `note`/`historyAction`).
   */
  apply?: (to: S) => Promise<void | HistoryDetail>;
  /** Due times of the clocks the action starts. */
  clocks?: Clocks;
  /** The job store, needed when the action starts or stops clocks. */
  jobs?: ClockStore;
  note?: string;
  now?: Date;
  /** The action name written to the history when it differs from `action` (an issue after a dispute: `reissue`). */
  historyAction?: string;
}

/**
 * Guards, updates, moves the clocks and records one history row. Throws the table's Chinese refusal (409-style
 * business conflict) when the state or the condition does not admit the action; nothing is written then.
 * Returns the state the document is in afterwards.
 */
export async function transition<S extends number, A extends string, C>(
  tx: Db,
  t: TransitionInput<S, A, C>,
): Promise<S> {
  const refusal = t.machine.refusal(t.action, t.from, t.ctx, actorOf(t.actor.side));
  if (refusal) throw conflict(refusal);
  const spec = t.machine.actions[t.action];
  const to = t.to ?? t.machine.next(t.action, t.from as S);
  if (to !== t.machine.next(t.action, t.from as S) && !spec.alsoTo?.includes(to))
    throw new Error(`${t.docType}.${t.action}: the table does not lead to state ${to}`);
  const detail = (t.apply ? await t.apply(to) : undefined) as HistoryDetail | undefined;
  const stops = spec.stops ?? [];
  const starts = spec.starts ?? [];
  if (stops.length || starts.length) {
    if (!t.jobs) throw new Error(`${t.docType}.${t.action}: moves clocks but no job store was given`);
    if (stops.length) await t.jobs.cancel(tx, stops, t.docId);
    for (const kind of starts) {
      const at = t.clocks?.[kind];
      if (at === null) continue;
      if (!at) throw new Error(`${t.docType}.${t.action}: no due time for clock ${kind}`);
      await t.jobs.schedule(tx, kind, t.docId, at);
    }
  }
  await recordHistory(tx, {
    docType: t.docType,
    docId: t.docId,
    action: detail?.historyAction ?? t.historyAction ?? spec.historyAction ?? t.action,
    fromStatus: t.from,
    toStatus: to,
    actor: t.actor,
    note: detail?.note ?? t.note,
    now: t.now,
  });
  return to;
}

/** Writes one history row (also for events outside a table: `create`, a note, an import). */
export async function recordHistory(
  tx: Db,
  h: {
    docType: string;
    docId: number;
    action: string;
    fromStatus: number | null;
    toStatus: number;
    actor: TransitionActor;
    note?: string;
    now?: Date;
  },
): Promise<void> {
  await tx.insert(documentHistory).values({
    docType: h.docType,
    docId: h.docId,
    action: h.action.slice(0, 30),
    fromStatus: h.fromStatus,
    toStatus: h.toStatus,
    side: h.actor.side,
    userId: h.actor.userId,
    userName: h.actor.userName.slice(0, 60),
    note: (h.note ?? '').slice(0, 300),
    createdAt: h.now ?? new Date(),
  });
}

/** A document's history, oldest first. */
export function historyOf(db: Db, docType: string, docId: number): Promise<DocumentHistoryRow[]> {
  return db
    .select()
    .from(documentHistory)
    .where(and(eq(documentHistory.docType, docType), eq(documentHistory.docId, docId)))
    .orderBy(asc(documentHistory.id));
}

/** History rows as the wire answers them (packages/shared/src/contracts/history.ts `documentHistoryView`). */
export const historyViews = (rows: readonly DocumentHistoryRow[]) =>
  rows.map((h) => ({
    action: h.action,
    fromStatus: h.fromStatus,
    toStatus: h.toStatus,
    userName: h.userName,
    note: h.note,
    createdAt: h.createdAt.toISOString(),
  }));
