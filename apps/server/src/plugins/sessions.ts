import fp from 'fastify-plugin';
import { type ActiveUsers, createActiveUsers, onUsersNotice, USERS_CHANNEL } from '../modules/auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts the session guard recently found active, forgotten when one goes. */
    activeUsers: ActiveUsers;
  }
}

export const sessionsPlugin = fp(
  async (app) => {
    const { config, database } = app;
    const activeUsers = createActiveUsers({ maxAgeSeconds: config.sessionCacheSeconds });
    if (config.sessionCacheSeconds > 0) {
      const stop = await database.listen(
        USERS_CHANNEL,
        (payload) => onUsersNotice(activeUsers, payload),
        (listening) => activeUsers.setListening(listening),
      );
      app.addHook('onClose', async () => stop());
    }
    app.decorate('activeUsers', activeUsers);
  },
  { name: 'sessions', dependencies: ['core'] },
);
