import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { surviveDatabaseOutages } from './database-outage';

/** The process's unhandled rejections: a database outage is survived, anything else is not. */
describe('surviveDatabaseOutages', () => {
  const setup = () => {
    const target = new EventEmitter();
    const log = { warn: vi.fn(), fatal: vi.fn() };
    const exit = vi.fn();
    surviveDatabaseOutages(target, log, exit);
    return { target, log, exit };
  };

  it('logs a rejection of a database that cannot be reached and keeps the process', () => {
    const { target, log, exit } = setup();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    target.emit('unhandledRejection', refused);
    expect(exit).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(
      { err: refused },
      'a background database call failed: the database is away',
    );
  });

  it('ends the process on any other unhandled rejection', () => {
    const { target, log, exit } = setup();
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    target.emit('unhandledRejection', bug);
    expect(exit).toHaveBeenCalledWith(1);
    expect(log.fatal).toHaveBeenCalledWith({ err: bug }, 'unhandled rejection: stopping');
  });
});
