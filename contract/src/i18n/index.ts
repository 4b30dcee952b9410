export * from './locales.ts';
export * from './texts.ts';
export { pseudo } from './pseudo.ts';
