import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Two files start a cluster of real app processes on a private PostgreSQL (a minute or more
 * each, and most of both cores while they run). They must not run at the same time, and the
 * longer one must not be left for the end: the fault run goes first, so the other worker runs
 * the many short files meanwhile, and the load run goes after the server's other files, beside
 * the web's. Vitest alone orders by the last run's durations when its cache has them (the two
 * then start together), else by file size (a fresh clone: both near the end).
 */
const FIRST = '/apps/server/test/faults/';
const AFTER_SERVER = '/apps/server/test/load/';

class ClusterFilesApart extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = sorted.filter((f) => f.moduleId.includes(FIRST));
    const later = sorted.filter((f) => f.moduleId.includes(AFTER_SERVER));
    const rest = sorted.filter((f) => !first.includes(f) && !later.includes(f));
    const web = rest.findIndex((f) => f.project.name === 'web');
    const at = web < 0 ? rest.length : web;
    return [...first, ...rest.slice(0, at), ...later, ...rest.slice(at)];
  }
}

export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web', 'packages/contract', 'packages/search-engine'],
    maxWorkers: 2,
    sequence: { sequencer: ClusterFilesApart },
  },
});
