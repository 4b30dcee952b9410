export * from './locales.ts';
export * from './texts.ts';
