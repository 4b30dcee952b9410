// The house's layers as one lint rule: which file may import which, judged on the resolved path
// of every relative import (and on package names), so `../../items/api` is caught as surely as
// an absolute path would be. docs/ARCHITECTURE.md lists the rules; eslint.config.js turns them on.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The repository-relative path of an import from `file`, or the package name for a bare one. */
function targetOf(file, source) {
  if (!source.startsWith('.')) return source;
  return path.relative(root, path.resolve(path.dirname(file), source)).split(path.sep).join('/');
}

/** Tests may set up their data through any layer, and the bench measures the bare queries under the routes. */
const isTest = (file) => /\.test\.tsx?$/.test(file) || /^(server\/src\/test|e2e|bench)\//.test(file);

/**
 * Each check gets the importing file and the imported target (both repository-relative) and
 * returns why the import breaks a layer, or nothing.
 */
const CHECKS = [
  (from, to) => {
    const [, a] = /^web\/src\/features\/([^/]+)\//.exec(from) ?? [];
    const [, b] = /^web\/src\/features\/([^/]+)(\/|$)/.exec(to) ?? [];
    if (a && b && a !== b) return `a web feature never imports another: features/${a} imports features/${b}`;
  },
  (from, to) => {
    if (/^web\/src\/(lib|components)\//.test(from) && /^web\/src\/(features|app|api)(\/|$)/.test(to)) {
      return 'web/src/lib and web/src/components never import api/, features/ or app/';
    }
    if (/^web\/src\/api\//.test(from) && /^web\/src\/(features|app)(\/|$)/.test(to)) {
      return 'web/src/api (the queries features share) never imports features/ or app/';
    }
  },
  (from, to) => {
    if (!/^server\/src\/modules\/[^/]+\/routes\.ts$/.test(from)) return;
    if (to === 'drizzle-orm' || to.startsWith('drizzle-orm/')) return 'a routes.ts never imports drizzle-orm: SQL lives in repositories';
    if (/\/repository(\.ts)?$/.test(to)) return 'a routes.ts never imports a repository: it calls its service';
  },
  (from, to) => {
    if (/^server\/src\/(plugins|realtime)\//.test(from) && !isTest(from) && /^server\/src\/modules(\/|$)/.test(to)) {
      return 'plugins/ and realtime/ are plumbing under the modules and never import modules/';
    }
  },
  (from, to) => {
    const [, owner] = /^server\/src\/modules\/([^/]+)\/repository(\.ts)?$/.exec(to) ?? [];
    if (!owner || isTest(from) || from.startsWith(`server/src/modules/${owner}/`)) return;
    return `modules/${owner}/repository.ts is imported only inside modules/${owner}: call its service`;
  },
];

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers of docs/ARCHITECTURE.md' },
    schema: [],
    messages: { crossing: '{{why}}' },
  },
  create(context) {
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const to = targetOf(context.filename, node.source.value);
      for (const crossing of CHECKS) {
        const why = crossing(from, to);
        if (why) context.report({ node: node.source, messageId: 'crossing', data: { why } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { layers: rule } };
