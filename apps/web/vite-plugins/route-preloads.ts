import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** The file the server reads: which chunks a first visit of a page needs beyond the entry's. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreloads {
  /** Route paths as the router writes them (`/shop/products/:productId`), each with files. */
  routes: Array<{ path: string; files: string[] }>;
  /** The boot script of server-rendered pages (decision 0044), when the build has one. */
  boot?: string;
}

type Chunk = Rolldown.OutputChunk;

function staticClosure(start: Chunk, chunks: Map<string, Chunk>, into: Set<Chunk>): void {
  if (into.has(start)) return;
  into.add(start);
  for (const file of start.imports) {
    const chunk = chunks.get(file);
    if (chunk) staticClosure(chunk, chunks, into);
  }
}

/**
 * Writes route-preloads.json: for each route, its lazy page chunk and the chunks that one
 * imports, minus those index.html already preloads. The server adds them to the page as
 * `<link rel="modulepreload">`, so a first visit fetches the page's code alongside the
 * entry instead of after it has run.
 */
export function routePreloads(routes: Record<string, string>, bootModule?: string): Plugin {
  let root = process.cwd();
  return {
    name: 'leafline:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      }
      const entry = new Set<Chunk>();
      for (const chunk of chunks.values()) {
        if (chunk.isEntry) staticClosure(chunk, chunks, entry);
      }
      const result: RoutePreloads = { routes: [] };
      for (const [routePath, module] of Object.entries(routes)) {
        const id = path.resolve(root, module);
        const page =
          [...chunks.values()].find((chunk) => chunk.facadeModuleId === id) ??
          [...chunks.values()].find((chunk) => chunk.moduleIds.includes(id));
        if (!page) this.error(`route-preloads: no chunk holds ${module}`);
        const needed = new Set<Chunk>();
        staticClosure(page, chunks, needed);
        const files = [...needed].filter((chunk) => !entry.has(chunk)).map((c) => c.fileName);
        result.routes.push({ path: routePath, files });
      }
      if (bootModule) {
        const id = path.resolve(root, bootModule);
        const boot = [...chunks.values()].find((chunk) => chunk.facadeModuleId === id);
        if (!boot) this.error(`route-preloads: no entry chunk for ${bootModule}`);
        result.boot = boot.fileName;
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(result, null, 2)}\n`,
      });
    },
  };
}
