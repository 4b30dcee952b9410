import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appVersion } from './build/app-version.ts';
import { compiledCatalogues, lazyEnglishCatalogues } from './build/compiled-catalogues.ts';
import { precompress } from './build/precompress.ts';

const require = createRequire(import.meta.url);

// react-router's package exports always resolve to its development build, which keeps dev-only
// warnings in production (remix-run/react-router#14102); point builds at the production build.
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [
    compiledCatalogues(),
    lazyEnglishCatalogues(),
    react(),
    tailwindcss(),
    appVersion(),
    // The service worker (sw/sw.ts) is built with Workbox; the build fills in every file to keep.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*'],
        // Source maps, build records and the precompressed copies are never what a page asks for.
        globIgnores: ['**/*.map', '**/*.br', '**/*.gz', '.vite/**'],
      },
    }),
    precompress(),
  ],
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Left alone, the bundler merges zod into the chunk of the contract's texts, which every page
        // loads, so the sign-in page would download the schema library it defers (lib/schema-form.ts).
        // The kit shared by every page holds the generic parts (components/ui, lib). The app's own shared
        // components (cards, dialogs, buttons) used by two pages or more make one chunk, loaded with the
        // signed-in pages and not with /login: separately they were up to nine requests on a page, which
        // over HTTP/1.1's six connections cost a round trip each wave (docs/performance.md). A feature's
        // own components and the place picker load with the pages that use them. on-demand is left out: it
        // imports the entry's lib/page-parts.ts, which a group takes with it, and /login would load the group.
        codeSplitting: {
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            {
              name: 'kit',
              test: /[\\/]src[\\/](components[\\/]ui|lib)[\\/](?!place-picker)|[\\/]node_modules[\\/](lucide-react|@tanstack)[\\/]/,
              minShareCount: 2,
            },
            {
              name: 'parts',
              test: /[\\/]src[\\/]components[\\/](?!ui[\\/]|place-picker|on-demand)/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    // The API keeps the browser's Host, so its same-origin check accepts the dev server's Origin.
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
}));
