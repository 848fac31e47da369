import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web', 'packages/contract', 'packages/search-engine'],
    maxWorkers: 2,
  },
});
