export * from './zod.ts';
export * from './constants.ts';
export * from './messages.ts';
export * from './envelope.ts';
export * from './enums.ts';
export * from './format.ts';
export * from './contracts/site.ts';
export * from './contracts/access.ts';
