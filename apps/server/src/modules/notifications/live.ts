import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { LiveEvent } from '@aquamall/shared';
import { messageEndpoints as e } from '@aquamall/shared/endpoints';
import type { Db } from '../../db/client.ts';
import type { AppEvents } from '../../lib/event-bus.ts';
import { fail } from './messages.ts';
import { resolveToken, type AuthContext } from '../auth/index.ts';
import { unreadTotal, unreadWith } from './inbox.ts';
import { MESSAGE_EVENT, type MessageEvent } from './notify.ts';

/** Channel of "the unread count of company N changed" (read or deleted elsewhere). */
export const UNREAD_EVENT = 'unread';

declare module '../../lib/event-bus.ts' {
  interface AppEvents {
    [UNREAD_EVENT]: { companyId: number };
  }
}
/** A socket must authenticate within this time, and is checked against its session this often. */
const AUTH_TIMEOUT_MS = 5_000;
const HEARTBEAT_MS = 30_000;
/** How long a subscriber waits for a message row whose transaction has not committed yet. */
const VISIBLE_WAITS_MS = [0, 50, 150, 400, 1000, 2000];

/** Close codes: 4401 not signed in (or the session ended), 4403 not a company user. */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;

const authMessage = z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) });

interface Client {
  socket: WebSocket;
  auth: AuthContext & { companyId: number };
  token: string;
  alive: boolean;
}

/** The signed-in sockets of this instance, by company. */
export class LiveHub {
  private readonly byCompany = new Map<number, Set<Client>>();

  constructor(private readonly db: Db) {}

  get size(): number {
    let n = 0;
    for (const set of this.byCompany.values()) n += set.size;
    return n;
  }

  add(client: Client): void {
    let set = this.byCompany.get(client.auth.companyId);
    if (!set) this.byCompany.set(client.auth.companyId, (set = new Set()));
    set.add(client);
  }

  remove(client: Client): void {
    const set = this.byCompany.get(client.auth.companyId);
    set?.delete(client);
    if (set && !set.size) this.byCompany.delete(client.auth.companyId);
  }

  has(companyId: number): boolean {
    return this.byCompany.has(companyId);
  }

  send(companyId: number, event: LiveEvent, userId?: number): void {
    const body = JSON.stringify(event);
    for (const c of this.byCompany.get(companyId) ?? [])
      if ((userId === undefined || c.auth.userId === userId) && c.socket.readyState === c.socket.OPEN) c.socket.send(body);
  }

  /** The members of the company with an open socket here (each reads their own inbox: unread counts differ). */
  private members(companyId: number, only: number | null): number[] {
    const ids = new Set<number>();
    for (const c of this.byCompany.get(companyId) ?? []) if (only === null || c.auth.userId === only) ids.add(c.auth.userId);
    return [...ids];
  }

  /**
   * A new message: once its row is visible, the sockets of every member whose inbox shows it get it with their
   * unread count — a message addressed to one member (待您审批) only that member's (docs/product/workbench.md#inbox).
   */
  async onMessage(m: MessageEvent): Promise<void> {
    let waiting = this.members(m.companyId, m.userId);
    for (const wait of VISIBLE_WAITS_MS) {
      if (!waiting.length) return;
      if (wait) await new Promise((r) => setTimeout(r, wait));
      const notYet: number[] = [];
      for (const userId of waiting) {
        const { unread, visible } = await unreadWith(this.db, { companyId: m.companyId, userId }, m.id);
        if (!visible) {
          notYet.push(userId);
          continue;
        }
        const message = { id: m.id, title: m.title, category: m.category, linkPath: m.linkPath };
        this.send(m.companyId, { type: 'message', unread, message }, userId);
      }
      waiting = notYet;
    }
    // Never committed (rolled back) or already deleted: nothing to show.
  }

  async onUnread(companyId: number): Promise<void> {
    for (const userId of this.members(companyId, null))
      this.send(companyId, { type: 'unread', unread: await unreadTotal(this.db, { companyId, userId }) }, userId);
  }

