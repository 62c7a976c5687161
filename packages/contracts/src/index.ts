export * from './admin.ts';
export * from './auth.ts';
export * from './brand.ts';
export * from './common.ts';
export * from './health.ts';
export * from './seller.ts';
