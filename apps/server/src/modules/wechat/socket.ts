import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { wxSocketQuery } from '@aquamall/shared';
import { wechatEndpoints as e } from '@aquamall/shared/endpoints';
import { ticketEvents, ticketStatus, type TicketStatus } from './service.ts';

const POLL_MS = 1000;
const MAX_OPEN_MS = 16 * 60_000;

/**
 * WebSocket /api/wxoaqrcodesocket?ticket=… (SPEC §7): pushes `{ticket, status}` whenever the ticket's state
 * changes (in-process events at once; a 1 s poll of the table picks up scans handled by another instance).
 * Closes after a final state (done, expired).
 */
export default async function wechatSocket(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: 1024 } });

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
    const check = () => {
      ticketStatus(app.db, ticket)
        .then(push)
        .catch((err: unknown) => request.log.warn({ err }, 'ticket poll failed'));
    };
    const onEvent = (status: TicketStatus) => push(status);
    const timer = setInterval(check, POLL_MS);
    const limit = setTimeout(() => push('expired'), MAX_OPEN_MS);
    function finish() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      clearTimeout(limit);
      ticketEvents.off(ticket, onEvent);
      setTimeout(() => socket.close(1000), 50);
    }
    ticketEvents.on(ticket, onEvent);
    socket.on('close', () => {
      closed = true;
      clearInterval(timer);
      clearTimeout(limit);
      ticketEvents.off(ticket, onEvent);
    });
    socket.on('message', () => {
      /* the browser only listens */
    });
    check();
  });
}
