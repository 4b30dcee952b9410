export * from './conversations.ts';
export * from './idempotency.ts';
export * from './items.ts';
export * from './notifications.ts';
export * from './points.ts';
export * from './proposals.ts';
export * from './users.ts';
