import type { FastifyInstance } from 'fastify';
import { storeEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { disableBankAccount, myBankAccount, myBankAccounts, saveBankAccount, sendDeposit, setDefaultBankAccount, verifyDeposit } from './bank.ts';
import { ownProducts, saveStoreSettings, storeSettings } from './store.ts';

/** Shop settings (/customer/store) and the settlement bank account (/customer/bank/auth). */
export default async function shopRoutes(app: FastifyInstance) {
  route(app, e.storeSettings, async (request) => ok(await storeSettings(app, companyCaller(request).companyId)));
  route(app, e.storeProducts, async (request) => ok(await ownProducts(app, companyCaller(request).companyId)));
  route(app, e.storeSettingsSave, async (request) =>
    ok(await saveStoreSettings(app, companyCaller(request), request.body), '店铺设置已保存'),
  );

  route(app, e.bankAccount, async (request) => ok(await myBankAccount(app, companyCaller(request).companyId)));
  route(app, e.bankAccountSave, async (request) =>
    ok(await saveBankAccount(app, companyCaller(request), request.body), '对公账户已保存，请发起打款验证'),
  );
  route(app, e.bankAccountSend, async (request) =>
    ok(await sendDeposit(app, companyCaller(request), request.body?.id), '已向该账户打款一笔小于1元的金额，请查询到账金额后填写'),
  );
  route(app, e.bankAccountVerify, async (request) =>
    ok(await verifyDeposit(app, companyCaller(request), request.body.amount, request.body.id), '对公账户验证成功'),
  );
  route(app, e.bankAccounts, async (request) => ok(await myBankAccounts(app, companyCaller(request).companyId)));
  route(app, e.bankAccountDefault, async (request) =>
    ok(await setDefaultBankAccount(app, companyCaller(request), request.body.id), '已设为默认收款账户，新订单将付款至该账户'),
  );
  route(app, e.bankAccountDisable, async (request) =>
    ok(await disableBankAccount(app, companyCaller(request), request.body.id), '账户已停用'),
  );
}
