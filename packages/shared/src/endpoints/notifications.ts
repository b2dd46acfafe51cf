import { z } from 'zod';
import { messageListQuery, messageReadInput, messageRow } from '../contracts/notifications.ts';
import { pagedOf } from '../envelope.ts';
import { COMPANY, endpoint } from './endpoint.ts';

/** The workbench inbox (basic): list, unread count, mark read; always scoped to the caller's company. */
export const messageEndpoints = {
  messageList: endpoint({
    method: 'GET',
    path: '/api/message/list',
    summary: "The company's messages, newest first, paged (unread=1: unread only)",
    access: COMPANY,
    query: messageListQuery,
    response: pagedOf(messageRow),
  }),
  messageUnreadCount: endpoint({
    method: 'GET',
    path: '/api/message/unreadcount',
    summary: "How many of the company's messages are unread",
    access: COMPANY,
    response: z.object({ count: z.number().int() }),
  }),
  messageRead: endpoint({
    method: 'POST',
    path: '/api/message/read',
    summary: 'Mark messages (or all) as read',
    access: COMPANY,
    body: messageReadInput,
    response: z.object({ updated: z.number().int() }),
  }),
};
