import type { FastifyInstance } from 'fastify';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import {
  afterQuietHours,
  channelChosen,
  NOTICE_CHANNELS,
  NOTICE_EVENTS,
  renderNotice,
  type NoticeChannel,
  type NoticeEventKey,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { noticeOutbox, noticeSettings, users } from '../../db/schema/index.ts';
import { getProviders } from '../../lib/providers/index.ts';
import { byPermission, recipientsCondition } from './receivers.ts';
import { writeOutbox } from '../../lib/providers/outbox.ts';
import { AliyunSms } from '../../lib/providers/sms.ts';
import { OfficialWechat, templateData, type WechatTemplateConfig } from '../../lib/providers/wechat.ts';
import { defineJob, recordId } from '../jobs/index.ts';
import { scheduleJobsQuery } from '../jobs/index.ts';
import { MAX_ATTEMPTS } from '../jobs/index.ts';

/**
 * Trade notifications outside the browser (docs/product/notifications.md, docs/decisions/0203-outbound-notifications.md):
 * an inbox notice carrying an event key is routed, in the transaction of the change, to one outbox row per
 * recipient user per chosen channel, and a `notice_send` job per row delivers it afterwards.
 */

/** Outbox row status (schema/notifications.ts `noticeOutbox`). */
export const OutboxStatus = { PENDING: 0, SENDING: 1, SENT: 2, FAILED: 3, SKIPPED: 4 } as const;

export const NOTICE_SEND = 'notice_send';
/** How long a claimed send may take before another runner may take the row again (a process died mid-send). */
const LEASE_MS = 60_000;

/**
 * Which events each channel carries on this deployment: every event on a sandbox (demo mode) or SMTP; with
 * Aliyun SMS or the real WeChat account only the events given an approved template
 * (ALIYUN_SMS_NOTICE_TEMPLATES, WECHAT_NOTICE_TEMPLATES: JSON objects event key → template code / id).
 * A channel without a provider carries none (switched off; the settings page says so).
 */
export interface OutboundChannels {
  sms: ((event: NoticeEventKey) => boolean) | null;
  wechat: ((event: NoticeEventKey) => boolean) | null;
  email: ((event: NoticeEventKey) => boolean) | null;
  smsTemplates: Record<string, string>;
  wechatTemplates: Record<string, WechatTemplateConfig>;
  publicUrl: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The channels this server's providers carry, read once when the app is built (app.ts): the send job, the
     * domain-event dispatch and the settings page read them from the app doing the work.
     */
    outbound: OutboundChannels;
  }
}

