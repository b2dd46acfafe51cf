import { z } from 'zod';
import {
  bankAccountId,
  bankAccountInput,
  bankAccountRef,
  bankAccountView,
  bankVerifyInput,
  bankVerifyResult,
  certificationInput,
  certificationView,
  fileRow,
  memberInfo,
  memberInvoiceRequestInput,
  memberOrderCreateInput,
  memberOrderIdInput,
  memberOrderProofInput,
  memberUpgradeRow,
  merchantApplicationView,
  merchantDraftInput,
  merchantSubmitInput,
  myApplication,
  myCertification,
  storeProduct,
  storeSettingsInput,
  storeSettingsView,
  uploadedFile,
  uploadQuery,
} from '../contracts/merchant.ts';
import { pagedOf, pageQuery } from '../envelope.ts';
import { can, endpoint, PUBLIC, raw, sees, SIGNED_IN } from './endpoint.ts';
import { CREATES, OWN_ONLY, probedIn } from './isolation.ts';

/** Applying changes the company's legal standing: company administrators, or a role with company:manage. */
const manage = can('company:manage');

/** Merchant entry (/merchant/apply): the company's application. */
export const merchantEndpoints = {
  merchantApplication: endpoint({
    method: 'GET',
    path: '/api/merchant/application',
    summary: "The company's merchant application (or an empty form prefilled from the company) and its history",
    access: manage,
    response: myApplication,
    isolation: probedIn('isolation.test.ts'),
  }),
  merchantApplicationSave: endpoint({
    method: 'POST',
    path: '/api/merchant/application/save',
    summary: 'Save the application form as a draft',
    access: manage,
    body: merchantDraftInput,
    response: merchantApplicationView,
    isolation: probedIn('isolation.test.ts'),
  }),
  merchantApplicationSubmit: endpoint({
    method: 'POST',
    path: '/api/merchant/application/submit',
    summary: 'Sign the merchant agreement and submit the application for review',
    access: manage,
    body: merchantSubmitInput,
    response: merchantApplicationView,
    isolation: OWN_ONLY,
  }),
};

/** Shop settings (/customer/store) and the settlement bank account (/customer/bank/auth). */
export const storeEndpoints = {
  storeSettings: endpoint({
    method: 'GET',
    path: '/api/store/settings',
    summary: "The company's shop settings",
    access: sees('/customer/store'),
    response: storeSettingsView.nullable(),
    isolation: probedIn('isolation.test.ts'),
  }),
  storeProducts: endpoint({
    method: 'GET',
    path: '/api/store/products',
    summary: "The company's own products for the shop floors (at most 500)",
    access: sees('/customer/store'),
    response: z.array(storeProduct),
    isolation: probedIn('isolation.test.ts'),
  }),
  storeSettingsSave: endpoint({
    method: 'POST',
    path: '/api/store/settings/save',
    summary: 'Save the shop settings of an approved merchant',
    access: manage,
    body: storeSettingsInput,
    response: storeSettingsView.nullable(),
    isolation: probedIn('isolation.test.ts'),
  }),
  bankAccount: endpoint({
    method: 'GET',
    path: '/api/bank/account',
    summary: "The company's settlement account (masked), or null",
    access: sees('/customer/bank/auth'),
    response: bankAccountView.nullable(),
    isolation: probedIn('isolation.test.ts'),
  }),
  bankAccountSave: endpoint({
    method: 'POST',
    path: '/api/bank/account/save',
    summary: 'Save (or replace) the settlement account; it must be verified again',
    access: manage,
    body: bankAccountInput,
    response: bankAccountView,
    isolation: probedIn('isolation.test.ts'),
  }),
  bankAccounts: endpoint({
    method: 'GET',
    path: '/api/bank/accounts',
    summary: "The company's settlement accounts (masked): the default first, disabled last",
    access: sees('/customer/bank/auth'),
    response: z.array(bankAccountView),
    isolation: probedIn('modules/merchant/bank-accounts.test.ts'),
  }),
  bankAccountDefault: endpoint({
    method: 'POST',
    path: '/api/bank/account/default',
    summary: 'Make a verified account the default payee of new orders',
    access: manage,
    body: bankAccountId,
    response: bankAccountView,
    isolation: probedIn('modules/merchant/bank-accounts.test.ts'),
  }),
  bankAccountDisable: endpoint({
    method: 'POST',
    path: '/api/bank/account/disable',
    summary: 'Stop using an account (not the default while another verified one is in use)',
    access: manage,
    body: bankAccountId,
    response: bankAccountView,
    isolation: probedIn('modules/merchant/bank-accounts.test.ts'),
  }),
  bankAccountSend: endpoint({
    method: 'POST',
    path: '/api/bank/account/send',
    summary: 'Ask the bank to send the small verification deposit',
    access: manage,
    body: bankAccountRef.optional(),
    response: bankAccountView,
    isolation: OWN_ONLY,
  }),
  bankAccountVerify: endpoint({
    method: 'POST',
    path: '/api/bank/account/verify',
    summary: 'Check the deposited amount (3 tries per deposit, capped per day)',
    access: manage,
    body: bankVerifyInput,
    response: bankVerifyResult,
    isolation: OWN_ONLY,
  }),
};

