import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from '@aquamall/shared';
import { users } from '../../db/schema/index.ts';
import { conflict, invalid, loginExpired } from '../../lib/errors.ts';
import { ok } from '../../lib/envelope.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { MSG_SMS_FORGET_OFF, MSG_SMS_SERVICE_OFF, requireSms } from '../../lib/providers/availability.ts';
import { caller } from '../../plugins/auth.ts';
import { MSG_BAD_CODE, requireCode } from '../codes/service.ts';
import { clientInfo, codeField, emailField, phoneField } from './fields.ts';

const MSG_EMAIL_TAKEN = '该邮箱已被其他账号绑定';
const MSG_EMAIL_BY_CODE = '请通过邮箱验证码绑定邮箱';
const isUniqueViolation = (err: unknown) =>
  /unique|duplicate/i.test(String((err as Error)?.message) + String((err as { cause?: Error })?.cause?.message ?? ''));
import { clearFailures, MSG_LOCKED, reserveAttempt } from './lockout.ts';
import { passwordProblem } from './password-policy.ts';
import { revokeUserSessions } from './sessions.ts';
import { loadSessionUser } from './user-info.ts';
import { findByPhone } from './users.ts';

const newPassword = {
  password: z.string({ error: '请输入新密码' }).max(40),
  confirmPassword: z.string({ error: '请再次输入新密码' }).max(40),
};

function checkNewPassword(b: { password: string; confirmPassword: string }) {
  const weak = passwordProblem(b.password);
  if (weak) throw invalid(weak);
  if (b.password !== b.confirmPassword) throw invalid('两次输入的密码不一致');
}

const formParser = (_req: unknown, body: string, done: (err: Error | null, value?: unknown) => void) => {
  done(null, Object.fromEntries(new URLSearchParams(body)));
};

