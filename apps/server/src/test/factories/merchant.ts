import type { FastifyInstance } from 'fastify';
import { MERCHANT_AGREEMENT_VERSION } from '@aquamall/shared';
import { uploadedFile } from './files.ts';

/** A complete merchant application for a manufacturer whose licence is not 三证合一 (documents uploaded as the token's user). */
export async function fullApplication(app: FastifyInstance, token: string, over: Record<string, unknown> = {}) {
  return {
    shopType: 1,
    shopName: '蓝源水处理旗舰店',
    companyName: '福州蓝源环保科技有限公司',
    creditCode: '91350100M000100Y43',
    legalPerson: '林海',
    contactName: '陈静',
    contactPhone: '13905910001',
    contactEmail: 'chen@example.com',
    area: [350000, 350100, 350102],
    address: '福建省福州市鼓楼区五四路88号',
    mainBusiness: '聚合氯化铝、聚丙烯酰胺',
    threeInOne: false,
    documents: {
      license: [await uploadedFile(app, token)],
      taxRegistration: [await uploadedFile(app, token)],
      orgCode: [await uploadedFile(app, token)],
      productionLicense: [await uploadedFile(app, token)],
    },
    agreement: { version: MERCHANT_AGREEMENT_VERSION, agreed: true },
    ...over,
  };
}
