import type { FastifyInstance } from 'fastify';
import { addDays, chinaDay, type AgreementInput } from '@aquamall/shared';
import { agreementEndpoints as e } from '@aquamall/shared/endpoints';
import { callEndpoint } from '../http.ts';

/** An agreement's body: today for 30 days, the given lines (default one free line of 100 吨 at ¥50). */
export const agreementBody = (buyerCompanyId: number, over: Partial<AgreementInput> = {}): AgreementInput => ({
  buyerCompanyId,
  title: '年度药剂框架协议',
  validFrom: chinaDay(),
  validTo: addDays(chinaDay(), 30),
  remark: '',
  lines: [{ productName: '聚合氯化铝', spec: '30%', unit: '吨', unitPrice: 50, quantity: 100 }],
  ...over,
});

/** The supplier enters an agreement and (unless `confirm` is false) the purchaser confirms it; answers its id. */
export async function makeAgreement(
  app: FastifyInstance,
  sellerToken: string,
  buyer: { token: string; companyId: number },
  over: Partial<AgreementInput> = {},
  confirm = true,
): Promise<number> {
  const created = await callEndpoint(app, sellerToken, e.agreementCreate, agreementBody(buyer.companyId, over));
  if (created.code !== 0) throw new Error(created.message);
  if (confirm) {
    const ok = await callEndpoint(app, buyer.token, e.agreementConfirm, { id: created.data.id });
    if (ok.code !== 0) throw new Error(ok.message);
  }
  return created.data.id;
}
