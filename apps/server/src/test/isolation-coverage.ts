import { endpointGroups, type Endpoint } from '@aquamall/shared/endpoints';

/**
 * The isolation test files and the tests in them that probe company-scoped endpoints
 * (docs/decisions/0092-quality-pass.md, docs/decisions/0191-jobs-and-events-spine.md).
 *
 * Which endpoints a file probes is declared on the endpoint descriptors (`isolation: probedIn(file)`,
 * packages/shared/src/endpoints), as is an exemption with its reason (`isolation: exempt(...)`). `tests`: the
 * file's isolation tests (by title). Each file proves its endpoints at run time (`expectCrossCompanyProbes`,
 * test/isolation-record.ts); `isolation.test.ts` checks that every company-scoped descriptor declares one or
 * the other, naming a file listed here. A new company route: call it in an isolation test as a caller marked
 * with `crossCompanyCaller(token)` and declare `isolation: probedIn('<that file>')` on its descriptor.
 */
export const ISOLATION_PROBES = {
  'isolation.test.ts': {
    tests: [
      'messages: B’s messages',
      'supplier products: A neither lists',
      'shop settings, bank account and merchant application',
      'merchant application: a smuggled companyId',
      'shop floors and own products',
      'users: A cannot update',
      'sessions: A cannot end',
      'invoices: B cannot reverse',
      'credit: an outsider reads',
      'tenders: an outsider purchaser',
      'reports and their exports',
    ],
  },
  'modules/tenders/tenders.test.ts': {
    tests: [
      "one purchaser never sees or changes another's tender",
      'before the deadline no route answers any bid content',
    ],
  },
  'modules/quotations/quotations.test.ts': {
    tests: ['a third company can neither read nor post', 'suppliers never read each other’s prices'],
  },
  'modules/enquiries/enquiries.test.ts': {
    tests: ['isolation: another purchaser cannot read'],
  },
  'modules/approvals/approvals.test.ts': {
    tests: ['approvals: another purchaser neither reads nor decides nor names our users'],
  },
  'modules/budgets/budgets.test.ts': {
    tests: ["another company's administrator neither sees nor changes a budget"],
  },
  'modules/orders/lifecycle.test.ts': {
    tests: ['answers 记录不存在 to a third company'],
  },
  'modules/aftersales/aftersales.test.ts': {
    tests: ['a third company gets 记录不存在 on every call'],
  },
  'modules/certification/onboarding-membership.test.ts': {
    tests: ['another company cannot hand in, cancel or ask an invoice for an order'],
  },
  'modules/admin/trade/trade.test.ts': {
    tests: ['only a party escalates, only a refused request, and once'],
  },
  'modules/aftersales/returns.test.ts': {
    tests: [
      'another company cannot read or use it',
      'which nets the order',
    ],
    // These calls' isolation is declared by buying, aftersales and invoices tests; this file adds the return
    // address and the partial red-letter invoice probes to them (no descriptor names it).
  },
  'modules/invoices/invoices.test.ts': {
    tests: ['a third company reads and acts on nothing'],
  },
  'modules/payments/payments.test.ts': {
    tests: ['a third company opens, polls and reads no payment of another order'],
  },
  'modules/payments/sub-merchants.test.ts': {
    tests: ['the supplier enters its 特约商户号'],
  },
  'modules/tracking/tracking.test.ts': {
    tests: ['a third company reads and refreshes no parcel of another order'],
  },
  'modules/trade-papers/trade-papers.test.ts': {
    tests: ['a third company sees no payee, matches nothing and downloads no paper'],
  },
  'modules/contracts/contracts.test.ts': {
    tests: ['only the two parties see, download, sign or void a contract'],
  },
  'modules/agreements/agreements.test.ts': {
    tests: ['a third company gets 记录不存在 on every call'],
  },
  'modules/pricing/contract-prices.test.ts': {
    tests: ['a third company gets 记录不存在 on every call'],
  },
  'modules/pricing/price-lists.test.ts': {
    tests: ['another supplier neither sees nor changes the groups', 'another supplier’s rule numbers in a file'],
  },
  'modules/merchant/bank-accounts.test.ts': {
    tests: ['another company neither lists, sets as default nor disables the accounts'],
  },
  'modules/credit/credit.test.ts': {
    tests: ['a third company sees and does nothing on every call'],
  },
  'modules/buying/checkout.test.ts': {
    tests: ['suppliers and other companies cannot check out'],
  },
  'modules/products/discussions.test.ts': {
    tests: ['another supplier cannot see or reply'],
  },
  'modules/notifications/inbox.test.ts': {
    tests: ["another company's ids change nothing"],
  },
  'modules/notifications/receivers.test.ts': {
    tests: ["another company's users and roles cannot be chosen"],
  },
  'modules/access/roles-users.test.ts': {
    tests: [
      'company A never sees, changes or assigns company B’s roles',
      'company A never sees or changes company B’s users',
    ],
  },
  'modules/access/invitations.test.ts': {
    tests: ['another company cannot revoke it'],
  },
  'modules/products/products.test.ts': {
    tests: ['company B can neither read nor change A’s products', 'exports the filtered list as Excel'],
  },
  'modules/products/stock.test.ts': {
    tests: ['company B can neither read nor move A’s stock'],
  },
  'modules/buying/buying.test.ts': {
    tests: ["B cannot read or change A's addresses"],
  },
  'modules/buying/repeat.test.ts': {
    tests: ['another company cannot reorder an order it did not place'],
  },
  'modules/buying/shopping-lists.test.ts': {
    tests: ['another company sees none of the lists and changes nothing'],
  },
  'modules/auth/two-factor.test.ts': {
    tests: ['a company administrator resets its own users only'],
  },
  'modules/openapi/openapi.test.ts': {
    tests: ['isolation: another company’s administrator can neither rotate'],
  },
} satisfies Record<string, { tests: readonly string[] }>;
export type IsolationFile = keyof typeof ISOLATION_PROBES;

/** Every endpoint descriptor by name, with its isolation declaration (if any). */
export const describedEndpoints = (): [string, Endpoint][] =>
  Object.values(endpointGroups).flatMap((group) => Object.entries(group as Record<string, Endpoint>));

/** The endpoints whose descriptors name `file` as their isolation probe. */
export const probedBy = (file: string): string[] =>
  describedEndpoints()
    .filter(([, e]) => e.isolation && 'probe' in e.isolation && e.isolation.probe === file)
    .map(([name]) => name);

/** Company-scoped endpoints no isolation probe needs, with the reason (from the descriptors). */
export const exemptions = (): Record<string, string> =>
  Object.fromEntries(
    describedEndpoints().flatMap(([name, e]) => (e.isolation && 'exempt' in e.isolation ? [[name, e.isolation.exempt]] : [])),
  );

/**
 * Company-scoped endpoints the old text search counted as covered (their path appeared in an isolation test's
 * body) but that no caller of another company calls: the runtime record found them (decision 0092). They are
 * debt, not exemptions: each needs a probe, then moves to its file's list above (the coverage test fails
 * when one is probed or declared elsewhere, so this list only shrinks). All 33 were probed on 2026-11-24
 * (decision 0092, "the probe debt paid"); keep it empty: a new company route gets its probe with it.
 */
export const NOT_YET_PROBED: readonly string[] = [];
