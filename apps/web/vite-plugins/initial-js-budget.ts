import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

type Chunk = Rolldown.OutputChunk;

export interface InitialJsBudgetOptions {
  /** The route module whose lazy chunk loads on the first visit, relative to the app root. */
  routeModule: string;
  /** Modules the route imports lazily but loads at once too (e.g. its lower sections). */
  alsoLoaded?: string[];
  /** What the printed line calls the route. */
  label: string;
  /** The budget in KB of gzip (1 KB = 1000 bytes, as Vite prints sizes). */
  budgetKb: number;
}

/** gzip at zlib's default level, so the figures add up to those of Vite's own table. */
function gzipBytes(chunk: Chunk): number {
  return gzipSync(chunk.code).length;
}

/** The chunk and every chunk it imports statically, transitively. */
function addWithStaticImports(start: Chunk, chunks: Map<string, Chunk>, into: Set<Chunk>): void {
  if (into.has(start)) return;
  into.add(start);
  for (const file of start.imports) {
    const chunk = chunks.get(file);
    if (chunk) addWithStaticImports(chunk, chunks, into);
  }
}

/**
 * The JavaScript a first visit of one route downloads before its first render: the entry
 * chunk and its static imports (index.html's modulepreloads), and for the route module and
 * each of `lazyModuleIds` (what the route loads at once although lazily, e.g. sections) its
 * chunk with that chunk's static imports. Not counted: what loads later (when idle, on click).
 */
export function routeInitialChunks(
  bundle: Rolldown.OutputBundle,
  routeModuleIds: string[],
): Chunk[] {
  const chunks = new Map<string, Chunk>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  }
  const initial = new Set<Chunk>();
  for (const chunk of chunks.values()) {
    if (chunk.isEntry) addWithStaticImports(chunk, chunks, initial);
  }
  for (const id of routeModuleIds) {
    // With inlined common chunks a module can be in several chunks: its own comes first.
    const own =
      [...chunks.values()].find((chunk) => chunk.facadeModuleId === id) ??
      [...chunks.values()].find((chunk) => chunk.moduleIds.includes(id));
    if (!own) throw new Error(`No chunk holds ${id}.`);
    addWithStaticImports(own, chunks, initial);
  }
  return [...initial];
}

/**
 * Prints the gzip size of a route's initial JavaScript at the end of `vite build`, and
 * fails the build when it is over budget (the Discovery goal: home ≤ 120 KB).
 */
export function initialJsBudget(options: InitialJsBudgetOptions): Plugin {
  let root = process.cwd();
  let summary = '';
  return {
    name: 'leafline:initial-js-budget',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    // writeBundle sees the final code, after every plugin's generateBundle.
    writeBundle(_output, bundle) {
      const modules = [options.routeModule, ...(options.alsoLoaded ?? [])];
      const chunks = routeInitialChunks(
        bundle,
        modules.map((module) => path.resolve(root, module)),
      );
      const sizes = chunks
        .map((chunk) => ({ file: chunk.fileName, bytes: gzipBytes(chunk) }))
        .sort((a, b) => b.bytes - a.bytes);
      const kb = sizes.reduce((sum, { bytes }) => sum + bytes, 0) / 1000;
      const line = `${options.label} initial JS: ${kb.toFixed(1)} KB gzip (budget ${options.budgetKb} KB)`;
      if (kb > options.budgetKb) {
        const list = sizes
          .map(({ file, bytes }) => `  ${file} ${(bytes / 1000).toFixed(1)} KB`)
          .join('\n');
        this.error(`${line}: over budget. Its ${sizes.length} chunks:\n${list}`);
      }
      summary = line;
    },
    // Printed at the very end, below Vite's table of files.
    closeBundle() {
      if (summary) console.log(summary);
    },
  };
}
