import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, getTableColumns, desc, eq, inArray, isNotNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  PRIVACY_DEADLINE_DAYS,
  PRIVACY_EXPORT_DAYS,
  type adminPrivacyListQuery,
  type adminPrivacyRow,
  type privacyDeleteInput,
  type privacyRequestView,
  type z,
} from '@aquamall/shared';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companies, orders, personalDataRequests, users } from '../../db/schema/index.ts';
import { conflict, notFound, raise } from '../../lib/errors.ts';
import { errorText } from '@aquamall/shared';
import { fail, privacyErrors } from './messages.ts';
import { authErrors } from '../auth/index.ts';
import { verifyPassword } from '../../lib/password.ts';
import { requireSms } from '../../lib/providers/availability.ts';
import { getProviders } from '../../lib/providers/index.ts';
import { writeOutbox } from '../../lib/providers/outbox.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { clientInfo } from '../auth/index.ts';
import { clearFailures, reserveAttempt } from '../auth/index.ts';
import { revokeUserSessions } from '../auth/index.ts';
import { requireCode } from '../codes/index.ts';
import { scheduleJob } from '../jobs/index.ts';
import { notify } from '../notifications/index.ts';
import { anonymisePerson, ANON_NAME } from './coverage.ts';
import { removePersonalFiles } from './files.ts';
import { buildArchive, collectPersonalData, exportSize, SYNC_EXPORT_MAX_ROWS } from './export.ts';

export const EXPORT_JOB = 'privacy.export';
const DAY_MS = 86_400_000;
const Status = { PENDING: 0, DONE: 1, REFUSED: 2 } as const;
/** Open orders: 待确认 … 待收货 (OrderStatus 0–4). */
const OPEN_ORDER = [0, 1, 2, 3, 4];

type Row = typeof personalDataRequests.$inferSelect;
/** Rows as the handlers answer them (timestamps still Dates; the envelope writes them). */
type PrivacyRequestView = z.input<typeof privacyRequestView>;
type AdminPrivacyRow = z.input<typeof adminPrivacyRow>;
const target = (id: number) => ({ targetType: 'personal_data_request', targetId: id });

export const MSG_LAST_ADMIN = privacyErrors.ERASURE_LAST_ADMIN.message;
export const MSG_OPEN_ORDERS = (n: number) => errorText(privacyErrors.ERASURE_OPEN_ORDERS, { n });

export function toView(r: Row, now = new Date()): PrivacyRequestView {
  return {
    id: r.id,
    kind: r.kind as 'export' | 'delete',
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt,
    deadlineAt: r.deadlineAt,
    doneAt: r.doneAt,
    downloadable: r.kind === 'export' && r.status === Status.DONE && !!r.fileKey && !!r.expiresAt && r.expiresAt > now,
    fileSize: r.fileSize,
    expiresAt: r.expiresAt,
  };
}

export async function myRequests(db: Db, userId: number): Promise<PrivacyRequestView[]> {
  const rows = await db.select().from(personalDataRequests).where(eq(personalDataRequests.userId, userId)).orderBy(desc(personalDataRequests.id)).limit(50);
  const now = new Date();
  return rows.map((r) => toView(r, now));
}

async function insertRequest(tx: Db, userId: number, companyId: number | null, kind: 'export' | 'delete', now: Date): Promise<Row> {
  const [row] = await tx
    .insert(personalDataRequests)
    .values({ userId, companyId, kind, createdAt: now, deadlineAt: new Date(now.getTime() + PRIVACY_DEADLINE_DAYS * DAY_MS) })
    .returning();
  return row!;
}

async function pendingOf(db: Db, userId: number, kind: 'export' | 'delete') {
  const [row] = await db
    .select({ id: personalDataRequests.id })
    .from(personalDataRequests)
    .where(and(eq(personalDataRequests.userId, userId), eq(personalDataRequests.kind, kind), eq(personalDataRequests.status, Status.PENDING)));
  return row;
}

interface Contact {
  userId: number;
  companyId: number | null;
  phone: string;
  email: string | null;
}

/**
 * Tells the person their request was answered: their workbench inbox (when they belong to a company) and a
 * text to their phone and e-mail. The SMS and e-mail providers only carry code templates; in the sandbox the
 * text goes to the outbox, a real provider gets nothing here (decision 0151: needs a notice template).
 */
