import { z } from 'zod';
import {
  messageDeleteInput,
  messageListQuery,
  messageReadInput,
  messageRow,
  messageUnreadCounts,
  noticeSettings,
  noticeSettingsInput,
  orderReceivers,
  orderReceiversInput,
} from '../contracts/notifications.ts';
import { pagedOf } from '../envelope.ts';
import { can, COMPANY, endpoint, raw } from './endpoint.ts';
import { exempt, probedIn } from './isolation.ts';

/** The workbench inbox: list by category, unread counts, mark read, delete; always scoped to the caller's company. */
export const messageEndpoints = {
  liveSocket: endpoint({
    method: 'GET',
    path: '/api/ws',
    summary:
      "WebSocket for company users: send {type:'auth', token} first (or the x-token header); pushes {type:'hello'|'unread', unread} and {type:'message', unread, message:{id,title,category,linkPath}}",
    access: COMPANY,
    response: raw('application/json'),
    isolation: exempt('pushes the caller’s company channel only (inbox.test.ts: never to another company)'),
  }),
  messageList: endpoint({
    method: 'GET',
    path: '/api/message/list',
    summary: "The company's messages, newest first, paged (unread=1: unread only; category: one category)",
    access: COMPANY,
    query: messageListQuery,
    response: pagedOf(messageRow),
    isolation: probedIn('modules/notifications/inbox.test.ts'),
  }),
  messageUnreadCount: endpoint({
    method: 'GET',
    path: '/api/message/unreadcount',
    summary: "How many of the company's messages are unread, in all and per category",
    access: COMPANY,
    response: messageUnreadCounts,
    isolation: probedIn('modules/notifications/inbox.test.ts'),
  }),
  messageRead: endpoint({
    method: 'POST',
    path: '/api/message/read',
    summary: 'Mark messages as read: some ids, all, or all of one category',
    access: COMPANY,
    body: messageReadInput,
    response: z.object({ updated: z.number().int() }),
    isolation: probedIn('modules/notifications/inbox.test.ts'),
  }),
  messageDelete: endpoint({
    method: 'POST',
    path: '/api/message/delete',
    summary: "Delete messages from the company's inbox",
    access: COMPANY,
    body: messageDeleteInput,
    response: z.object({ deleted: z.number().int() }),
    isolation: probedIn('modules/notifications/inbox.test.ts'),
  }),
  noticeSettingsGet: endpoint({
    method: 'GET',
    path: '/api/message/settings',
    summary: "The caller's own notification settings (消息设置): channels available and bound, choices per category and channel, SMS quiet hours",
    access: COMPANY,
    response: noticeSettings,
    isolation: exempt('reads the calling user’s own settings row only (keyed by the session’s user)'),
  }),
  noticeSettingsSave: endpoint({
    method: 'POST',
    path: '/api/message/settings',
    summary: "Saves the caller's own notification choices and SMS quiet hours",
    access: COMPANY,
    body: noticeSettingsInput,
    response: noticeSettings,
    isolation: exempt('writes the calling user’s own settings row only (keyed by the session’s user)'),
  }),
  orderReceiversGet: endpoint({
    method: 'GET',
    path: '/api/message/orderReceivers',
    summary: 'Who of a supplier receives its supplier-side order events outside the browser (订单消息接收人), with the users and roles to choose from',
    access: can('user:manage'),
    response: orderReceivers,
    isolation: probedIn('modules/notifications/receivers.test.ts'),
  }),
  orderReceiversSave: endpoint({
    method: 'POST',
    path: '/api/message/orderReceivers',
    summary: 'Chooses the users and roles that receive the supplier-side order events (both empty: the default)',
    access: can('user:manage'),
    body: orderReceiversInput,
    response: orderReceivers,
    isolation: probedIn('modules/notifications/receivers.test.ts'),
  }),
};
