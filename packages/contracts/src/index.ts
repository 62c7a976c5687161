export * from './admin.ts';
export * from './brand.ts';
export * from './common.ts';
export * from './health.ts';