async function tellPerson(app: FastifyInstance, db: Db, c: Contact, title: string, content: string) {
  if (c.companyId) await notify(db, c.companyId, { type: 'privacy', title, content, linkPath: '/customer/safe' }, c.userId);
  const { sms, email } = getProviders(app);
  const body = `【水务商城】${title}：${content}`;
  if (sms?.sandbox && /^1\d{10}$/.test(c.phone)) await writeOutbox(db, { channel: 'sms', target: c.phone, body });
  if (email?.sandbox && c.email) await writeOutbox(db, { channel: 'email', target: c.email, subject: `【水务商城】${title}`, body });
}

const contactOf = async (db: Db, userId: number): Promise<Contact> => {
  const [u] = await db.select({ companyId: users.companyId, phone: users.phone, email: users.email }).from(users).where(eq(users.id, userId));
  if (!u) throw notFound();
  return { userId, ...u };
};

/** Builds an export's archive, stores it and marks the request done (in the request or by the job). */
export async function buildExport(app: FastifyInstance, tx: Db, id: number, now = new Date()): Promise<void> {
  const [r] = await tx.select().from(personalDataRequests).where(eq(personalDataRequests.id, id)).for('update');
  if (!r || r.kind !== 'export' || r.status !== Status.PENDING) return;
  const archive = await buildArchive(await collectPersonalData(tx, r.userId, now));
  const fileKey = `privacy/${r.id}-${crypto.randomBytes(12).toString('hex')}.zip`;
  await app.storage.put(fileKey, archive, 'application/zip');
  await tx
    .update(personalDataRequests)
    .set({ status: Status.DONE, doneAt: now, fileKey, fileSize: archive.length, expiresAt: new Date(now.getTime() + PRIVACY_EXPORT_DAYS * DAY_MS) })
    .where(eq(personalDataRequests.id, id));
  await tellPerson(app, tx, await contactOf(tx, r.userId), '您的个人数据已可下载', `请在${PRIVACY_EXPORT_DAYS}天内到“账户安全”页面下载`);
}

/** 下载我的数据: a request row; built at once when small, otherwise by the job runner (same code). */
export async function requestExport(app: FastifyInstance, actor: AuditActor, userId: number): Promise<PrivacyRequestView> {
  if (await pendingOf(app.db, userId, 'export')) throw fail('EXPORT_IN_PROGRESS');
  const { companyId } = await contactOf(app.db, userId);
  const now = new Date();
  const small = (await exportSize(app.db, userId)) <= SYNC_EXPORT_MAX_ROWS;
  const id = await app.db.transaction(async (tx) => {
    const row = await insertRequest(tx, userId, companyId, 'export', now);
    await recordAudit(tx, actor, { action: 'privacy.export.request', ...target(row.id) });
    if (!small) await scheduleJob(tx, EXPORT_JOB, row.id, now);
    return row.id;
  });
  if (small) await app.db.transaction((tx) => buildExport(app, tx, id, now));
  const [row] = await app.db.select().from(personalDataRequests).where(eq(personalDataRequests.id, id));
  return toView(row!);
}

/** The archive of one of the caller's exports; anyone else's request is 记录不存在. */
export async function downloadExport(app: FastifyInstance, actor: AuditActor, userId: number, id: number): Promise<Buffer> {
  const [r] = await app.db
    .select()
    .from(personalDataRequests)
    .where(and(eq(personalDataRequests.id, id), eq(personalDataRequests.userId, userId), eq(personalDataRequests.kind, 'export')));
  if (!r) throw notFound();
  if (r.status !== Status.DONE || !r.fileKey) throw fail('EXPORT_NOT_READY');
  if (!r.expiresAt || r.expiresAt <= new Date()) throw fail('EXPORT_EXPIRED_AFTER_DAYS', { days: PRIVACY_EXPORT_DAYS });
  const file = await app.storage.get(r.fileKey);
  if (!file) throw fail('EXPORT_EXPIRED');
  await recordAudit(app.db, actor, { action: 'privacy.export.download', ...target(id) });
  return file;
}

type UserRow = typeof users.$inferSelect;

