import { describe, expect, it } from 'vitest';
import { AWAITING_PAYMENT_PATH } from './orders';
import { fillPath, mapPathParams, pathParamNames, ROUTES } from './routes';

const routes = Object.entries(ROUTES);

describe('the route table', () => {
  it.each(routes)('%s: a path from the root, ending in a slash', (_name, route) => {
    expect(route.pattern).toMatch(/^\/[a-z0-9/{}-]*\/$/i);
    expect(route.pattern).not.toContain('//');
  });

  it('lists each parameter of a path by its name, in order', () => {
    expect(pathParamNames(ROUTES.passwordResetConfirm)).toEqual(['uid', 'token']);
    expect(pathParamNames(ROUTES.product)).toEqual(['id']);
    expect(pathParamNames(ROUTES.cart)).toEqual([]);
  });

  it('has one entry per method and path', () => {
    const keys = routes.map(([, route]) => `${route.method} ${route.pattern}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fills parameters in, percent-encoded', () => {
    expect(ROUTES.product.path({ id: 7 })).toBe('/api/products/7/');
    expect(ROUTES.passwordResetConfirm.path({ uid: 'a/b', token: 'x y?z#' })).toBe(
      '/auth/password-reset-confirm/a%2Fb/x%20y%3Fz%23/',
    );
    expect(ROUTES.curatedList.path({ key: '../hidden' })).toBe('/api/curated/..%2Fhidden/');
    expect(ROUTES.cart.path()).toBe('/api/cart/');
  });

  it('refuses a path with a parameter missing', () => {
    expect(() => fillPath('/api/products/{id}/', {})).toThrow(/needs its id/);
  });

  it('writes parameters another way (the server: `:name`)', () => {
    expect(mapPathParams(ROUTES.passwordResetConfirm.pattern, (name) => `:${name}`)).toBe(
      '/auth/password-reset-confirm/:uid/:token/',
    );
  });

  it('fills in the path parameters of a route', () => {
    expect(AWAITING_PAYMENT_PATH).toBe('/api/orders/awaiting-payment/');
    expect(ROUTES.cancelCheckout.path({ checkoutId: 31 })).toBe('/checkout/31/cancel/');
    expect(ROUTES.orderEvents.path({ businessId: 3 })).toBe('/api/business/orders/3/events/');
    expect(ROUTES.orderExport.path({ businessId: 3 })).toBe('/api/business/orders/3/export/');
    expect(ROUTES.shopifyProductSync.path({ businessId: 3 })).toBe('/api/sync-from-shopify-opt/3/');
    expect(ROUTES.shopifySyncStatus.path({ businessId: 3 })).toBe('/api/business/shopify-sync/3/');
  });
});
