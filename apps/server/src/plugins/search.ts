import fp from 'fastify-plugin';
import { createSearchEngine, type SearchEngine } from '../modules/search';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's in-memory search index (issue 15, decisions 0023, 0031), loaded at start. */
    searchEngine: SearchEngine;
  }
}

/** The methods of a request that may change the catalogue. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The index follows the catalogue's notices (decision 0041): each one makes it apply the change
 * log; while they are not heard, every search reads the log itself. A write this instance
 * answers makes the next search read the log too: its notice may still be on the way, and the
 * client that made the change must find it on its next request.
 */
export const searchPlugin = fp(
  async (app) => {
    const searchEngine = createSearchEngine({ db: app.db, log: app.log });
    const stopListening = await app.database.listen(
      'leafline_catalog',
      () => searchEngine.noticed(),
      (listening) => searchEngine.setListening(listening),
    );
    app.addHook('onSend', (request, reply, payload, done) => {
      if (WRITES.has(request.method) && reply.statusCode < 400) {
        searchEngine.doubt();
      }
      done(null, payload);
    });
    app.addHook('onClose', async () => {
      await stopListening();
      await searchEngine.stop();
    });
    app.decorate('searchEngine', searchEngine);
  },
  { name: 'search', dependencies: ['core'] },
);
