import { parse, type Token } from '@messageformat/parser';
import { LOCALES, textNamespaces, type Catalogue, type Locale, type TextNamespace } from '@swapyard/contract';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH_IMPORT } from '../web/build/compiled-catalogues.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = ['contract/src', 'server/src', 'web/src'];
const DEFINES_TEXTS = /from '\.\/locales\/[\w-]+\.en\.json'/;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const sourceFiles = SOURCES.flatMap(filesUnder);
const textsModules = sourceFiles.filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.') && DEFINES_TEXTS.test(fs.readFileSync(file, 'utf8')));
const catalogueFiles = sourceFiles.filter((file) => /[\\/]locales[\\/][\w-]+\.\w+\.json$/.test(file));

/** The plural forms a count takes in the language, up to a million (Spanish "many" is for millions: "1 millón de puntos"). */
function countForms(locale: Locale): string[] {
  const rules = new Intl.PluralRules(locale);
  const counts = [...Array.from({ length: 1_000 }, (_, n) => n), 10_000, 100_000, 999_999];
  return [...new Set(counts.map((n) => rules.select(n)))];
}

/** What a message needs filled in and what it marks, as ICU reads it: `{name}`, `{count, plural, ...}`, `<link>`. */
function shapeOf(message: string, locale: Locale): { placeholders: string[]; tags: string[] } {
  const categories = countForms(locale);
  const placeholders = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') placeholders.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        placeholders.add(token.arg);
        // A plural that shows its number (#) needs every form the language has; one that only tells
        // none from some (=0 {…} other {…}) does not.
        const showsNumber = token.cases.some(({ tokens: inner }) => inner.some((part) => part.type === 'octothorpe'));
        if (token.type === 'plural' && showsNumber) {
          const keys = token.cases.map(({ key }) => key);
          const missing = categories.filter((category) => !keys.includes(category));
          if (missing.length > 0) throw new Error(`its plural of {${token.arg}} lacks ${missing.join(', ')} for ${locale}`);
        }
        for (const { tokens: inner } of token.cases) visit(inner);
      }
    }
  };
  visit(parse(message, { cardinal: new Intl.PluralRules(locale).resolvedOptions().pluralCategories, strict: false }));
  const tags = [...message.matchAll(/<(\w+)>/g)].map(([, tag]) => tag!);
  return { placeholders: [...placeholders].sort(), tags: tags.sort() };
}

const catalogues = new Map<string, Record<Locale, Catalogue>>();

beforeAll(async () => {
  for (const file of textsModules) await import(pathToFileURL(file).href);
  for (const namespace of textNamespaces()) {
    const { en } = namespace.sources;
    const [english, es, de] = await Promise.all([typeof en === 'function' ? en() : { default: en }, namespace.sources.es(), namespace.sources.de()]);
    catalogues.set(namespace.name, { en: english.default, es: es.default, de: de.default });
  }
});

const namespaces = (): TextNamespace[] => textNamespaces().filter(({ name }) => catalogues.has(name));

describe('the catalogues', () => {
  it('belong to a texts module each, and every texts module has one per language', () => {
    expect(namespaces().length).toBe(textsModules.length);
    const expected = namespaces().flatMap(({ name }) => LOCALES.map((locale) => `${name}.${locale}.json`));
    expect(catalogueFiles.map((file) => path.basename(file)).sort()).toEqual(expected.sort());
  });

  it('are imported in English the one way the web build turns into a fetch, so no page bundles English it may not show', () => {
    const otherwise = textsModules.filter((file) => !ENGLISH_IMPORT.test(fs.readFileSync(file, 'utf8')));
    expect(otherwise.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it('hold exactly the messages their module names, in every language', () => {
    for (const { name, messages } of namespaces()) {
      for (const locale of LOCALES) {
        expect({ name, locale, ids: Object.keys(catalogues.get(name)![locale]).sort() }).toEqual({ name, locale, ids: [...messages.keys()].sort() });
      }
    }
  });

  it("take the placeholders their module declares, mark the same parts as English, and have each language's plural forms", () => {
    const problems: string[] = [];
    for (const { name, messages } of namespaces()) {
      for (const [id, declared] of messages) {
        let english: ReturnType<typeof shapeOf>;
        try {
          english = shapeOf(catalogues.get(name)!.en[id] as string, 'en');
        } catch (error) {
          problems.push(`${id} (en): ${(error as Error).message}`);
          continue;
        }
        if (english.placeholders.join() !== [...declared].sort().join()) problems.push(`${id} (en): uses {${english.placeholders.join('}, {')}} but its module declares ${declared.join(', ') || 'none'}`);
        for (const locale of LOCALES.filter((other) => other !== 'en')) {
          const message = catalogues.get(name)![locale][id];
          if (typeof message !== 'string' || message.trim() === '') {
            problems.push(`${id} (${locale}): missing`);
            continue;
          }
          try {
            const shape = shapeOf(message, locale);
            if (shape.placeholders.join() !== english.placeholders.join()) problems.push(`${id} (${locale}): placeholders {${shape.placeholders.join('}, {')}}, English has {${english.placeholders.join('}, {')}}`);
            if (shape.tags.join() !== english.tags.join()) problems.push(`${id} (${locale}): marks <${shape.tags.join('>, <')}>, English <${english.tags.join('>, <')}>`);
          } catch (error) {
            problems.push(`${id} (${locale}): ${(error as Error).message}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
