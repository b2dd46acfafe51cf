import { loadExcel, loadZip } from '../../lib/lazy.ts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  addresses,
  auditLogs,
  companies,
  files,
  merchantApplications,
  messages,
  orders,
  personalDataRequests,
  quotationMessages,
  rolePermissions,
  roles,
  sessions,
  userRoles,
  users,
} from '../../db/schema/index.ts';

/** Rows per section above which the archive is built by the job runner instead of inside the request. */
export const SYNC_EXPORT_MAX_ROWS = 5_000;
/** Audit entries and messages exported at most (the newest), so one archive stays a bounded size. */
const SECTION_MAX = 50_000;

type Rows = Record<string, unknown>[];
export interface PersonalData {
  generatedAt: string;
  profile: Record<string, unknown>;
  company: Record<string, unknown> | null;
  roles: Rows;
  sessions: Rows;
  signInHistory: Rows;
  auditTrail: Rows;
  messages: Rows;
  quotationMessages: Rows;
  orders: Rows;
  addresses: Rows;
  files: Rows;
  consents: Rows;
  requests: Rows;
}

/** How many rows an export of this user would hold (to choose between building now and the job). */
export async function exportSize(db: Db, userId: number): Promise<number> {
  const data = await Promise.all([
    db.$count(auditLogs, eq(auditLogs.actorUserId, userId)),
    db.$count(messages, eq(messages.userId, userId)),
    db.$count(sessions, eq(sessions.userId, userId)),
  ]);
  return data.reduce((a, b) => a + b, 0);
}

/**
 * Everything the platform holds about one person (PIPL right of access, decision 0151), and nothing of
 * anyone else: rows are selected by the person's id (or their own phone for consents they signed).
 */