/** forgetpwd, modifypwd, replacecellphone (form-encoded), modifyuserinfo (SPEC §7). */
export default async function accountRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, formParser);
  }

  // Recovery by SMS code. Ends every session of the account. An unknown number fails like a wrong code.
  app.post(
    '/api/appuser/forgetpwd',
    { schema: { body: z.object({ phone: phoneField, code: codeField, ...newPassword }) } },
    async (request) => {
      requireSms(app, MSG_SMS_FORGET_OFF);
      const b = request.body;
      checkNewPassword(b);
      await requireCode(app.db, { channel: 'sms', target: b.phone, purpose: 'forget', code: b.code });
      const user = await findByPhone(app.db, b.phone);
      if (!user) throw invalid(MSG_BAD_CODE);
      await app.db.update(users).set({ passwordHash: await hashPassword(b.password), updatedAt: new Date() }).where(eq(users.id, user.id));
      await revokeUserSessions(app.db, user.id);
      await clearFailures(app.db, b.phone);
      return ok(null, '密码已重置，请使用新密码登录');
    },
  );

  // Change password: proves the old one (counted like login failures), then ends every session including
  // this one (docs/decisions/0040-identity.md): the browser logs out and the user signs in again.
  app.post(
    '/api/appuser/modifypwd',
    { preHandler: app.requireUser, schema: { body: z.object({ oldPassword: z.string({ error: '请输入原密码' }).max(40), ...newPassword }) } },
    async (request) => {
      const me = caller(request);
      const b = request.body;
      const [user] = await app.db.select().from(users).where(eq(users.id, me.userId));
      if (!user) throw loginExpired();
      // Counted before the check, like a login (the signed-in caller needs no captcha, only the lock applies).
      const slot = await reserveAttempt(app.db, user.phone, clientInfo(request).ip, true);
      if (!slot.taken) throw invalid(MSG_LOCKED);
      if (!(await verifyPassword(user.passwordHash, b.oldPassword))) throw invalid(slot.locked ? MSG_LOCKED : '原密码错误');
      checkNewPassword(b);
      if (b.password === b.oldPassword) throw invalid('新密码不能与原密码相同');
      await app.db.update(users).set({ passwordHash: await hashPassword(b.password), updatedAt: new Date() }).where(eq(users.id, user.id));
      await revokeUserSessions(app.db, user.id);
      await clearFailures(app.db, user.phone);
      return ok(null, '密码已修改，请重新登录');
    },
  );

  // Change phone (form-encoded): a code sent to the current number and a code sent to the new one.
  app.post(
    '/api/appuser/replacecellphone',
    {
      preHandler: app.requireUser,
      schema: { body: z.object({ oldCode: codeField, newPhone: phoneField, newCode: codeField }) },
    },
    async (request) => {
      requireSms(app, MSG_SMS_SERVICE_OFF);
      const me = caller(request);
      const b = request.body;
      const [user] = await app.db.select({ phone: users.phone }).from(users).where(eq(users.id, me.userId));
      if (!user) throw loginExpired();
      if (b.newPhone === user.phone) throw invalid('新手机号不能与原手机号相同');
      await requireCode(app.db, { channel: 'sms', target: user.phone, purpose: 'oldphone', code: b.oldCode });
      await requireCode(app.db, { channel: 'sms', target: b.newPhone, purpose: 'newphone', code: b.newCode });
      if (await findByPhone(app.db, b.newPhone)) throw conflict('该手机号已被其他账号使用');
      try {
        await app.db.update(users).set({ phone: b.newPhone, updatedAt: new Date() }).where(eq(users.id, me.userId));
      } catch {
        throw conflict('该手机号已被其他账号使用');
      }
      return ok({ phone: b.newPhone }, '手机号已更换');
    },
  );

  app.post(
    '/api/appuser/modifyuserinfo',
    {
      preHandler: app.requireUser,
      schema: {
        body: z.object({
          realName: z.string().trim().max(50, '真实姓名最多50个字').default(''),
          nickName: z.string().trim().max(50, '昵称最多50个字').default(''),
          gender: z.union([z.literal(0), z.literal(1), z.null()], { error: '请选择性别' }).optional(),
          avatar: z
            .string()
            .trim()
            .max(300)
            .refine((s) => s === '' || (/^\w[\w./-]*$/.test(s) && !s.includes('..')) || /^https?:\/\/[^\s"'<>]+$/.test(s), '头像地址无效')
            .default(''),
          email: z.union([z.literal(''), z.string().trim().max(120).pipe(z.email('请输入正确的邮箱'))]).optional(),
        }),
      },
    },
    async (request) => {
      const me = caller(request);
      const b = request.body;
      // The e-mail is bound only by code (POST /api/appuser/bindemail); here it may stay as it is or be removed.
      const email = b.email?.toLowerCase();
      const [current] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, me.userId));
      if (email && email !== (current?.email ?? '').toLowerCase()) throw invalid(MSG_EMAIL_BY_CODE);
      await app.db
        .update(users)
        .set({
          realName: b.realName,
          nickName: b.nickName,
          gender: b.gender ?? null,
          avatar: b.avatar,
          ...(email === '' ? { email: null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, me.userId));
      return ok(await loadSessionUser(app.db, me.userId), '保存成功');
    },
  );

  // Binds an e-mail address the user proved with the code sent to it. Addresses are unique (case-insensitive,
  // a unique index): one bound elsewhere is refused, also when two users race for it.
  app.post(
    '/api/appuser/bindemail',
    { preHandler: app.requireUser, schema: { body: z.object({ email: emailField, code: codeField }) } },
    async (request) => {
      const me = caller(request);
      const { email, code } = request.body;
      await requireCode(app.db, { channel: 'email', target: email, purpose: 'bind', code });
      const [taken] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, me.userId)))
        .limit(1);
      if (taken) throw conflict(MSG_EMAIL_TAKEN);
      try {
        await app.db.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, me.userId));
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MSG_EMAIL_TAKEN);
        throw err;
      }
      return ok(await loadSessionUser(app.db, me.userId), '邮箱已绑定');
    },
  );
}
