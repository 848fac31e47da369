import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/**
 * Answers of the public catalogue calls (search, product, storefront, lists), kept in memory
 * as serialized JSON (docs/decisions/0007-catalogue-cache.md). Freshness does not rest on the
 * age limit: every change to a catalogue table is announced by PostgreSQL on the
 * `leafline_catalog` channel (migration 0005) and clears the cache of every app instance. While
 * that subscription is down the cache is off, since announcements could be missed.
 *
 * An answer computed while a change was announced is not stored (the generation moved on), so a
 * slow query that read the old catalogue cannot put it back after the clear.
 */
export interface ResponseCache {
  readonly enabled: boolean;
  /**
   * Serves the request from the cache, or computes, validates, stores and sends the answer;
   * kept under the request's address, or under `key` when the answer depends on more (it must
   * then depend on nothing but what the key says).
   */
  respond<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: z.ZodType<T>,
    compute: () => Promise<T>,
    key?: string,
  ): Promise<FastifyReply>;
  /**
   * A text kept under `key` until the next change (the server-rendered pages, decision 0044):
   * from the cache, or computed and kept. `compute` answering undefined keeps nothing.
   */
  remember(key: string, compute: () => Promise<string | undefined>): Promise<string | undefined>;
  clear(): void;
  setListening(listening: boolean): void;
  readonly size: number;
}

interface Entry {
  body: string;
  storedAt: number;
}

export function createResponseCache(options: {
  maxAgeSeconds: number;
  maxEntries?: number;
  maxEntryBytes?: number;
  /**
   * Told of every answer: from the cache (`true`) or computed (`false`, the cache off or
   * empty for it): the hit-rate metrics.
   */
  onLookup?: (hit: boolean) => void;
}): ResponseCache {
  const maxAge = options.maxAgeSeconds * 1000;
  const maxEntries = options.maxEntries ?? 2000;
  const maxEntryBytes = options.maxEntryBytes ?? 256 * 1024;
  const entries = new Map<string, Entry>();
  let generation = 0;
  let listening = false;
  const enabled = () => maxAge > 0 && listening;

  async function remember(
    key: string,
    compute: () => Promise<string | undefined>,
  ): Promise<string | undefined> {
    if (enabled()) {
      const hit = entries.get(key);
      if (hit && performance.now() - hit.storedAt < maxAge) {
        // Most recently used last: the first key is the one to evict.
        entries.delete(key);
        entries.set(key, hit);
        options.onLookup?.(true);
        return hit.body;
      }
      if (hit) entries.delete(key);
    }
    options.onLookup?.(false);
    const started = generation;
    const body = await compute();
    if (body !== undefined && enabled() && started === generation && body.length <= maxEntryBytes) {
      entries.set(key, { body, storedAt: performance.now() });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    }
    return body;
  }

  return {
    get enabled() {
      return enabled();
    },
    get size() {
      return entries.size;
    },
    clear() {
      generation++;
      entries.clear();
    },
    setListening(value) {
      // Announcements may have been missed while not listening: start from empty either way.
      listening = value;
      generation++;
      entries.clear();
    },
    async respond(request, reply, schema, compute, key = request.url) {
      reply.type('application/json; charset=utf-8');
      const body = await remember(key, async () => JSON.stringify(schema.parse(await compute())));
      return reply.send(body);
    },
    remember,
  };
}