/** Enterprise certification, the service contract and membership (/customer/authentication/...). */
export const certificationEndpoints = {
  certificationDetail: endpoint({
    method: 'GET',
    path: '/api/certification/detail',
    summary: "The company's certification and its history",
    access: sees('/customer/authentication/detail'),
    response: myCertification,
    isolation: probedIn('isolation.test.ts'),
  }),
  certificationSubmit: endpoint({
    method: 'POST',
    path: '/api/certification/submit',
    summary: "Submit the certification: the partner's real-name check, then the platform's review",
    access: manage,
    body: certificationInput,
    response: certificationView,
    isolation: OWN_ONLY,
  }),
  certificationSign: endpoint({
    method: 'POST',
    path: '/api/certification/sign',
    summary: 'Sign the platform service agreement (once certified)',
    access: manage,
    response: certificationView,
    isolation: OWN_ONLY,
  }),
  certificationContract: endpoint({
    method: 'GET',
    path: '/api/certification/contract',
    summary: "The company's signed service agreement (PDF)",
    access: sees('/customer/authentication/detail'),
    response: raw('application/pdf'),
    isolation: OWN_ONLY,
  }),
  memberInfo: endpoint({
    method: 'GET',
    path: '/api/member/info',
    summary: "The company's member level, the levels' benefits, where to pay and the latest upgrade requests",
    access: sees('/customer/authentication/member'),
    response: memberInfo,
    isolation: OWN_ONLY,
  }),
  memberOrderCreate: endpoint({
    method: 'POST',
    path: '/api/member/order/create',
    summary: 'Buy, upgrade to or renew a member level: an order awaiting the transfer to the platform',
    access: manage,
    body: memberOrderCreateInput,
    response: memberUpgradeRow,
    isolation: CREATES,
  }),
  memberOrderProof: endpoint({
    method: 'POST',
    path: '/api/member/order/proof',
    summary: "Hand in a membership order's transfer receipt: the platform confirms it in the console",
    access: manage,
    body: memberOrderProofInput,
    response: memberUpgradeRow,
    isolation: probedIn('modules/certification/onboarding-membership.test.ts'),
  }),
  memberOrderCancel: endpoint({
    method: 'POST',
    path: '/api/member/order/cancel',
    summary: 'Cancel a membership order not yet paid',
    access: manage,
    body: memberOrderIdInput,
    response: memberUpgradeRow,
    isolation: probedIn('modules/certification/onboarding-membership.test.ts'),
  }),
  memberOrderInvoice: endpoint({
    method: 'POST',
    path: '/api/member/order/invoice',
    summary: 'Ask the platform for the invoice of a confirmed membership order',
    access: manage,
    body: memberInvoiceRequestInput,
    response: memberUpgradeRow,
    isolation: probedIn('modules/certification/onboarding-membership.test.ts'),
  }),
};

/**
 * Uploads and the public file host. The upload routes take the caller's token from `x-token` or from a
 * `token` form field before the files (docs/product/files.md#uploads), so they check it themselves while reading the form.
 */
export const fileEndpoints = {
  fileUpload: endpoint({
    method: 'POST',
    path: '/file/upload', rateLimit: 'upload',
    summary: 'Upload images (multipart, field `storefile`, with the token); answers their paths',
    access: PUBLIC,
    response: z.array(uploadedFile),
  }),
  fileUploadHandler: endpoint({
    method: 'POST',
    path: '/UploadHandler.ashx', rateLimit: 'upload',
    summary: 'Upload images into the folder `appName` names (as /file/upload)',
    access: PUBLIC,
    query: uploadQuery,
    response: z.array(uploadedFile),
  }),
  fileList: endpoint({
    method: 'POST',
    path: '/api/file/list',
    summary: "The caller's company's uploads, newest first (a user without a company: their own)",
    access: SIGNED_IN,
    body: pageQuery,
    response: pagedOf(fileRow),
  }),
  fileHost: endpoint({
    method: 'GET',
    path: '/f/*',
    summary: 'The public file host: a stored file, or a resized copy under /f/w<width>/',
    access: PUBLIC,
    response: raw('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/octet-stream'),
  }),
};
