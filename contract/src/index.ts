export * from './auth.ts';
export * from './constants.ts';
export * from './error.ts';
export * from './events.ts';
export * from './texts.ts';
