import type { FastifyInstance } from 'fastify';
import { twoFactorEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller, companyCaller } from '../../plugins/auth.ts';
import {
  companyPolicy,
  confirmEnrolment,
  disableTwoFactor,
  listDevices,
  regenerateRecoveryCodes,
  removeDevices,
  resetTwoFactor,
  saveCompanyPolicy,
  startEnrolment,
  twoFactorStatus,
  verifySecondFactor,
} from './two-factor.ts';

/** Two-factor sign-in: the second step, the caller's authenticator, the company policy and resets. */
export default async function twoFactorRoutes(app: FastifyInstance) {
  route(app, e.twoFactorVerify, async (request, reply) => ok(await verifySecondFactor(app, request, reply, request.body), '登录成功'));
  route(app, e.twoFactorStatus, async (request) => ok(await twoFactorStatus(app.db, caller(request).userId)));
  route(app, e.twoFactorEnrol, async (request) => ok(await startEnrolment(app.db, caller(request).userId)));
  route(app, e.twoFactorConfirm, async (request) =>
    ok(await confirmEnrolment(app.db, request, caller(request).userId, request.body.code), '两步验证已开启'),
  );
  route(app, e.twoFactorDisable, async (request) => {
    await disableTwoFactor(app.db, request, caller(request).userId, request.body);
    return ok(null, '两步验证已关闭');
  });
  route(app, e.twoFactorRecoveryCodes, async (request) =>
    ok(await regenerateRecoveryCodes(app.db, request, caller(request).userId, request.body.code), '恢复码已重新生成'),
  );
  route(app, e.twoFactorDevices, async (request) => ok(await listDevices(app.db, request, caller(request).userId)));
  route(app, e.twoFactorDeviceRemove, async (request, reply) =>
    ok(await removeDevices(app.db, request, reply, caller(request).userId, request.body.id), '已移除该设备'),
  );
  route(app, e.twoFactorDevicesRemoveAll, async (request, reply) =>
    ok(await removeDevices(app.db, request, reply, caller(request).userId, null), '已移除全部设备'),
  );
  route(app, e.twoFactorPolicy, async (request) => ok(await companyPolicy(app.db, companyCaller(request).companyId)));
  route(app, e.twoFactorPolicySave, async (request) =>
    ok(await saveCompanyPolicy(app.db, request, companyCaller(request).companyId, request.body.enforce), '已保存'),
  );
  route(app, e.twoFactorReset, async (request) => {
    await resetTwoFactor(app.db, request, request.body.userId, companyCaller(request).companyId);
    return ok(null, '两步验证已重置');
  });
  route(app, e.adminTwoFactorReset, async (request) => {
    await resetTwoFactor(app.db, request, request.body.userId, null);
    return ok(null, '两步验证已重置');
  });
}
