import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES, loadLocale, negotiateLocale, setLocaleSource, setMessageCompiler, type Locale } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { AsyncLocalStorage } from 'node:async_hooks';

const writing = new AsyncLocalStorage<{ locale: Locale }>();

/** Runs `work` writing in `locale`: a mail or a push to a member reads in the language they chose. */
export function inLocale<T>(locale: Locale, work: () => T): T {
  return writing.run({ locale }, work);
}

/**
 * Every text the server writes reads in the request's language (docs/decisions/032): the first of
 * ours its Accept-Language asks for (the web sends the page's), else the community's. Work outside
 * a request writes in `serverDefault` unless it says otherwise (`inLocale`: mail in its recipient's).
 */
export async function registerLanguage(app: FastifyInstance, communityDefault: () => Promise<Locale>, serverDefault: Locale): Promise<void> {
  // Catalogues arrive as ICU text; Lingui compiles none itself under NODE_ENV=production.
  setMessageCompiler(compileMessage);
  setLocaleSource(() => writing.getStore()?.locale ?? serverDefault);
  await Promise.all(LOCALES.map((locale) => loadLocale(locale)));
  // Run, not enterWith: the request's hooks, handler and error handler all run inside `done`.
  app.addHook('onRequest', (request, _reply, done) => {
    const asked = negotiateLocale(request.headers['accept-language']);
    if (asked) return writing.run({ locale: asked }, done);
    communityDefault().then(
      (locale) => writing.run({ locale }, done),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
}
