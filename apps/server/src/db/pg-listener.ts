import pg from 'pg';

/**
 * LISTEN for every channel of one instance on one dedicated PostgreSQL connection (a pooled
 * one would drop it when returned): the job runner's, the catalogue's, the sessions' and the
 * live orders' notices share it. When that connection is lost every subscription is told
 * `false`, and it reconnects after a second, LISTENs again to every channel and tells `true`.
 */

type Subscription = {
  channel: string;
  onNotify: (payload: string) => void;
  onState: (listening: boolean) => void;
};

export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onState: (listening: boolean) => void,
) => Promise<() => Promise<void>>;

export function createPgListener(url: string): Listen {
  const subscriptions = new Set<Subscription>();
  let current: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  const channels = () => new Set([...subscriptions].map((s) => s.channel));
  const tell = (listening: boolean) => {
    for (const s of subscriptions) s.onState(listening);
  };

  const retryLater = () => {
    if (retry || !subscriptions.size) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connected()
        .then(() => tell(true))
        .catch(retryLater);
    }, 1000);
    retry.unref();
  };

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client.on('notification', (message) => {
      for (const s of subscriptions) {
        if (s.channel === message.channel) s.onNotify(message.payload ?? '');
      }
    });
    client.on('error', () => {});
    client.on('end', () => {
      if (current !== client) return;
      current = undefined;
      tell(false);
      retryLater();
    });
    try {
      await client.connect();
      for (const channel of channels()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    current = client;
    return client;
  };

  /** The connection, made (with every channel's LISTEN) when there is none. */
  const connected = (): Promise<pg.Client> => {
    if (current) return Promise.resolve(current);
    connecting ??= connect().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return async (channel, onNotify, onState) => {
    const subscription = { channel, onNotify, onState };
    const isNew = !channels().has(channel);
    subscriptions.add(subscription);
    try {
      const client = await connected();
      // A connection made before this channel was asked for does not listen to it yet.
      if (isNew) await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      // A first LISTEN that fails only throws: nothing of this subscription is left running.
      subscriptions.delete(subscription);
      if (!subscriptions.size) {
        await current?.end().catch(() => {});
        current = undefined;
      }
      throw error;
    }
    onState(true);
    return async () => {
      if (!subscriptions.delete(subscription)) return;
      onState(false);
      const client = current;
      if (!subscriptions.size) {
        clearTimeout(retry);
        retry = undefined;
        current = undefined;
        await client?.end().catch(() => {});
      } else if (!channels().has(channel)) {
        await client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
      }
    };
  };
}

/** Identifier quoting for LISTEN, which takes no parameters. */
function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
