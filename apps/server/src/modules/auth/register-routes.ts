import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompanyType, ENUMS, z } from '@aquamall/shared';
import { companies, users } from '../../db/schema/index.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { ok } from '../../lib/envelope.ts';
import { hashPassword } from '../../lib/password.ts';
import { MSG_SMS_REGISTER_OFF, requireSms } from '../../lib/providers/availability.ts';
import { requireCode } from '../codes/service.ts';
import { codeField, phoneField, rememberField } from './fields.ts';
import { issueLogin } from './issue.ts';
import { passwordProblem } from './password-policy.ts';
import { findByPhone } from './users.ts';
import { business } from '../../lib/metrics.ts';

export const MSG_PHONE_TAKEN = '该手机号已注册';

const registerBody = z.object({
  phone: phoneField,
  code: codeField,
  password: z.string({ error: '请输入密码' }).max(40),
  confirmPassword: z.string({ error: '请再次输入密码' }).max(40),
  companyName: z.string({ error: '请输入企业名称' }).trim().min(2, '企业名称至少2个字').max(100, '企业名称最多100个字'),
  companyType: z.coerce.number().refine((v) => v === CompanyType.PURCHASER || v === CompanyType.SUPPLIER, '请选择企业类型'),
  registerType: z.enum(['user', 'merchant']).default('user'),
  agree: z.literal(true, { error: '请阅读并同意《平台商家入驻协议》和《隐私政策》' }),
  realName: z.string().trim().max(50).optional(),
  rememberMe: rememberField,
});

/**
 * Registration (SPEC §2 register): POST /api/appuser/registerdetail gives the form's options;
 * POST /api/appuser/originregister creates the company and its administrator in one transaction and signs in.
 * Whether a number is taken is only told after a valid SMS code (no enumeration by bots).
 */
export default async function registerRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post('/api/appuser/registerdetail', { schema: { body: z.object({ phone: phoneField.optional() }) } }, async () => {
    const types = ENUMS.find((e) => e.name === 'CompanyType')?.items ?? [];
    return ok({
      companyTypes: types.map((i) => ({ value: i.id, label: i.name })),
      passwordRule: '8-20位，须同时包含字母和数字',
      codeLength: 6,
      resendSeconds: 60,
      agreements: ['agreement', 'privacy'],
    });
  });

  app.post('/api/appuser/originregister', { schema: { body: registerBody } }, async (request) => {
    requireSms(app, MSG_SMS_REGISTER_OFF);
    const b = request.body;
    const weak = passwordProblem(b.password);
    if (weak) throw invalid(weak);
    if (b.password !== b.confirmPassword) throw invalid('两次输入的密码不一致');
    if (b.registerType === 'merchant' && b.companyType !== CompanyType.SUPPLIER) throw invalid('商家入驻请选择供应商类型');
    await requireCode(app.db, { channel: 'sms', target: b.phone, purpose: 'register', code: b.code });
    if (await findByPhone(app.db, b.phone)) throw conflict(MSG_PHONE_TAKEN);
    const passwordHash = await hashPassword(b.password);
    let userId: number;
    try {
      userId = await app.db.transaction(async (tx) => {
        const [company] = await tx
          .insert(companies)
          .values({ name: b.companyName, type: b.companyType, contactName: b.realName ?? '', contactPhone: b.phone })
          .returning({ id: companies.id });
        const [user] = await tx
          .insert(users)
          .values({ companyId: company!.id, phone: b.phone, passwordHash, realName: b.realName ?? '', isCompanyAdmin: true })
          .returning({ id: users.id });
        return user!.id;
      });
    } catch (err) {
      if (/unique|duplicate/i.test(String((err as Error).message) + String((err as { cause?: Error }).cause?.message ?? ''))) {
        throw conflict(MSG_PHONE_TAKEN);
      }
      throw err;
    }
    business.registrations.inc();
    return ok({ ...(await issueLogin(app, request, userId, b.rememberMe)), registerType: b.registerType }, '注册成功');
  });
}