export async function collectPersonalData(db: Db, userId: number, now = new Date()): Promise<PersonalData> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw new Error(`user ${userId} not found`);
  const { passwordHash: _secret, wechatOpenId, ...profile } = u;
  const [company] = u.companyId
    ? await db.select({ id: companies.id, name: companies.name, type: companies.type }).from(companies).where(eq(companies.id, u.companyId))
    : [];
  const roleRows = await db
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const perms = roleRows.length
    ? await db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, roleRows.map((r) => r.id)))
    : [];
  const sessionRows = await db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      rememberMe: sessions.rememberMe,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id));
  const audit = await db
    .select({ id: auditLogs.id, action: auditLogs.action, targetType: auditLogs.targetType, targetId: auditLogs.targetId, ip: auditLogs.ip, createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(eq(auditLogs.actorUserId, userId))
    .orderBy(desc(auditLogs.id))
    .limit(SECTION_MAX);
  const inbox = await db
    .select({ id: messages.id, type: messages.type, title: messages.title, content: messages.content, readAt: messages.readAt, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(desc(messages.id))
    .limit(SECTION_MAX);
  const qMessages = await db
    .select({ id: quotationMessages.id, quotationId: quotationMessages.quotationId, content: quotationMessages.content, createdAt: quotationMessages.createdAt })
    .from(quotationMessages)
    .where(eq(quotationMessages.userId, userId))
    .orderBy(desc(quotationMessages.id))
    .limit(SECTION_MAX);
  const placed = await db
    .select({ orderNo: orders.orderNo, status: orders.status, sellerCompanyName: orders.sellerCompanyName, totalAmount: orders.totalAmount, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.buyerUserId, userId))
    .orderBy(desc(orders.id))
    .limit(SECTION_MAX);
  const addressRows = await db
    .select({ id: addresses.id, receiver: addresses.receiver, phone: addresses.phone, areaName: addresses.areaName, detail: addresses.detail, createdAt: addresses.createdAt })
    .from(addresses)
    .where(eq(addresses.createdBy, userId));
  const fileRows = await db
    .select({ path: files.path, originalName: files.originalName, mime: files.mime, size: files.size, createdAt: files.createdAt })
    .from(files)
    .where(eq(files.userId, userId))
    .orderBy(desc(files.id))
    .limit(SECTION_MAX);
  const consents = await db
    .select({
      document: merchantApplications.agreementVersion,
      signedAt: merchantApplications.agreementSignedAt,
      ip: merchantApplications.agreementIp,
    })
    .from(merchantApplications)
    .where(
      and(
        eq(merchantApplications.contactPhone, u.phone),
        u.companyId ? eq(merchantApplications.companyId, u.companyId) : undefined,
      ),
    );
  const requests = await db
    .select({ id: personalDataRequests.id, kind: personalDataRequests.kind, status: personalDataRequests.status, createdAt: personalDataRequests.createdAt, doneAt: personalDataRequests.doneAt })
    .from(personalDataRequests)
    .where(eq(personalDataRequests.userId, userId))
    .orderBy(desc(personalDataRequests.id));
  return {
    generatedAt: now.toISOString(),
    profile: { ...profile, wechatBound: !!wechatOpenId },
    company: company ? { ...company, isCompanyAdmin: u.isCompanyAdmin } : null,
    roles: roleRows.map((r) => ({ ...r, permissions: perms.filter((p) => p.roleId === r.id).map((p) => p.code) })),
    sessions: sessionRows,
    signInHistory: sessionRows.map((s) => ({ at: s.createdAt, ip: s.ip, userAgent: s.userAgent })),
    auditTrail: audit,
    messages: inbox,
    quotationMessages: qMessages,
    orders: placed,
    addresses: addressRows,
    files: fileRows,
    consents: consents
      .filter((c) => c.signedAt)
      .map((c) => ({ document: `商家入驻协议 ${c.document ?? ''}`.trim(), signedAt: c.signedAt, ip: c.ip })),
    requests,
  };
}

const SHEETS: [keyof PersonalData, string][] = [
  ['roles', '角色与权限'],
  ['sessions', '登录会话'],
  ['signInHistory', '登录记录'],
  ['auditTrail', '操作记录'],
  ['messages', '站内消息'],
  ['quotationMessages', '报价沟通'],
  ['orders', '下单记录'],
  ['addresses', '收货地址'],
  ['files', '上传文件'],
  ['consents', '同意记录'],
  ['requests', '个人信息请求'],
];

const cell = (v: unknown) => (v instanceof Date ? v.toISOString() : v !== null && typeof v === 'object' ? JSON.stringify(v) : v);

/** The workbook: 个人资料 (field/value) then one sheet per section, headed by the JSON field names. */
async function workbook(data: PersonalData): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const info = wb.addWorksheet('个人资料');
  info.columns = [
    { header: '字段', key: 'k', width: 20 },
    { header: '内容', key: 'v', width: 50 },
  ];
  info.getRow(1).font = { bold: true };
  for (const [k, v] of Object.entries({ ...data.profile, ...(data.company ? { company: data.company } : {}) })) info.addRow({ k, v: cell(v) });
  for (const [key, title] of SHEETS) {
    const rows = data[key] as Rows;
    const sheet = wb.addWorksheet(title);
    const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    sheet.columns = keys.map((k) => ({ header: k, key: k, width: 20 }));
    sheet.getRow(1).font = { bold: true };
    for (const r of rows) sheet.addRow(Object.fromEntries(keys.map((k) => [k, cell(r[k])])));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The archive: personal-data.json, personal-data.xlsx and a README in Chinese. */
export async function buildArchive(data: PersonalData): Promise<Buffer> {
  const zip = new (await loadZip())();
  zip.file('personal-data.json', JSON.stringify(data, null, 2));
  zip.file('personal-data.xlsx', await workbook(data));
  zip.file(
    '说明.txt',
    `本压缩包包含水务商城保存的您的个人信息（生成时间 ${data.generatedAt}）：\n` +
      'personal-data.json 为完整数据，personal-data.xlsx 为同样内容的表格。\n如有疑问，请联系平台客服。\n',
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