/** Why this account cannot be deleted now (Chinese), or null. */
export async function deletionBlocker(db: Db, u: UserRow): Promise<string | null> {
  if (u.isPlatformAdmin) return '平台管理员账号不能在此注销，请联系其他平台管理员';
  let lastAdmin = false;
  if (u.companyId && u.isCompanyAdmin) {
    const active = and(eq(users.companyId, u.companyId), ne(users.id, u.id), eq(users.disabled, false));
    const [admins] = await db.select({ n: count() }).from(users).where(and(active, eq(users.isCompanyAdmin, true)));
    if (!admins?.n) {
      lastAdmin = true;
      const [others] = await db.select({ n: count() }).from(users).where(active);
      if (others?.n) return MSG_LAST_ADMIN;
    }
  }
  const mine: SQL[] = [eq(orders.buyerUserId, u.id)];
  // The last administrator leaves nobody to finish the company's own open orders.
  if (lastAdmin && u.companyId) mine.push(eq(orders.buyerCompanyId, u.companyId), eq(orders.sellerCompanyId, u.companyId));
  const [open] = await db.select({ n: count() }).from(orders).where(and(inArray(orders.status, OPEN_ORDER), or(...mine)));
  return open?.n ? MSG_OPEN_ORDERS(open.n) : null;
}

/**
 * 注销账号: the password, or an SMS code sent to the account's phone (purpose `delete`; for accounts signed up
 * by SMS or WeChat that have no password), proves it is the person; refusals say why; the platform carries it out.
 */
export async function requestDeletion(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  proof: z.output<typeof privacyDeleteInput>,
): Promise<PrivacyRequestView> {
  const [u] = await app.db.select().from(users).where(eq(users.id, userId));
  if (!u) throw notFound();
  if (proof.code) {
    // The code rules of every SMS code: 5 minutes, single use, 5 tries, resend and daily caps when sent.
    requireSms(app);
    await requireCode(app.db, { channel: 'sms', target: u.phone, purpose: 'delete', code: proof.code });
  } else {
    const slot = await reserveAttempt(app.db, u.phone, clientInfo(request).ip, true);
    if (!slot.taken) throw raise(authErrors, 'LOGIN_LOCKED');
    if (!(await verifyPassword(u.passwordHash, proof.password ?? ''))) throw slot.locked ? raise(authErrors, 'LOGIN_LOCKED') : fail('ERASURE_PASSWORD_WRONG');
    await clearFailures(app.db, u.phone, clientInfo(request).ip);
  }
  if (await pendingOf(app.db, userId, 'delete')) throw fail('ERASURE_ALREADY_ASKED');
  const blocker = await deletionBlocker(app.db, u);
  if (blocker) throw conflict(blocker);
  const row = await app.db.transaction(async (tx) => {
    const r = await insertRequest(tx, userId, u.companyId, 'delete', new Date());
    const after = { proof: proof.code ? 'sms' : 'password' };
    await recordAudit(tx, { userId, ip: clientInfo(request).ip }, { action: 'privacy.delete.request', ...target(r.id), after });
    return r;
  });
  return toView(row);
}

const handler = alias(users, 'handler');

/** Console list: open requests first by nearest deadline, then the answered ones, latest first. */
export async function adminList(db: Db, q: z.output<typeof adminPrivacyListQuery>, now = new Date()) {
  const p = personalDataRequests;
  const where = and(
    q.kind ? eq(p.kind, q.kind) : undefined,
    q.status !== undefined ? eq(p.status, q.status) : undefined,
    q.overdue ? and(eq(p.status, Status.PENDING), lt(p.deadlineAt, now)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    adminRows(db, now, where, (q.pageIndex - 1) * q.pageSize, q.pageSize),
    db.select({ n: count() }).from(p).where(where),
  ]);
  return { list: rows, total: total?.n ?? 0 };
}

const mask = (phone: string) => (/^1\d{10}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '—');

async function adminRows(db: Db, now: Date, where: SQL | undefined, offset: number, limit: number): Promise<AdminPrivacyRow[]> {
  const p = personalDataRequests;
  const rows = await db
    .select({ ...getTableColumns(p), realName: users.realName, nickName: users.nickName, phone: users.phone, companyName: companies.name, handledByName: sql<string | null>`coalesce(${handler.adminName}, ${handler.realName})` })
    .from(p)
    .innerJoin(users, eq(users.id, p.userId))
    .leftJoin(companies, eq(companies.id, p.companyId))
    .leftJoin(handler, eq(handler.id, p.handledBy))
    .where(where)
    .orderBy(sql`(${p.status} = 0) desc`, sql`case when ${p.status} = 0 then ${p.deadlineAt} end asc`, desc(p.id))
    .offset(offset)
    .limit(limit);
  return rows.map(({ realName, nickName, phone, companyName, handledByName, ...r }) => {
    const open = r.status === Status.PENDING;
    const daysLeft = open ? Math.ceil((r.deadlineAt.getTime() - now.getTime()) / DAY_MS) : null;
    return {
      ...toView(r, now),
      userId: r.userId,
      userName: realName || nickName || mask(phone),
      phoneMasked: mask(phone),
      companyName: companyName ?? '',
      daysLeft,
      overdue: open && r.deadlineAt < now,
      handledByName: handledByName ?? (r.status === Status.DONE ? '系统' : ''),
    };
  });
}

