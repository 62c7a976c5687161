export * from './auth.ts';
export * from './sellers.ts';
