import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fontPreloads } from './vite-plugins/font-preloads.ts';
import { initialJsBudget } from './vite-plugins/initial-js-budget.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { routePreloads } from './vite-plugins/route-preloads.ts';

const API_TARGET = 'http://localhost:3000';

/**
 * API paths end with a slash (SPEC §7), web pages do not: `/register/` is the API,
 * `/register` is the page. The dev proxy forwards only the API forms.
 */
const apiPrefixes = [
  '^/(api|media|docs)/',
  '^/(token|register|logout|checkout|home|add-to-cart|update-name|update-email|delete-account|auth)/',
  '^/(sitemap\\.xml|robots\\.txt)$',
  '^/sitemaps/',
];

/** `vite build --ssr`: the server's renderer of the public pages (decision 0044). */
const ssrConfig = defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The workspace's contract is TypeScript: bundled in, as is React Router (Node would load
  // its development build; bundled, the production one). Other packages load from node_modules.
  ssr: { noExternal: ['@leafline/contract', 'react-router'] },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: { input: 'src/entry-server.tsx' },
  },
});

const clientConfig = defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The Discovery goal: a first visit of the home page loads at most 120 KB gzip of JS; 121
    // since its cards say "Sold out" (issue 26, decision 0042: 30 bytes over a page that was 10
    // bytes under); 122 since the page arrives rendered and is hydrated (decision 0044: React
    // Query's hydrate, 0.4 KB, while the first screen no longer waits for any script); 125
    // with the boot script of rendered pages and the replay of early input (decision 0044:
    // the first paint then waits for no script at all); 128 with the heart on every product
    // card (decision 0050: the favourites' button, its store in the browser and its query, 2.1
    // KB; the home row of followed brands loads apart, for a signed-in shopper only).
    initialJsBudget({
      label: 'home route',
      routeModule: 'src/features/home/pages/home-page.tsx',
      // Its lower sections: loaded with the page's data, before the first render.
      alsoLoaded: [
        'src/features/home/components/sustainability-section.tsx',
        'src/features/home/components/newsletter-form.tsx',
      ],
      budgetKb: 128,
    }),
    // The pages people arrive on: the server preloads their code with index.html (or has the
    // boot script of a server-rendered page load it after the first paint).
    routePreloads(
      {
        '/': 'src/features/home/pages/home-page.tsx',
        '/shop': 'src/features/shop/pages/shop-page.tsx',
        '/shop/products/:productId': 'src/features/product/pages/product-page.tsx',
        '/businessproducts/:businessId': 'src/features/storefront/pages/storefront-page.tsx',
      },
      'src/boot.ts',
    ),
    // The faces every first screen shows: body text (Inter) and headings (Fraunces), Latin.
    fontPreloads(['inter-latin-wght-normal', 'fraunces-latin-wght-normal']),
    // .br and .gz beside each asset, sent by the server as they are.
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // index.html (main.tsx) for the pages the browser renders; boot.ts for those the server
      // renders: it loads main.tsx after the first paint (decision 0044).
      input: { index: 'index.html', boot: 'src/boot.ts' },
      // An app, not a library: the entry's exports need not stay as written (required below).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Small shared chunks (an icon, a card, a helper) go into each page that uses them:
          // a page then comes in one or two requests instead of a dozen, which on a phone's
          // network is much of its first paint. Experimental in Rolldown; `vite build` and
          // the browser tests cover it.
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
          // React, the router and React Query change rarely: one long-cached vendor chunk.
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|@tanstack[\\/](react-query|query-core))[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, API_TARGET])),
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrConfig : clientConfig));
