import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]locales[\\/][\w-]+\.[a-z]{2}\.json$/;

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