function templates(name: string, raw: string | undefined): Record<string, unknown> {
  if (!raw?.trim()) return {};
  const parsed: unknown = JSON.parse(raw);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${name} must be a JSON object of event key → template`);
  for (const k of Object.keys(parsed))
    if (!(k in NOTICE_EVENTS)) throw new Error(`${name}: unknown notification event ${k}`);
  return parsed as Record<string, unknown>;
}

/** SMS templates: event key → Aliyun template code. */
function smsTemplatesOf(raw: string | undefined): Record<string, string> {
  const all = templates('ALIYUN_SMS_NOTICE_TEMPLATES', raw);
  for (const [k, v] of Object.entries(all))
    if (typeof v !== 'string' || !v) throw new Error(`ALIYUN_SMS_NOTICE_TEMPLATES: ${k} must name a template code`);
  return all as Record<string, string>;
}

/**
 * WeChat templates: event key → template id, or `{ "id": …, "fields": { "<template key>": "<catalogue field>" } }`
 * for a template of the current library (its keys, e.g. thing2, filled from the catalogue's first/keyword1…).
 */
function wechatTemplatesOf(raw: string | undefined): Record<string, WechatTemplateConfig> {
  const out: Record<string, WechatTemplateConfig> = {};
  for (const [k, v] of Object.entries(templates('WECHAT_NOTICE_TEMPLATES', raw))) {
    if (typeof v === 'string' && v) out[k] = { id: v };
    else if (v && typeof v === 'object' && typeof (v as WechatTemplateConfig).id === 'string') {
      const { id, fields } = v as WechatTemplateConfig;
      const known = Object.keys(NOTICE_EVENTS[k as NoticeEventKey].wechat);
      for (const from of Object.values(fields ?? {}))
        if (!known.includes(from)) throw new Error(`WECHAT_NOTICE_TEMPLATES: ${k} has no field ${from} (${known.join(', ')})`);
      out[k] = { id, ...(fields ? { fields } : {}) };
    } else throw new Error(`WECHAT_NOTICE_TEMPLATES: ${k} must be a template id or { id, fields }`);
  }
  return out;
}

/** The channels a server's providers carry (see OutboundChannels). */
export function channelsOf(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): OutboundChannels {
  const p = getProviders(app, env);
  const smsTemplates = smsTemplatesOf(env.ALIYUN_SMS_NOTICE_TEMPLATES);
  const wechatTemplates = wechatTemplatesOf(env.WECHAT_NOTICE_TEMPLATES);
  const all = () => true;
  return {
    sms: !p.sms ? null : p.sms.sandbox ? all : Object.keys(smsTemplates).length ? (e) => e in smsTemplates : null,
    wechat: !p.wechat
      ? null
      : p.wechat.sandbox
        ? all
        : Object.keys(wechatTemplates).length
          ? (e) => e in wechatTemplates
          : null,
    email: p.email ? all : null,
    smsTemplates,
    wechatTemplates,
    publicUrl: app.config.publicUrl,
  };
}

/** A routed notice: its event, variables and the occurrence key that makes writing it twice a no-op. */
export interface OutboundNotice {
  event: NoticeEventKey;
  vars: Record<string, string>;
  /** Names the occurrence (e.g. the inbox message id, or `order:12:pay` for a reminder). */
  dedupeKey: string;
  linkPath: string;
}

/**
 * Writes the outbox rows of a notice (in the caller's transaction): to `userId` alone, or to the company's
 * administrators and the members holding the event's permission (for a supplier-side order event, the receivers
 * the supplier chose, receivers.ts); per channel the deployment carries, the user
 * chose (NOTICE_DEFAULTS otherwise) and the user has bound (phone, WeChat, e-mail). An SMS inside the user's
 * quiet hours waits for their end. Each row gets its send job.
 */
export async function routeNotice(
  db: Db,
  ch: OutboundChannels,
  companyId: number,
  n: OutboundNotice,
  userId?: number,
  now = new Date(),
): Promise<number> {
  const carried = NOTICE_CHANNELS.filter((c) => ch[c]?.(n.event));
  if (!carried.length) return 0;
  const def = NOTICE_EVENTS[n.event];
  // A supplier may have chosen who receives its order events (receivers.ts); otherwise the event's permission.
  const who = userId !== undefined ? eq(users.id, userId) : await recipientsCondition(db, companyId, n.event, byPermission(def.permission));
  const recipients = await db
    .select({
      id: users.id,
      phone: users.phone,
      email: users.email,
      openId: users.wechatOpenId,
      choices: noticeSettings.choices,
      quietOn: noticeSettings.quietOn,
      quietStart: noticeSettings.quietStart,
      quietEnd: noticeSettings.quietEnd,
    })
    .from(users)
    .leftJoin(noticeSettings, eq(noticeSettings.userId, users.id))
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.disabled, false),
        who,
      ),
    );
  const rows: (typeof noticeOutbox.$inferInsert)[] = [];
  for (const r of recipients) {
    const targets: Record<NoticeChannel, string | null> = { sms: r.phone, wechat: r.openId, email: r.email };
    for (const channel of carried) {
      const target = targets[channel];
      if (!target || !channelChosen(r.choices ?? {}, def.category, channel)) continue;
      const sendAfter =
        channel === 'sms' && r.quietOn ? afterQuietHours(now, r.quietStart ?? '22:00', r.quietEnd ?? '08:00') : now;
      rows.push({
        companyId,
        userId: r.id,
        event: n.event,
        dedupeKey: n.dedupeKey.slice(0, 80),
        channel,
        target,
        vars: n.vars,
        linkPath: n.linkPath.slice(0, 300),
        sendAfter,
      });
    }
  }
  if (!rows.length) return 0;
  const written = await db
    .insert(noticeOutbox)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: noticeOutbox.id, sendAfter: noticeOutbox.sendAfter });
  if (written.length)
    await scheduleJobsQuery(
      db,
      written.map((w) => ({ kind: NOTICE_SEND, refId: w.id, runAt: w.sendAfter })),
    );
  return written.length;
}

type OutboxRow = typeof noticeOutbox.$inferSelect;

/** Sends one claimed row through its channel's provider; false when the channel no longer carries it. */
async function deliver(app: FastifyInstance, db: Db, row: OutboxRow): Promise<boolean> {
  const ch = app.outbound;
  const event = row.event as NoticeEventKey;
  const channel = row.channel as NoticeChannel;
  if (!(event in NOTICE_EVENTS) || !ch[channel]?.(event)) return false;
  const text = renderNotice(event, row.vars);
  const p = getProviders(app);
  const url = row.linkPath ? `${ch.publicUrl}${row.linkPath}` : ch.publicUrl;
  if (channel === 'sms') {
    if (!p.sms) return false;
    if (p.sms.sandbox) await writeOutbox(db, { channel: 'sms', target: row.target, body: text.sms });
    else if (p.sms instanceof AliyunSms) {
      const code = ch.smsTemplates[event];
      if (!code) return false;
      await p.sms.sendTemplate(row.target, code, row.vars, `notice${row.id}`);
    } else return false;
  } else if (channel === 'email') {
    if (!p.email) return false;
    await p.email.send(row.target, text.email.subject, text.email.body);
  } else {
    if (!p.wechat) return false;
    if (p.wechat.sandbox) {
      const body = Object.entries(text.wechat)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n');
      await writeOutbox(db, { channel: 'wechat', target: row.target, subject: text.wechat.first ?? '', body: `${body}\n${url}` });
    } else if (p.wechat instanceof OfficialWechat) {
      const template = ch.wechatTemplates[event];
      if (!template) return false;
      await p.wechat.sendTemplate({
        openId: row.target,
        templateId: template.id,
        fields: templateData(template, text.wechat),
        url,
        clientMsgId: `notice${row.id}`,
      });
    } else return false;
  }
  return true;
}

/**
 * The send of one outbox row (a detached job: no transaction is held while a provider answers). It first
 * claims the row (pending, or sending with its lease run out → sending), so a second runner or a retry of a
 * sent row does nothing; a failed send puts the row back to pending and throws, so the job retries with the
 * runner's backoff, and the row is failed for good after MAX_ATTEMPTS.
 */
export async function sendOutboxRow(app: FastifyInstance, db: Db, id: number, now = new Date()): Promise<void> {
  const [row] = await db
    .update(noticeOutbox)
    .set({ status: OutboxStatus.SENDING, claimedAt: now, attempts: sql`${noticeOutbox.attempts} + 1` })
    .where(
      and(
        eq(noticeOutbox.id, id),
        or(
          eq(noticeOutbox.status, OutboxStatus.PENDING),
          and(eq(noticeOutbox.status, OutboxStatus.SENDING), lt(noticeOutbox.claimedAt, new Date(now.getTime() - LEASE_MS))),
        ),
      ),
    )
    .returning();
  if (!row) return;
  let sent: boolean;
  try {
    sent = await deliver(app, db, row);
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    const gaveUp = row.attempts >= MAX_ATTEMPTS;
    await db
      .update(noticeOutbox)
      .set({ status: gaveUp ? OutboxStatus.FAILED : OutboxStatus.PENDING, lastError: message })
      .where(eq(noticeOutbox.id, id));
    app.log.warn({ outboxId: id, channel: row.channel, err: message }, 'notification send failed');
    if (gaveUp) return;
    throw err;
  }
  await db
    .update(noticeOutbox)
    .set(sent ? { status: OutboxStatus.SENT, sentAt: new Date() } : { status: OutboxStatus.SKIPPED })
    .where(eq(noticeOutbox.id, id));
}

/** Registers the send job (the notifications plugin, at start); the channels are the app's (`app.outbound`). */
export function startOutbound(app: FastifyInstance): void {
  defineJob({
    kind: NOTICE_SEND,
    payload: recordId,
    detached: { leaseMs: LEASE_MS },
    handler: (db, id, { now }) => sendOutboxRow(app, db, id, now),
  });
}
