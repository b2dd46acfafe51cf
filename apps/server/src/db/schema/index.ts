export * from './company.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './trade.ts';
export * from './identity.ts';
export * from './merchant.ts';
export * from './audit.ts';
export * from './access.ts';
