import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bankAccountInput, bankVerifyInput, storeSettingsInput } from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../plugins/auth.ts';
import { requirePermission } from '../access/permissions.ts';
import { myBankAccount, saveBankAccount, sendDeposit, verifyDeposit } from './bank.ts';
import { ownProducts, saveStoreSettings, storeSettings } from './store.ts';

/** Shop settings (/customer/store) and the settlement bank account (/customer/bank/auth). */
export default async function shopRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const company = { preHandler: app.requireCompanyUser };
  const manage = { preHandler: requirePermission('company:manage') };

  app.get('/api/store/settings', company, async (request) => ok(await storeSettings(app, caller(request).companyId!)));
  app.get('/api/store/products', company, async (request) => ok(await ownProducts(app, caller(request).companyId!)));
  app.post('/api/store/settings/save', { ...manage, schema: { body: storeSettingsInput } }, async (request) =>
    ok(await saveStoreSettings(app, caller(request), request.body), '店铺设置已保存'),
  );

  app.get('/api/bank/account', company, async (request) => ok(await myBankAccount(app, caller(request).companyId!)));
  app.post('/api/bank/account/save', { ...manage, schema: { body: bankAccountInput } }, async (request) =>
    ok(await saveBankAccount(app, caller(request), request.body), '对公账户已保存，请发起打款验证'),
  );
  app.post('/api/bank/account/send', manage, async (request) =>
    ok(await sendDeposit(app, caller(request)), '已向该账户打款一笔小于1元的金额，请查询到账金额后填写'),
  );
  app.post('/api/bank/account/verify', { ...manage, schema: { body: bankVerifyInput } }, async (request) =>
    ok(await verifyDeposit(app, caller(request), request.body.amount), '对公账户验证成功'),
  );
}