  /** Pings every socket; drops those that did not answer the last ping or whose session ended. */
  async heartbeat(): Promise<void> {
    for (const set of [...this.byCompany.values()]) {
      for (const c of [...set]) {
        if (!c.alive) {
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        c.socket.ping();
        const auth = await resolveToken(this.db, c.token).catch(() => c.auth);
        if (!auth || auth.companyId !== c.auth.companyId) c.socket.close(CLOSE_UNAUTHORIZED, 'session ended');
      }
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

/**
 * What a bus event of a module above notifications pushes to the live sockets: the companies and what each is
 * sent (nothing when the payload, perhaps from another instance as parsed JSON, is malformed).
 */
export type LivePushesOf = (payload: unknown) => { companyId: number; push: LiveEvent }[];
const livePushes = new Map<keyof AppEvents & string, LivePushesOf>();

/**
 * Registers a bus event the live sockets forward (once, when the module loads; before the app registers its
 * routes), so that notifications imports no module above it (docs/decisions/0212-module-faces.md).
 */
export function registerLivePush(event: keyof AppEvents & string, pushesOf: LivePushesOf): void {
  livePushes.set(event, pushesOf);
}

/**
 * WebSocket /api/ws for signed-in company users: pushes `hello` (the unread count), `message` (a new inbox
 * message, from any instance) and `unread` (count changed). The session token comes in the `x-token`
 * header (non-browser clients) or as the first message `{type:'auth', token}` within 5 s (browsers cannot set
 * headers on a WebSocket, and a token in the URL would land in access logs). Requires @fastify/websocket
 * (registered by the WeChat socket).
 */
export default async function liveRoutes(app: FastifyInstance) {
  const hub = new LiveHub(app.db);
  app.decorate('liveHub', hub);
  const off = [
    app.bus.subscribe(MESSAGE_EVENT, (p) => {
      hub
        .onMessage(p)
        .catch((err: unknown) => app.log.warn({ err }, 'live message push failed'));
    }),
    // Events of the modules above (a quotation's thread) pushed to the sockets of the companies they name.
    ...[...livePushes].map(([event, pushesOf]) =>
      app.bus.subscribe(event, (p) => {
        for (const { companyId, push } of pushesOf(p)) hub.send(companyId, push);
      }),
    ),
    app.bus.subscribe(UNREAD_EVENT, (p) => {
      const companyId = (p as { companyId?: unknown }).companyId;
      if (typeof companyId === 'number')
        hub.onUnread(companyId).catch((err: unknown) => app.log.warn({ err }, 'live unread push failed'));
    }),
  ];
  const beat = setInterval(() => void hub.heartbeat().catch(() => undefined), HEARTBEAT_MS);
  beat.unref();
  app.addHook('onClose', async () => {
    clearInterval(beat);
    off.forEach((f) => f());
  });

  app.route({
    method: 'GET',
    url: e.liveSocket.path,
    config: { endpoint: e.liveSocket },
    // A plain GET (no upgrade) gets the envelope with a Chinese message, like every other API path.
    handler: async () => {
      throw fail('LIVE_WEBSOCKET_REQUIRED');
    },
    wsHandler: (socket, request) => {
      let client: Client | null = null;
      let closed = false;
      const refuse = (code: number, reason: string) => {
        if (closed) return;
        socket.send(JSON.stringify({ type: 'error', code: code === CLOSE_UNAUTHORIZED ? 1 : 3 }));
        socket.close(code, reason);
      };
      const start = async (auth: AuthContext | null, token: string) => {
        if (closed) return;
        if (!auth) return refuse(CLOSE_UNAUTHORIZED, 'login expired');
        if (!auth.companyId) return refuse(CLOSE_FORBIDDEN, 'company users only');
        // Like every workbench call (requireTwoFactorReady): a user who owes the mandatory enrolment gets nothing.
        if (auth.mustEnrolTwoFactor) return refuse(CLOSE_FORBIDDEN, 'two-factor enrolment required');
        client = { socket, auth: { ...auth, companyId: auth.companyId }, token, alive: true };
        hub.add(client);
        socket.send(
          JSON.stringify({
            type: 'hello',
            unread: await unreadTotal(app.db, { companyId: auth.companyId, userId: auth.userId }),
          } satisfies LiveEvent),
        );
      };
      const timer = setTimeout(() => refuse(CLOSE_UNAUTHORIZED, 'no auth'), AUTH_TIMEOUT_MS);
      socket.on('pong', () => {
        if (client) client.alive = true;
      });
      socket.on('close', () => {
        closed = true;
        clearTimeout(timer);
        if (client) hub.remove(client);
      });
      socket.on('message', (data: Buffer) => {
        if (client) return; // after sign-in the client only listens
        clearTimeout(timer);
        let parsed: z.infer<typeof authMessage> | null = null;
        try {
          parsed = authMessage.parse(JSON.parse(data.toString('utf8')));
        } catch {
          return refuse(CLOSE_UNAUTHORIZED, 'bad auth message');
        }
        const token = parsed.token;
        resolveToken(app.db, token).then(
          (auth) => start(auth, token),
          (err: unknown) => {
            request.log.warn({ err }, 'live socket auth failed');
            socket.close(1011, 'try again');
          },
        );
      });
      const header = request.headers['x-token'];
      const token = Array.isArray(header) ? header[0] : header;
      if (token) {
        clearTimeout(timer);
        start(request.auth, token).catch(() => socket.close(1011, 'try again'));
      }
    },
  });
}
