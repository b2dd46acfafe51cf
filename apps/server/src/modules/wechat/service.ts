import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, wechatTickets } from '../../db/schema/index.ts';
import type { EventBus } from '../../lib/event-bus.ts';

/** A QR is valid 5 minutes; after a scan the browser has 10 more minutes to finish (binding). */
export const QR_TTL_S = 300;
export const AFTER_SCAN_TTL_S = 600;

/**
 * Ticket states pushed to the browser: waiting (QR shown) → confirmed (known WeChat user) or bind (unknown
 * WeChat identity: bind it to an account by phone + SMS code) → done (a session was issued); or expired.
 */
export type TicketStatus = 'waiting' | 'confirmed' | 'bind' | 'done' | 'expired';

/**
 * Ticket states by ticket, for the sockets of this process. Fed from the event bus (channel TICKET_EVENT), so
 * a scan handled by another instance reaches the browser's socket here at once (docs/product/deployment.md#several-instances; no polling).
 */
export const ticketEvents = new EventEmitter();
ticketEvents.setMaxListeners(0);
export const TICKET_EVENT = 'wx';
export interface TicketEvent {
  ticket: string;
  status: TicketStatus;
}

declare module '../../lib/event-bus.ts' {
  interface AppEvents {
    [TICKET_EVENT]: TicketEvent;
  }
}

/** Tells the ticket's socket, wherever it is connected. */
function announce(bus: EventBus, ticket: string, status: TicketStatus): void {
  bus.publish(TICKET_EVENT, { ticket, status });
}

/** Feeds `ticketEvents` from the bus (called once per app). */
export function relayTicketEvents(bus: EventBus): () => void {
  return bus.subscribe(TICKET_EVENT, (p) => {
    // From another instance: parsed JSON, checked before use.
    const { ticket, status } = (p ?? {}) as { ticket?: unknown; status?: unknown };
    if (typeof ticket === 'string' && typeof status === 'string') ticketEvents.emit(ticket, status as TicketStatus);
  });
}

export const newTicket = () => crypto.randomBytes(32).toString('base64url');

export async function createTicket(db: Db, clientId: string): Promise<string> {
  const ticket = newTicket();
  await db.insert(wechatTickets).values({ ticket, clientId, expiresAt: new Date(Date.now() + QR_TTL_S * 1000) });
  if (Math.random() < 0.05) await db.delete(wechatTickets).where(lt(wechatTickets.expiresAt, sql`now() - interval '1 day'`));
  return ticket;
}

/** The ticket's state now, and how long until it expires unless it changes (ms; 0 for final states). */
export async function ticketStatus(db: Db, ticket: string): Promise<{ status: TicketStatus; expiresInMs: number }> {
  const [row] = await db
    .select({
      status: wechatTickets.status,
      ms: sql<number>`greatest(0, extract(epoch from (${wechatTickets.expiresAt} - now())) * 1000)`.mapWith(Number),
    })
    .from(wechatTickets)
    .where(eq(wechatTickets.ticket, ticket));
  if (!row) return { status: 'expired', expiresInMs: 0 };
  if (row.status === 'done') return { status: 'done', expiresInMs: 0 };
  return row.ms > 0 ? { status: row.status as TicketStatus, expiresInMs: row.ms } : { status: 'expired', expiresInMs: 0 };
}

/** A scan of a login QR (from the WeChat event callback or the sandbox page). False if the ticket is gone. */
export async function recordScan(db: Db, bus: EventBus, ticket: string, openId: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, openId)).limit(1);
  const updated = await db
    .update(wechatTickets)
    .set({
      status: user ? 'confirmed' : 'bind',
      openId,
      userId: user?.id ?? null,
      expiresAt: new Date(Date.now() + AFTER_SCAN_TTL_S * 1000),
    })
    .where(and(eq(wechatTickets.ticket, ticket), eq(wechatTickets.status, 'waiting'), gt(wechatTickets.expiresAt, sql`now()`)))
    .returning({ ticket: wechatTickets.ticket });
  if (!updated.length) return false;
  announce(bus, ticket, user ? 'confirmed' : 'bind');
  return true;
}

/**
 * Takes a ticket for login: only by the browser that asked for it (its client id never appears in the QR),
 * only once. Returns the ticket row when it is in the wanted state.
 */
export async function takeTicket(db: Db, bus: EventBus, ticket: string, clientId: string, wanted: 'confirmed' | 'bind') {
  const rows = await db
    .update(wechatTickets)
    .set({ status: 'done' })
    .where(
      and(
        eq(wechatTickets.ticket, ticket),
        eq(wechatTickets.clientId, clientId),
        eq(wechatTickets.status, wanted),
        gt(wechatTickets.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (rows[0]) announce(bus, ticket, 'done');
  return rows[0] ?? null;
}

/** Reads a bind-state ticket without taking it (the bind call checks the SMS code first). */
export async function peekBindTicket(db: Db, ticket: string, clientId: string) {
  const [row] = await db
    .select()
    .from(wechatTickets)
    .where(
      and(eq(wechatTickets.ticket, ticket), eq(wechatTickets.clientId, clientId), eq(wechatTickets.status, 'bind'), gt(wechatTickets.expiresAt, sql`now()`)),
    );
  return row ?? null;
}
