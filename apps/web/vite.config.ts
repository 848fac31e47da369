import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:3000';

/**
 * API paths end with a slash (SPEC §7), web pages do not: `/register/` is the API,
 * `/register` is the page. The dev proxy forwards only the API forms.
 */
const apiPrefixes = [
  '^/(api|media|docs)/',
  '^/(token|register|logout|checkout|home|add-to-cart|update-name|update-email|delete-account|auth)/',
  '^/(sitemap\\.xml|robots\\.txt)$',
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React, the router and React Query change rarely: one long-cached vendor chunk.
        codeSplitting: {
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