async function oneAdminRow(db: Db, id: number) {
  const [row] = await adminRows(db, new Date(), eq(personalDataRequests.id, id), 0, 1);
  return row!;
}

async function lockPending(tx: Db, id: number): Promise<Row> {
  const [r] = await tx.select().from(personalDataRequests).where(eq(personalDataRequests.id, id)).for('update');
  if (!r) throw notFound();
  if (r.status !== Status.PENDING) throw fail('REQUEST_ALREADY_HANDLED');
  return r;
}

/**
 * The platform carries out a request. Deletion anonymises the person everywhere (coverage.ts) and ends their
 * sessions, in one transaction with the request row and the audit entry; the person is told first-hand
 * (captured contact, since the account no longer has one afterwards).
 */
export async function adminExecute(app: FastifyInstance, actor: AuditActor, id: number): Promise<AdminPrivacyRow> {
  const gone = await app.db.transaction(async (tx): Promise<string[]> => {
    const r = await lockPending(tx, id);
    if (r.kind === 'export') {
      await buildExport(app, tx, id);
      await tx.update(personalDataRequests).set({ handledBy: actor.userId }).where(eq(personalDataRequests.id, id));
      await recordAudit(tx, actor, { action: 'privacy.export.execute', ...target(id) });
      return [];
    }
    const [u] = await tx.select().from(users).where(eq(users.id, r.userId)).for('update');
    if (!u) throw notFound();
    const blocker = await deletionBlocker(tx, u);
    if (blocker) throw fail('ERASURE_BLOCKED', { blocker });
    const contact: Contact = { userId: u.id, companyId: u.companyId, phone: u.phone, email: u.email };
    await recordAudit(tx, actor, { action: 'privacy.delete.execute', ...target(id), before: { userId: u.id } });
    await anonymisePerson(tx, { id: u.id, phone: u.phone, email: u.email, names: [u.realName, u.nickName, u.adminName ?? '', u.phone].filter(Boolean) });
    await revokeUserSessions(tx, u.id);
    // Their own uploads no company record uses (avatar and the like) and their export archives go too.
    const files = await removePersonalFiles(tx, u.id);
    const withArchive = and(eq(personalDataRequests.userId, u.id), isNotNull(personalDataRequests.fileKey));
    const archives = await tx.select({ key: personalDataRequests.fileKey }).from(personalDataRequests).where(withArchive);
    await tx.update(personalDataRequests).set({ fileKey: null }).where(withArchive);
    await tx.update(personalDataRequests).set({ status: Status.DONE, doneAt: new Date(), handledBy: actor.userId }).where(eq(personalDataRequests.id, id));
    await tellPerson(app, tx, contact, '您的账号已注销', `账号中的个人信息已删除或匿名化（显示为“${ANON_NAME}”），企业依法保留的交易记录不受影响`);
    return [...files, ...archives.map((a) => a.key ?? '')].filter(Boolean);
  });
  // The bytes go once the deletion is committed (a rolled-back deletion keeps them); a failure is logged, the
  // key is no longer recorded anywhere and nothing serves it.
  for (const key of gone) await app.storage.delete(key).catch((err: unknown) => app.log.error({ err, key }, 'could not delete a deleted account’s file'));
  return oneAdminRow(app.db, id);
}

/** The platform refuses a request with a reason the person sees. */
export async function adminRefuse(app: FastifyInstance, actor: AuditActor, id: number, reason: string): Promise<AdminPrivacyRow> {
  await app.db.transaction(async (tx) => {
    const r = await lockPending(tx, id);
    await tx.update(personalDataRequests).set({ status: Status.REFUSED, reason, doneAt: new Date(), handledBy: actor.userId }).where(eq(personalDataRequests.id, id));
    await recordAudit(tx, actor, { action: r.kind === 'delete' ? 'privacy.delete.refuse' : 'privacy.export.refuse', ...target(id), after: { reason } });
    const what = r.kind === 'delete' ? '注销账号' : '下载个人数据';
    await tellPerson(app, tx, await contactOf(tx, r.userId), `您的${what}申请未通过`, reason);
  });
  return oneAdminRow(app.db, id);
}

