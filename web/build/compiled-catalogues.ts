import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]locales[\\/][\w-]+\.[a-z]{2}\.json$/;
/** How a texts module imports its English catalogue (contract/src/i18n/texts.ts `texts()`); scripts/catalogues.test.ts holds every one to it. */
export const ENGLISH_IMPORT = /^import (\w+) from '(\.\/locales\/[\w-]+\.en\.json)';$/m;

/**
 * Catalogues reach the browser compiled (docs/decisions/032): Lingui's production build carries no
 * ICU parser, so the page downloads none. Still JSON, which Vite then makes a module of as usual.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: 'swapyard:compiled-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id)) return undefined;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * In the browser English is fetched like any other language (docs/decisions/033): a page in Spanish
 * or German downloads no English texts. The server and the tests keep the import as written.
 */
export function lazyEnglishCatalogues(): Plugin {
  return {
    name: 'swapyard:lazy-english-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || !ENGLISH_IMPORT.test(code)) return undefined;
      return { code: code.replace(ENGLISH_IMPORT, "const $1 = () => import('$2');"), map: null };
    },
  };
}
