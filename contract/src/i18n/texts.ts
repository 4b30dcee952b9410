import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';
import { pseudo } from './pseudo.ts';

/**
 * Every text a member reads comes from a catalogue (docs/decisions/032): a texts module names its
 * messages and their placeholders; the words are in its `locales/<language>.json`, ICU MessageFormat.
 */

/** One message: the names of its placeholders, each of which a call must give. */
export interface TextDef<P extends string = string> {
  readonly placeholders: readonly P[];
}

export function text<const P extends readonly string[] = []>(...placeholders: P): TextDef<P[number]> {
  return { placeholders };
}

export interface TextShape {
  readonly [key: string]: TextDef | TextShape;
}

export type TextValues = Readonly<Record<string, string | number>>;

/** A message with no placeholder reads as a string, one with placeholders is called with them. */
export type Texts<S> = {
  readonly [K in keyof S]: S[K] extends TextDef<infer P>
    ? [P] extends [never]
      ? string
      : (values: { readonly [N in P]: string | number }) => string
    : Texts<S[K]>;
};

/** A language's catalogue as its module exports it: raw ICU texts, or compiled by the web build (web/build/catalogues.ts). */
export type Catalogue = Messages;

/** A catalogue fetched when its language is wanted. */
export type LazyCatalogue = () => Promise<{ default: Catalogue }>;

/**
 * English is imported with the texts it belongs to, so the server and tests read it at once; the web
 * build makes it a fetch like any other language's (web/build/compiled-catalogues.ts, decision 033).
 */
export type CatalogueSources = { readonly en: Catalogue | LazyCatalogue } & {
  readonly [L in Exclude<Locale, 'en'>]: LazyCatalogue;
};

export interface TextNamespace {
  readonly name: string;
  /** Every message id, with its placeholders. */
  readonly messages: ReadonlyMap<string, readonly string[]>;
  readonly sources: CatalogueSources;
}

interface Languages {
  readonly i18n: Record<Locale, I18n>;
  readonly namespaces: Map<string, TextNamespace>;
  /** Per language, the namespaces whose catalogue is in (or on its way into) its Lingui instance. */
  readonly loads: Record<Locale, Map<string, Promise<void>>>;
  /** The languages whose catalogues are kept complete as namespaces register (the web: the one it shows; the server: all). */
  readonly wanted: Set<Locale>;
  current: () => Locale;
  pseudo: boolean;
  /** While messageRef runs: the last text read, which is the outer one (its values are read before it). */
  recorded: { ref: MessageRef | undefined } | undefined;
  compile: ((message: string) => Messages[string]) | undefined;
}

const languages: Languages = {
  i18n: Object.fromEntries(LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: {} } })])) as Record<Locale, I18n>,
  namespaces: new Map(),
  loads: Object.fromEntries(LOCALES.map((locale) => [locale, new Map()])) as Record<Locale, Map<string, Promise<void>>>,
  wanted: new Set<Locale>(),
  current: () => DEFAULT_LOCALE,
  pseudo: false,
  recorded: undefined,
  compile: undefined,
};

/**
 * Where the language being written in comes from: the page's on the web, the request's (or the
 * mail's recipient's) on the server. Until one is given, texts read in the default language.
 */
export function setLocaleSource(current: () => Locale): void {
  languages.current = current;
}

/** The language texts read in right now. */
export function currentLocale(): Locale {
  return languages.current();
}

/** How raw ICU texts become Lingui's compiled form where the build has not done it (the server). */
export function setMessageCompiler(compile: (message: string) => Messages[string]): void {
  languages.compile = compile;
  // What modules registered before this (at import) went in raw: loaded again, compiled.
  for (const locale of LOCALES) languages.loads[locale].clear();
  for (const namespace of textNamespaces()) void load('en', namespace);
}

/** The namespaces registered so far; a page's modules register theirs as they load. */
export function textNamespaces(): readonly TextNamespace[] {
  return [...languages.namespaces.values()];
}

