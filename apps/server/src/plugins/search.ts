import fp from 'fastify-plugin';
import { createSearchEngine, type SearchEngine } from '../modules/search';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's in-memory search index (issue 15, decisions 0023, 0031), loaded at start. */
    searchEngine: SearchEngine;
  }
}

export const searchPlugin = fp(
  async (app) => {
    const searchEngine = createSearchEngine({ db: app.db, log: app.log });
    app.addHook('onClose', async () => searchEngine.stop());
    app.decorate('searchEngine', searchEngine);
  },
  { name: 'search', dependencies: ['core'] },
);
