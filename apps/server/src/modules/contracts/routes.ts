import type { FastifyInstance } from 'fastify';
import { orderContractEndpoints as e } from '@aquamall/shared/endpoints';
import { sendDownload } from '../../lib/download.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { clientInfo } from '../auth/index.ts';
import {
  contractPdf,
  createContract,
  getContractSettings,
  orderContractState,
  saveContractSettings,
  sendSignCode,
  signContract,
  voidContract,
} from './service.ts';

/** Order contracts: generation, SMS-confirmed signing, downloads and the supplier's rule (decision 0208). */
export default async function contractRoutes(app: FastifyInstance) {
  route(app, e.orderContract, async (r) => ok(await orderContractState(app, companyCaller(r), r.query.orderId)));
  route(app, e.contractCreate, async (r) => ok(await createContract(app, companyCaller(r), r.body.orderId), '采购合同已生成，等待双方签署'));
  route(app, e.contractSignCode, async (r) => ok(await sendSignCode(app, companyCaller(r), r.body.id, clientInfo(r).ip), '验证码已发送'));
  route(app, e.contractSign, async (r) => ok(await signContract(app, companyCaller(r), r.body), '合同已签署'));
  route(app, e.contractVoid, async (r) => ok(await voidContract(app, companyCaller(r), r.body), '合同已作废'));
  route(app, e.contractPdf, async (r, reply) => {
    const { pdf, fileName } = await contractPdf(app, companyCaller(r), r.query.id);
    return sendDownload(reply, pdf, `contract-${r.query.id}.pdf`, fileName, { type: 'application/pdf', privateCopy: true });
  });
  route(app, e.contractSettings, async (r) => ok(await getContractSettings(app.db, companyCaller(r))));
  route(app, e.contractSettingsSave, async (r) => ok(await saveContractSettings(app.db, companyCaller(r), r.body), '合同设置已保存'));
}
