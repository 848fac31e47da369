import fp from 'fastify-plugin';
import { createResponseCache, type ResponseCache } from '../modules/catalog';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of the public catalogue calls, cleared on every catalogue change. */
    catalogCache: ResponseCache;
    /** The server-rendered public pages (decision 0044), cleared with the catalogue's answers. */
    pageCache: ResponseCache;
  }
}

/**
 * The catalogue's answer cache, cleared on each NOTIFY of a catalogue change (when the cache is
 * on). The search index hears the same notices on its own (plugins/search.ts).
 */
export const catalogCachePlugin = fp(
  async (app) => {
    const { config, database, metrics } = app;
    const catalogCache = createResponseCache({
      maxAgeSeconds: config.catalogCacheSeconds,
      onLookup: (hit) => metrics.cacheLookup(hit),
    });
    const pageCache = createResponseCache({
      maxAgeSeconds: config.catalogCacheSeconds,
      // A page is some 80 KB of HTML: fewer entries, larger ones.
      maxEntries: 500,
      maxEntryBytes: 1024 * 1024,
    });
    if (config.catalogCacheSeconds > 0) {
      const stop = await database.listen(
        'leafline_catalog',
        () => {
          catalogCache.clear();
          pageCache.clear();
        },
        (listening) => {
          catalogCache.setListening(listening);
          pageCache.setListening(listening);
        },
      );
      app.addHook('onClose', async () => stop());
    }
    app.decorate('catalogCache', catalogCache);
    app.decorate('pageCache', pageCache);
  },
  { name: 'catalog-cache', dependencies: ['core', 'metrics'] },
);
