// One set of test data factories. Those over `db` are plain functions (no test runner), so the demo seed uses them too.
export * from './companies.ts';
export * from './users.ts';
export * from './two-factor.ts';
export * from './sessions.ts';
export * from './roles.ts';
export * from './codes.ts';
export * from './files.ts';
export * from './merchant.ts';
export * from './catalog.ts';
export * from './products.ts';
export * from './orders.ts';
export * from './cart.ts';
export * from './order-flow.ts';
export * from './aftersales.ts';
export * from './enquiries.ts';
export * from './bank.ts';
export * from './openapi.ts';
