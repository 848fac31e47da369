import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Files share a worker (a new process per file costs half the run); src/test/setup.ts gives
    // each file fresh app modules and the globals jsdom has.
    isolate: false,
    // The first test of a file also loads its lazy route and jsdom; on a busy 2-core machine
    // that alone can pass the 5 s default.
    testTimeout: 15_000,
  },
});
