import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that start a cluster of real app processes on a private PostgreSQL (a minute or
 * more each) go first, so the other worker runs the many short files meanwhile and both end
 * together. Vitest orders by the last run's durations only when its cache has them (not in a
 * fresh clone); else by file size, which put these small files near the end of the run.
 */
const CLUSTER_FILES = ['/apps/server/test/faults/', '/apps/server/test/load/'];

class ClusterFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (f: TestSpecification) => CLUSTER_FILES.some((p) => f.moduleId.includes(p));
    return [...sorted.filter(first), ...sorted.filter((f) => !first(f))];
  }
}

export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web', 'packages/contract', 'packages/search-engine'],
    maxWorkers: 2,
    sequence: { sequencer: ClusterFilesFirst },
  },
});
