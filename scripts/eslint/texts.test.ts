import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import texts from './texts.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const jsx = (code: string) => ({ code, filename: 'web/src/page.tsx', errors: [{ messageId: 'jsx' }] });
const error = (code: string) => ({ code, filename: 'server/src/service.ts', errors: [{ messageId: 'error' }] });

new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
}).run('literal-text', texts.rules['literal-text'], {
  valid: [
    { code: 'const a = <p>{TEXT.items.emptyTitle}</p>;', filename: 'web/src/page.tsx' },
    { code: 'const a = <p>{count} · {TEXT.items.loading}</p>;', filename: 'web/src/page.tsx' },
    { code: 'const a = <img alt={TEXT.items.noImage} className="h-4 w-4" />;', filename: 'web/src/page.tsx' },
    { code: 'const a = <input type="email" autoComplete="email" />;', filename: 'web/src/page.tsx' },
    { code: 'throw notFound(TEXT.items.notFoundTitle);', filename: 'server/src/service.ts' },
    { code: 'throw new AppError(400, "VALIDATION_ERROR", TEXT.errors.invalidInput);', filename: 'server/src/service.ts' },
  ],
  invalid: [
    jsx('const a = <p>No items found</p>;'),
    jsx("const a = <p>{'No items found'}</p>;"),
    jsx('const a = <p>{`${count} items`}</p>;'),
    jsx('const a = <img alt="A lamp" />;'),
    jsx("const a = <button aria-label={'Close menu'} />;"),
    error("throw notFound('Item not found');"),
    error('throw conflict(`Item ${id} is taken`);'),
    error("throw new AppError(400, 'VALIDATION_ERROR', 'Bad input');"),
  ],
});
