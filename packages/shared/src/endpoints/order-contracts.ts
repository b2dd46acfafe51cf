import { z } from 'zod';
import {
  contractCreateInput,
  contractDetail,
  contractOfOrderQuery,
  contractQuery,
  contractSettings,
  contractSettingsInput,
  contractSignCodeAnswer,
  contractSignCodeInput,
  contractSignInput,
  contractVoidInput,
  orderContract,
} from '../contracts/order-contracts.ts';
import { can, endpoint, raw, sees } from './endpoint.ts';
import { OWN_ONLY, probedIn } from './isolation.ts';

/** The order pages (as trade-papers.ts): the use case reads the order as its detail page does. */
const orderPages = sees(
  '/customer/order',
  '/customer/allorder',
  '/customer/enorder',
  '/customer/allenorder',
  '/customer/saleOrder',
  '/customer/offerOrder',
);
const PROBE = probedIn('modules/contracts/contracts.test.ts');

/**
 * Order contracts (采购合同, issue 30, docs/decisions/0208-order-contracts.md): generated from an order, signed by
 * both parties through the e-signature partner after an SMS confirmation, downloadable by the two parties only;
 * and the supplier's rule of when an order needs a signed contract before it ships.
 */
export const orderContractEndpoints = {
  orderContract: endpoint({
    method: 'GET',
    path: '/api/contract/order',
    summary: 'The contract state of an order: required or not, the live contract with its signatures and actions',
    access: orderPages,
    query: contractOfOrderQuery,
    response: orderContract,
    isolation: PROBE,
  }),
  contractCreate: endpoint({
    method: 'POST',
    path: '/api/contract/create',
    summary: 'Either party generates the order’s contract (待签署) from the order, when none is live',
    access: can('purchase:manage', 'order:ship'),
    body: contractCreateInput,
    response: contractDetail,
    isolation: PROBE,
  }),
  contractPdf: endpoint({
    method: 'GET',
    path: '/api/contract/pdf',
    summary: 'The contract as a PDF: the text to sign, with the seals applied so far (the two parties only)',
    access: orderPages,
    query: contractQuery,
    response: raw('application/pdf'),
    isolation: PROBE,
  }),
  contractSignCode: endpoint({
    method: 'POST',
    path: '/api/contract/sign/code',
    summary: 'Sends the SMS code that confirms the signer’s will (意愿认证) to the signer’s own phone',
    access: can('purchase:manage', 'order:ship'),
    body: contractSignCodeInput,
    response: contractSignCodeAnswer,
    isolation: PROBE,
  }),
  contractSign: endpoint({
    method: 'POST',
    path: '/api/contract/sign',
    summary: 'The caller’s side signs with the SMS code: the partner seals the PDF for the company and the signer',
    access: can('purchase:manage', 'order:ship'),
    body: contractSignInput,
    response: contractDetail,
    isolation: PROBE,
  }),
  contractVoid: endpoint({
    method: 'POST',
    path: '/api/contract/void',
    summary: 'Either party voids a contract not yet signed by both, with a reason',
    access: can('purchase:manage', 'order:ship'),
    body: contractVoidInput,
    response: z.null(),
    isolation: PROBE,
  }),
  contractSettings: endpoint({
    method: 'GET',
    path: '/api/contract/settings',
    summary: 'The supplier’s rule: a signed contract for every order, from an amount on, or optional',
    access: can('order:ship'),
    response: contractSettings,
    isolation: OWN_ONLY,
  }),
  contractSettingsSave: endpoint({
    method: 'POST',
    path: '/api/contract/settings',
    summary: 'The supplier sets when its orders need a signed contract before shipping',
    access: can('order:ship'),
    body: contractSettingsInput,
    response: contractSettings,
    isolation: OWN_ONLY,
  }),
};
