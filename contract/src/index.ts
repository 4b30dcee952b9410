export * from './auth.ts';
export * from './constants.ts';
export * from './error.ts';
export * from './events.ts';
export * from './items.ts';
export * from './profiles.ts';
export * from './proposals.ts';
export * from './texts.ts';
