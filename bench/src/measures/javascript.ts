import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { LOCALES } from '@swapyard/contract';
import { bytes, passIf, type Result } from '../lib/report.ts';
import type { Manifest, WebBuild } from '../lib/web-build.ts';

const LOGIN_BUDGET_BYTES = 150 * 1024;
const LOGIN_PAGE = 'src/features/auth/pages/login-page.tsx';
/** A chunk shared by the pages that show the picker: keyed by its file name, as Vite keys shared chunks. */
const PLACE_PICKER = /(^|\/)_?place-picker[-.]/;
const PLACE_PICKER_BUDGET_BYTES = 30 * 1024;
/** The signed-in pages' shared components (web/vite.config.ts): never part of /login. */
const SIGNED_IN_PARTS = /(^|\/)_?parts-/;
/** Modules the router loads lazily, one per route (pages), plus the signed-in shell around them. */
const ROUTE_MODULE = /(\/pages\/[^/]+-page|\/app-shell)\.tsx$/;

/** The chunk's file and every file it imports statically, which the browser fetches with it. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

function gzippedSize(build: WebBuild) {
  const size = new Map<string, number>();
  return (file: string) => {
    if (!size.has(file)) size.set(file, gzipSync(fs.readFileSync(path.join(build.dir, file))).length);
    return size.get(file)!;
  };
}

/**
 * Issue 17: the place picker's JavaScript (its chunk and what it imports that the entry does not
 * bring) plus one answer of /api/places, gzipped, against 30 KB; and it must not load with /login.
 */
export function measurePlacePicker(build: WebBuild, answerGzipBytes: number): Result {
  const gzipped = gzippedSize(build);
  const entryKey = Object.keys(build.manifest).find((key) => build.manifest[key]!.isEntry)!;
  const entry = closure(build.manifest, entryKey);
  const pickerKey = Object.keys(build.manifest).find((key) => PLACE_PICKER.test(key));
  const picker = pickerKey && build.manifest[pickerKey];
  if (!pickerKey || !picker) throw new Error('the web build has no chunk of its own for the place picker');
  const own = [...closure(build.manifest, pickerKey)].filter((file) => !entry.has(file));
  const pickerBytes = own.reduce((sum, file) => sum + gzipped(file), 0);
  const inLogin = closure(build.manifest, LOGIN_PAGE, new Set(entry)).has(picker.file);
  const total = pickerBytes + answerGzipBytes;
  return {
    where: 'browser',
    measure: 'place picker: its JavaScript and one /api/places answer, gzipped',
    measured: `${bytes(total)} (${bytes(pickerBytes)} JavaScript, ${bytes(answerGzipBytes)} answer)${inLogin ? ', LOADED BY /login' : ', not in /login'}`,
    reference: '-',
    ratio: `${Math.round((100 * total) / PLACE_PICKER_BUDGET_BYTES)}% of the budget`,
    budget: `<= ${bytes(PLACE_PICKER_BUDGET_BYTES)}, not in /login`,
    verdict: passIf(total <= PLACE_PICKER_BUDGET_BYTES && !inLogin),
    figures: { pickerBytes, answerGzipBytes },
  };
}

/**
 * Gzipped JavaScript (zlib's default level, as a server compresses on the fly): what /login
 * needs (the entry, its imports, and the login page's chunk), and for every route its own chunk
 * plus whatever it imports that the entry does not already bring.
 */
export function measureJavaScript(build: WebBuild): Result[] {
  const gzipped = gzippedSize(build);
  const total = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipped(file), 0);
  const entryKey = Object.keys(build.manifest).find((key) => build.manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the web build has no entry chunk');
  const entry = closure(build.manifest, entryKey);
  const allJs = Object.values(build.manifest).map((chunk) => chunk.file).filter((file) => file.endsWith('.js'));

  const login = closure(build.manifest, LOGIN_PAGE, new Set(entry));
  const loginBytes = total(login);
  const loadsParts = Object.entries(build.manifest).some(([key, chunk]) => SIGNED_IN_PARTS.test(key) && login.has(chunk.file));
  const allBytes = total(new Set(allJs));
  // In every language the page also fetches that language's catalogue of each texts module it loads,
  // English included (docs/decisions/032 and 033): the chunks those modules import dynamically for it.
  const results: Result[] = LOCALES.map((locale) => {
    const catalogue = new RegExp(`[\\/]locales[\\/][\\w-]+\\.${locale}\\.json$`);
    const catalogues = Object.values(build.manifest)
      .filter((chunk) => login.has(chunk.file))
      .flatMap((chunk) => (chunk.dynamicImports ?? []).filter((key) => catalogue.test(key)))
      .map((key) => build.manifest[key]!.file);
    const withCatalogues = new Set([...login, ...catalogues]);
    const localeBytes = total(withCatalogues);
    return {
      where: 'browser',
      measure: `JavaScript for /login in ${locale} (${withCatalogues.size} files, ${catalogues.length} catalogues, gzipped)`,
      measured: `${bytes(localeBytes)}${loadsParts ? ", LOADS the signed-in pages' parts" : ''}`,
      reference: `all JavaScript ${bytes(allBytes)}`,
      ratio: `${Math.round((100 * localeBytes) / allBytes)}% of all; catalogues +${bytes(localeBytes - loginBytes)}`,
      budget: `<= ${bytes(LOGIN_BUDGET_BYTES)}, without the signed-in pages' parts`,
      verdict: passIf(localeBytes <= LOGIN_BUDGET_BYTES && catalogues.length > 0 && !loadsParts),
      figures: { loginBytes: localeBytes, entryBytes: total(entry), catalogueFiles: catalogues.length },
    };
  });

  for (const [key, chunk] of Object.entries(build.manifest)) {
    if (!ROUTE_MODULE.test(key)) continue;
    const own = [...closure(build.manifest, key)].filter((file) => !entry.has(file));
    const ownChunk = Boolean(chunk.isDynamicEntry) && !entry.has(chunk.file);
    results.push({
      where: 'browser',
      measure: `route chunk ${path.basename(key, '.tsx')}`,
      measured: `${bytes(gzipped(chunk.file))} own, ${bytes(total(own))} with imports not in the entry`,
      reference: `entry ${bytes(total(entry))}`,
      ratio: '-',
      budget: 'loads its own chunk',
      verdict: passIf(ownChunk),
      figures: { chunkBytes: gzipped(chunk.file), withImportsBytes: total(own) },
    });
  }
  return results;
}
