import type { LiveEvent } from '@aquamall/shared';

/** Close codes of /api/ws after which reconnecting cannot help: not signed in, not a company user. */
const FINAL_CLOSE = new Set([4401, 4403]);
/** Reconnection waits: 1 s doubling to 30 s, with up to 30 % jitter so a restarted server is not stormed. */
export const backoffMs = (attempt: number, random = Math.random) =>
  Math.round(Math.min(30_000, 1000 * 2 ** attempt) * (1 + 0.3 * random()));

export interface LiveOptions {
  /** The session token, read at every (re)connection; null stops trying. */
  getToken: () => string | null;
  onEvent: (event: LiveEvent) => void;
  /** ws(s)://host/api/ws by default (same origin). */
  url?: string;
  /** For tests. */
  WebSocketImpl?: typeof WebSocket;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

/**
 * The workbench's live connection (docs/decisions/0141-live-events.md): opens /api/ws, signs in with the
 * first message, hands every event to `onEvent`, and reconnects with backoff when the connection drops
 * (server restart, another instance, network). Stops for good when the server says the session is over.
 * Returns the function that closes it.
 */
export function connectLive(opts: LiveOptions): () => void {
  const WS = opts.WebSocketImpl ?? WebSocket;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const url = opts.url ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let timer: unknown = null;
  let stopped = false;

  const open = () => {
    timer = null;
    const token = opts.getToken();
    if (stopped || !token) return;
    const ws = new WS(url);
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = (m: MessageEvent) => {
      let e: LiveEvent;
      try {
        e = JSON.parse(String(m.data)) as LiveEvent;
      } catch {
        return;
      }
      if (e.type === 'hello') attempt = 0;
      if (e.type === 'hello' || e.type === 'unread' || e.type === 'message' || e.type === 'thread')
        opts.onEvent(e);
    };
    ws.onclose = (c: CloseEvent) => {
      if (socket === ws) socket = null;
      if (stopped || FINAL_CLOSE.has(c.code)) return;
      timer = setTimer(open, backoffMs(attempt++));
    };
  };
  open();
  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
    socket?.close(1000);
    socket = null;
  };
}
