export * from './sellers.ts';
