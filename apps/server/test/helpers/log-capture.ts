import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { createLogger } from '../../src/lib/logger';

/**
 * The app's own logger (redaction and all), writing its JSON lines into `lines` instead of
 * stdout: for tests that read what was logged (and what never may be: tokens, secrets).
 */
export function captureLog(level: string): { lines: string[]; logger: FastifyBaseLogger } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger({ level }, sink) };
}
