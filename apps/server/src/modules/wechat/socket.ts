import type { FastifyInstance } from 'fastify';
import { wxSocketQuery } from '@aquamall/shared';
import { wechatEndpoints as e } from '@aquamall/shared/endpoints';
import { relayTicketEvents, ticketEvents, ticketStatus, type TicketStatus } from './service.ts';

const MAX_OPEN_MS = 16 * 60_000;

/**
 * WebSocket /api/wxoaqrcodesocket?ticket=… (docs/product/accounts.md#wechat-qr-login): pushes `{ticket, status}` whenever the ticket's state
 * changes: the state at connection, then every change from the event bus (a scan handled by any instance).
 * Closes after a final state (done, expired).
 */
export default async function wechatSocket(app: FastifyInstance) {
  const stopRelay = relayTicketEvents(app.bus);
  app.addHook('onClose', async () => stopRelay());
  // A WebSocket route: registered by hand (route() serves HTTP answers), with its descriptor for the contract.
  app.get(e.wxQrSocket.path, { websocket: true, config: { endpoint: e.wxQrSocket } }, (socket, request) => {
    const parsed = wxSocketQuery.safeParse(request.query);
    if (!parsed.success) {
      socket.send(JSON.stringify({ status: 'expired' }));
      socket.close(1008, 'bad ticket');
      return;
    }
    const { ticket } = parsed.data;
    let last: TicketStatus | null = null;
    let closed = false;
    const push = (status: TicketStatus) => {
      if (closed || status === last) return;
      last = status;
      socket.send(JSON.stringify({ ticket, status }));
      if (status === 'done' || status === 'expired') finish();
    };
    /** Reads the state from the table: at connection, and when the ticket should have expired by now. */
    let expiry: NodeJS.Timeout | undefined;
    const check = (first: boolean) => {
      ticketStatus(app.db, ticket)
        .then(({ status, expiresInMs }) => {
          // An event that arrived while the first read was under way is newer than what it read.
          if (first && last !== null) return;
          push(status);
          clearTimeout(expiry);
          if (!closed && expiresInMs > 0) expiry = setTimeout(() => check(false), Math.min(expiresInMs + 100, MAX_OPEN_MS));
        })
        .catch((err: unknown) => request.log.warn({ err }, 'ticket state read failed'));
    };
    const onEvent = (status: TicketStatus) => {
      push(status);
      // A scan extends the ticket's life: look again when the new deadline passes.
      if (!closed && status !== 'done' && status !== 'expired') {
        clearTimeout(expiry);
        expiry = setTimeout(() => check(false), 1000);
      }
    };
    const limit = setTimeout(() => push('expired'), MAX_OPEN_MS);
    function finish() {
      if (closed) return;
      closed = true;
      clearTimeout(limit);
      clearTimeout(expiry);
      ticketEvents.off(ticket, onEvent);
      setTimeout(() => socket.close(1000), 50);
    }
    ticketEvents.on(ticket, onEvent);
    socket.on('close', () => {
      closed = true;
      clearTimeout(limit);
      clearTimeout(expiry);
      ticketEvents.off(ticket, onEvent);
    });
    socket.on('message', () => {
      /* the browser only listens */
    });
    check(true);
  });
}