function load(locale: Locale, namespace: TextNamespace): Promise<void> {
  const loads = languages.loads[locale];
  let loaded = loads.get(namespace.name);
  if (!loaded) {
    const put = (catalogue: Catalogue) => {
      const { compile } = languages;
      const messages = compile
        ? Object.fromEntries(Object.entries(catalogue).map(([id, message]) => [id, typeof message === 'string' ? compile(message) : message]))
        : catalogue;
      languages.i18n[locale].load(locale, messages);
    };
    const source = namespace.sources[locale];
    if (typeof source !== 'function') {
      put(source);
      loaded = Promise.resolve();
    } else {
      loaded = source().then(({ default: catalogue }) => put(catalogue));
      // A failed fetch (offline) may be tried again by the next wish for this language.
      loaded.catch(() => loads.delete(namespace.name));
    }
    loads.set(namespace.name, loaded);
  }
  return loaded;
}

/**
 * Fetches every registered namespace's catalogue in `locale`, and keeps fetching the namespaces that
 * register later (a page loaded on demand), so `locale` can be made current once this resolves.
 */
export async function loadLocale(locale: Locale): Promise<void> {
  languages.wanted.add(locale);
  await Promise.all(textNamespaces().map((namespace) => load(locale, namespace)));
}

/** From now on only `locale`'s catalogues are fetched for namespaces that register: the web, once it shows `locale`. */
export function keepOnlyLocale(locale: Locale): void {
  languages.wanted.clear();
  languages.wanted.add(locale);
}

/** Resolves once every namespace registered so far has its catalogue in each language wanted. */
export async function cataloguesLoaded(): Promise<void> {
  await Promise.all([...languages.wanted].flatMap((locale) => textNamespaces().map((namespace) => load(locale, namespace))));
}

/** Layout tests only (docs/languages.md): English, every text 40% longer and accented, values untouched. */
export function setPseudoLocale(on: boolean): void {
  languages.pseudo = on;
}

/** A catalogue text kept by id and values, to be read later in the language of whoever reads it (a notice, its mail). */
export interface MessageRef {
  readonly id: string;
  readonly values?: TextValues;
}

/** The text `read` reads (`() => TEXT.notifications.swapped({ item })`), as a reference. */
export function messageRef(read: () => string): MessageRef {
  const outer = languages.recorded;
  const recorded: { ref: MessageRef | undefined } = { ref: undefined };
  languages.recorded = recorded;
  try {
    read();
  } finally {
    languages.recorded = outer;
  }
  if (!recorded.ref) throw new Error('messageRef: the function read no text of a texts module');
  return recorded.ref;
}

/** A kept text in the current language. */
export function readMessage(ref: MessageRef): string {
  return translate(ref.id, ref.values);
}

let reads = 0;

/** How many texts were read so far: a test proves importing the app reads none (a text read then would stay in one language). */
export function textReads(): number {
  return reads;
}

function translate(id: string, values?: TextValues): string {
  reads += 1;
  if (languages.recorded) languages.recorded.ref = values ? { id, values } : { id };
  if (!languages.pseudo) return languages.i18n[languages.current()]._(id, values);
  const text = languages.i18n.en._(id, values);
  return pseudo(text, values ? Object.values(values).map(String) : []);
}

/**
 * A texts module's messages, read in the current language: `name` prefixes every id
 * (`name.path.to.key`), and names the module's catalogues. Defined again (a module reloaded in
 * development), a namespace replaces the one before.
 */
export function texts<S extends TextShape>(name: string, sources: CatalogueSources, shape: S): Texts<S> {
  const messages = new Map<string, readonly string[]>();
  const build = (node: TextShape, prefix: string): object => {
    const tree = {};
    for (const [key, value] of Object.entries(node)) {
      const id = `${prefix}.${key}`;
      if (isTextDef(value)) {
        messages.set(id, value.placeholders);
        Object.defineProperty(
          tree,
          key,
          value.placeholders.length === 0
            ? { get: () => translate(id), enumerable: true }
            : { value: (values: TextValues) => translate(id, values), enumerable: true },
        );
      } else {
        Object.defineProperty(tree, key, { value: build(value, id), enumerable: true });
      }
    }
    return Object.freeze(tree);
  };
  const tree = build(shape, name) as Texts<S>;
  const namespace: TextNamespace = { name, messages, sources };
  languages.namespaces.set(name, namespace);
  for (const locale of LOCALES) languages.loads[locale].delete(name);
  // English imported with the module is in at once, wanted or not; the rest as their languages are wanted.
  if (typeof sources.en !== 'function') void load('en', namespace);
  for (const locale of languages.wanted) void load(locale, namespace).catch(() => undefined);
  return tree;
}

function isTextDef(value: TextDef | TextShape): value is TextDef {
  return Array.isArray((value as TextDef).placeholders);
}
