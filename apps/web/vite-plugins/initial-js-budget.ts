import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

type Chunk = Rolldown.OutputChunk;

export interface InitialJsBudgetOptions {
  /** The route module whose lazy chunk loads on the first visit, relative to the app root. */
  routeModule: string;
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
 * The JavaScript a first visit of one route downloads: the entry chunk and its static
 * imports (index.html's modulepreloads), the route's lazy chunk with its static imports,
 * and the chunks that the route chunk imports dynamically (its lazy sections, loaded right
 * after the first paint or when idle) with theirs.
 */
export function routeInitialChunks(bundle: Rolldown.OutputBundle, routeModuleId: string): Chunk[] {
  const chunks = new Map<string, Chunk>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  }
  const initial = new Set<Chunk>();
  for (const chunk of chunks.values()) {
    if (chunk.isEntry) addWithStaticImports(chunk, chunks, initial);
  }
  const route = [...chunks.values()].find((chunk) => chunk.moduleIds.includes(routeModuleId));
  if (!route) throw new Error(`No chunk holds ${routeModuleId}.`);
  addWithStaticImports(route, chunks, initial);
  for (const file of route.dynamicImports) {
    const chunk = chunks.get(file);
    if (chunk) addWithStaticImports(chunk, chunks, initial);
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
      const chunks = routeInitialChunks(bundle, path.resolve(root, options.routeModule));
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
