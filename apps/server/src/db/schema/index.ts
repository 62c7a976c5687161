export * from './auth.ts';
export * from './blips.ts';
export * from './notifications.ts';
export * from './onboarding.ts';
export * from './products.ts';
export * from './sellers.ts';
