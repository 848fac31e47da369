import fp from 'fastify-plugin';
import { type BackgroundTasks, createBackgroundTasks } from '../lib/background-tasks';
import { type DatabaseOutage, watchDatabaseOutage } from '../lib/database-outage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work that follows a response (a provider sweep); awaited when the app closes. */
    tasks: BackgroundTasks;
    /** Whether the database is away: requests then answer 503, the outage is logged once. */
    databaseOutage: DatabaseOutage;
  }
}

export const backgroundPlugin = fp(
  async (app) => {
    const tasks = createBackgroundTasks(app.log);
    app.addHook('onClose', async () => tasks.idle());
    const databaseOutage = watchDatabaseOutage({ ping: app.database.ping, log: app.log });
    app.addHook('onClose', async () => databaseOutage.stop());
    app.decorate('tasks', tasks);
    app.decorate('databaseOutage', databaseOutage);
  },
  { name: 'background', dependencies: ['core'] },
);
