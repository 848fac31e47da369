import fp from 'fastify-plugin';
import { createResponseCache, type ResponseCache } from '../modules/catalog';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of the public catalogue calls, cleared on every catalogue change. */
    catalogCache: ResponseCache;
  }
}

/**
 * The catalogue's answer cache, cleared on each NOTIFY of a catalogue change (when the cache is
 * on); the same notice tells the search index to catch up.
 */
export const catalogCachePlugin = fp(
  async (app) => {
    const { config, database, metrics, searchEngine } = app;
    const catalogCache = createResponseCache({
      maxAgeSeconds: config.catalogCacheSeconds,
      onLookup: (hit) => metrics.cacheLookup(hit),
    });
    if (config.catalogCacheSeconds > 0) {
      const stop = await database.listen(
        'leafline_catalog',
        () => {
          catalogCache.clear();
          // Not needed for freshness (every search catches up first): it only spares the next
          // search the wait.
          searchEngine
            .catchUp()
            .catch((error) => app.log.warn({ err: error }, 'search index catch-up failed'));
        },
        (listening) => catalogCache.setListening(listening),
      );
      app.addHook('onClose', async () => stop());
    }
    app.decorate('catalogCache', catalogCache);
  },
  { name: 'catalog-cache', dependencies: ['core', 'metrics', 'search'] },
);
