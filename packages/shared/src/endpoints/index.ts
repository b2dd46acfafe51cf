import { menuEndpoints, roleEndpoints } from './access.ts';
import { productReviewEndpoints, stockEndpoints, supplyProductEndpoints } from './catalogue.ts';
import { articleEndpoints, bidEndpoints, goodsEndpoints, openEnquiryEndpoints, shopEndpoints } from './mall.ts';
import { catalogEndpoints, enumEndpoints, siteEndpoints } from './site.ts';
import { adminCatalogEndpoints, adminCompanyEndpoints, adminContentEndpoints, adminWorkbenchEndpoints, auditEndpoints } from './admin.ts';
import { messageEndpoints } from './notifications.ts';
import { authEndpoints, codeEndpoints, opsEndpoints, userEndpoints, wechatEndpoints } from './identity.ts';
import { certificationEndpoints, fileEndpoints, merchantEndpoints, storeEndpoints } from './merchant.ts';
import { adminReviewEndpoints } from './admin-review.ts';
import { productImportEndpoints } from './catalogue-import.ts';
import { adminDiscussionEndpoints, goodsDiscussionEndpoints, supplyDiscussionEndpoints } from './discussion.ts';
import { addressEndpoints, cartEndpoints, invoiceTitleEndpoints } from './buying.ts';
import { repeatBuyEndpoints } from './buying.ts';
import { quickOrderSheetEndpoints, shoppingListEndpoints } from './shopping-lists.ts';
import { orderEndpoints } from './orders.ts';
import { rmaEndpoints } from './aftersales.ts';
import { tenderEndpoints } from './tenders.ts';
import { invoiceEndpoints } from './invoices.ts';
import { reportEndpoints } from './reports.ts';
import { enquiryEndpoints } from './enquiries.ts';
import { quotationEndpoints } from './quotations.ts';
import { creditEndpoints } from './credit.ts';
import { seoEndpoints } from './seo.ts';
import { adminPrivacyEndpoints, privacyEndpoints } from './privacy.ts';
import { twoFactorEndpoints } from './two-factor.ts';
import { adminTradeEndpoints, rmaDisputeEndpoints } from './console-trade.ts';
import { tradePaperEndpoints } from './trade-papers.ts';
import { orderContractEndpoints } from './order-contracts.ts';
import { approvalRuleEndpoints, departmentEndpoints, purchaseRequestEndpoints } from './approvals.ts';
import { agreementEndpoints } from './agreements.ts';
import { budgetEndpoints } from './budgets.ts';
import { trackingEndpoints } from './tracking.ts';
import { openApiEndpoints } from './openapi.ts';
import { adminPaymentEndpoints, paymentEndpoints, subMerchantEndpoints } from './payments.ts';
import { contractPriceEndpoints, contractPriceImportEndpoints, customerGroupEndpoints, myPriceEndpoints } from './pricing.ts';

export * from './endpoint.ts';
export * from './access.ts';
export * from './mall.ts';
export * from './site.ts';
export * from './admin.ts';
export * from './notifications.ts';
export * from './identity.ts';
export * from './merchant.ts';
export * from './admin-review.ts';
export * from './catalogue.ts';
export * from './catalogue-import.ts';
export * from './discussion.ts';
export * from './buying.ts';
export * from './shopping-lists.ts';
export * from './orders.ts';
export * from './aftersales.ts';
export * from './tenders.ts';
export * from './invoices.ts';
export * from './reports.ts';
export * from './enquiries.ts';
export * from './quotations.ts';
export * from './credit.ts';
export * from './seo.ts';
export * from './privacy.ts';
export * from './two-factor.ts';
export * from './console-trade.ts';
export * from './trade-papers.ts';
export * from './order-contracts.ts';
export * from './approvals.ts';
export * from './agreements.ts';
export * from './budgets.ts';
export * from './pricing.ts';
export * from './tracking.ts';
export * from './openapi.ts';
export * from './payments.ts';

/**
 * Every endpoint of the API, by group (one domain each). Names are unique across groups (a test checks it),
 * so the web calls an endpoint by its name alone. A new domain adds its group here.
 */
export const endpointGroups = {
  menus: menuEndpoints,
  roles: roleEndpoints,
  goods: goodsEndpoints,
  shops: shopEndpoints,
  openEnquiries: openEnquiryEndpoints,
  articles: articleEndpoints,
  bids: bidEndpoints,
  site: siteEndpoints,
  catalog: catalogEndpoints,
  enums: enumEndpoints,
  messages: messageEndpoints,
  merchant: merchantEndpoints,
  store: storeEndpoints,
  certification: certificationEndpoints,
  files: fileEndpoints,
  adminCompanies: adminCompanyEndpoints,
  adminCatalog: adminCatalogEndpoints,
  adminWorkbench: adminWorkbenchEndpoints,
  adminContent: adminContentEndpoints,
  audit: auditEndpoints,
  auth: authEndpoints,
  codes: codeEndpoints,
  wechat: wechatEndpoints,
  users: userEndpoints,
  ops: opsEndpoints,
  adminReview: adminReviewEndpoints,
  supplyProducts: supplyProductEndpoints,
  stock: stockEndpoints,
  productReview: productReviewEndpoints,
  productImport: productImportEndpoints,
  goodsDiscussion: goodsDiscussionEndpoints,
  supplyDiscussion: supplyDiscussionEndpoints,
  adminDiscussion: adminDiscussionEndpoints,
  addresses: addressEndpoints,
  invoiceTitles: invoiceTitleEndpoints,
  cart: cartEndpoints,
  repeatBuy: repeatBuyEndpoints,
  shoppingLists: shoppingListEndpoints,
  quickOrderSheet: quickOrderSheetEndpoints,
  orders: orderEndpoints,
  rma: rmaEndpoints,
  tenders: tenderEndpoints,
  invoices: invoiceEndpoints,
  reports: reportEndpoints,
  enquiries: enquiryEndpoints,
  quotations: quotationEndpoints,
  credit: creditEndpoints,
  seo: seoEndpoints,
  privacy: privacyEndpoints,
  adminPrivacy: adminPrivacyEndpoints,
  twoFactor: twoFactorEndpoints,
  adminTrade: adminTradeEndpoints,
  rmaDisputes: rmaDisputeEndpoints,
  tradePapers: tradePaperEndpoints,
  orderContracts: orderContractEndpoints,
  departments: departmentEndpoints,
  approvalRules: approvalRuleEndpoints,
  purchaseRequests: purchaseRequestEndpoints,
  agreements: agreementEndpoints,
  budgets: budgetEndpoints,
  tracking: trackingEndpoints,
  openApi: openApiEndpoints,
  payments: paymentEndpoints,
  adminPayments: adminPaymentEndpoints,
  subMerchants: subMerchantEndpoints,
  contractPrices: contractPriceEndpoints,
  myPrices: myPriceEndpoints,
  contractPriceImport: contractPriceImportEndpoints,
  customerGroups: customerGroupEndpoints,
};

type Groups = typeof endpointGroups;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
export type Endpoints = UnionToIntersection<Groups[keyof Groups]>;
export type EndpointName = keyof Endpoints & string;
export const endpoints = Object.assign({}, ...Object.values(endpointGroups)) as Endpoints;
