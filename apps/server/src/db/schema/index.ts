export * from './auth.ts';
export * from './notifications.ts';
export * from './sellers.ts';
