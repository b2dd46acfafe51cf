import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, wechatTickets } from '../../db/schema/index.ts';

/** A QR is valid 5 minutes; after a scan the browser has 10 more minutes to finish (binding). */
export const QR_TTL_S = 300;
export const AFTER_SCAN_TTL_S = 600;

/**
 * Ticket states pushed to the browser: waiting (QR shown) → confirmed (known WeChat user) or bind (unknown
 * WeChat identity: bind it to an account by phone + SMS code) → done (a session was issued); or expired.
 */
export type TicketStatus = 'waiting' | 'confirmed' | 'bind' | 'done' | 'expired';

/** In-process fan-out; the socket also polls the table, so scans reaching another instance arrive too. */
export const ticketEvents = new EventEmitter();
ticketEvents.setMaxListeners(0);

export const newTicket = () => crypto.randomBytes(32).toString('base64url');

export async function createTicket(db: Db, clientId: string): Promise<string> {
  const ticket = newTicket();
  await db.insert(wechatTickets).values({ ticket, clientId, expiresAt: new Date(Date.now() + QR_TTL_S * 1000) });
  if (Math.random() < 0.05) await db.delete(wechatTickets).where(lt(wechatTickets.expiresAt, sql`now() - interval '1 day'`));
  return ticket;
}

export async function ticketStatus(db: Db, ticket: string): Promise<TicketStatus> {
  const [row] = await db
    .select({ status: wechatTickets.status, live: sql<boolean>`${wechatTickets.expiresAt} > now()` })
    .from(wechatTickets)
    .where(eq(wechatTickets.ticket, ticket));
  if (!row) return 'expired';
  if (row.status === 'done') return 'done';
  return row.live ? (row.status as TicketStatus) : 'expired';
}

/** A scan of a login QR (from the WeChat event callback or the sandbox page). False if the ticket is gone. */
export async function recordScan(db: Db, ticket: string, openId: string): Promise<boolean> {
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
  ticketEvents.emit(ticket, user ? 'confirmed' : 'bind');
  return true;
}

/**
 * Takes a ticket for login: only by the browser that asked for it (its client id never appears in the QR),
 * only once. Returns the ticket row when it is in the wanted state.
 */
export async function takeTicket(db: Db, ticket: string, clientId: string, wanted: 'confirmed' | 'bind') {
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
  if (rows[0]) ticketEvents.emit(ticket, 'done');
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
