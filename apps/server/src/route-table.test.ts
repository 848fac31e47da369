import { ROUTES } from '@leafline/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers/app';
import { fastifyPath } from './lib/route-path';

/**
 * The contract's route table is what the web calls (issue 25, point 4): the app serves every
 * entry at its method and path, so the table and the server cannot drift apart.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('the route table', () => {
  it('writes a path parameter as Fastify does', () => {
    expect(fastifyPath(ROUTES.passwordResetConfirm)).toBe(
      '/auth/password-reset-confirm/:uid/:token/',
    );
    expect(fastifyPath(ROUTES.cart)).toBe('/api/cart/');
  });

  it.each(Object.entries(ROUTES))('%s is served by the app', (_name, route) => {
    expect(t.app.hasRoute({ method: route.method, url: fastifyPath(route) })).toBe(true);
  });

  it('finds a route the app does not serve', () => {
    expect(t.app.hasRoute({ method: 'DELETE', url: '/api/cart/' })).toBe(false);
  });
});
