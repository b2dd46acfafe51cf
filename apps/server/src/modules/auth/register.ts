import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CompanyType, ENUMS, PASSWORD_HINT, type registerInput, type z } from '@aquamall/shared';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { companies, users } from '../../db/schema/index.ts';
import { invalid } from '../../lib/errors.ts';
import { authErrors, fail } from './messages.ts';
import { hashPassword } from '../../lib/password.ts';
import { requireSms } from '../../lib/providers/availability.ts';
import { business } from '../../lib/metrics.ts';
import { requireCode } from '../codes/index.ts';
import { issueLogin } from './issue.ts';
import { passwordProblem } from './password-policy.ts';
import { findByPhone } from './users.ts';

export const MSG_PHONE_TAKEN = authErrors.REGISTER_PHONE_TAKEN.message;

/** The registration form's options (POST /api/appuser/registerdetail). */
export function registerDetail() {
  const types = ENUMS.find((e) => e.name === 'CompanyType')?.items ?? [];
  return {
    companyTypes: types.map((i) => ({ value: i.id, label: i.name })),
    passwordRule: PASSWORD_HINT,
    codeLength: 6,
    resendSeconds: 60,
    agreements: ['agreement', 'privacy'],
  };
}

/**
 * Registration (register: docs/product/accounts.md#registration): creates the company and its administrator in one transaction and signs in.
 * Whether a number is taken is only told after a valid SMS code (no enumeration by bots).
 */
export async function registerCompany(app: FastifyInstance, request: FastifyRequest, b: z.output<typeof registerInput>) {
  requireSms(app, 'SMS_REGISTER_OFF');
  const weak = passwordProblem(b.password);
  if (weak) throw invalid(weak);
  if (b.password !== b.confirmPassword) throw fail('PASSWORD_MISMATCH');
  if (b.registerType === 'merchant' && b.companyType !== CompanyType.SUPPLIER) throw fail('REGISTER_MERCHANT_TYPE_REQUIRED');
  await requireCode(app.db, { channel: 'sms', target: b.phone, purpose: 'register', code: b.code });
  if (await findByPhone(app.db, b.phone)) throw fail('REGISTER_PHONE_TAKEN');
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
    if (isUniqueViolation(err)) {
      throw fail('REGISTER_PHONE_TAKEN');
    }
    throw err;
  }
  business.registrations.inc();
  return { ...(await issueLogin(app, request, userId, b.rememberMe)), registerType: b.registerType };
}
