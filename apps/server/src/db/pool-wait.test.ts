import net from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/database-outage';
import { openDatabase } from './client';

/**
 * The pool's two limits (found by `npm run load`): a request that waits for a connection while
 * all are busy is a queue, not an outage; a server that takes the connection and never answers
 * is one (the request fails as 'database unavailable', which the app answers 503).
 */
const adminUrl = inject('pgAdminUrl');

describe.skipIf(!adminUrl)('the PostgreSQL pool', () => {
  it('lets a request wait for a busy pool longer than the connect timeout, and answers it', async () => {
    const database = await openDatabase({ url: adminUrl!, poolSize: 1 });
    try {
      // The only connection is busy for 6 s (more than the 5 s an opening may take).
      const busy = database.executeSql('select pg_sleep(6)', []);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const waiting = database.executeSql('select 42 as answer', []);
      await busy;
      expect((await waiting).rows).toEqual([{ answer: 42 }]);
    } finally {
      await database.close();
    }
  }, 20_000);

  it('gives up on a server that accepts the connection and never answers: unavailable', async () => {
    const sockets: net.Socket[] = [];
    const hung = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as net.AddressInfo;
    const database = await openDatabase({
      url: `postgres://postgres@127.0.0.1:${port}/none`,
      poolSize: 1,
    });
    try {
      const error = await database.executeSql('select 1', []).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await database.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => hung.close(resolve));
    }
  }, 20_000);
});
