import { describe, expect, it } from 'vitest';
import { startSession } from './auth-tokens';
import { saveProductRedirect, takeProductRedirect } from './storage';

describe('storage helpers', () => {
  it('uses the exact keys of SPEC §3', () => {
    localStorage.setItem('shop_products_cache', '{}');
    startSession({ access: 'a', refresh: 'r' });
    expect({ ...localStorage }).toEqual({ access_token: 'a', refresh_token: 'r' });
  });

  it('takes the stored product path once, and only same-site paths', () => {
    saveProductRedirect('/shop/products/9');
    expect(localStorage.getItem('product_redirect')).toBe('/shop/products/9');
    expect(takeProductRedirect()).toBe('/shop/products/9');
    expect(takeProductRedirect()).toBeNull();

    localStorage.setItem('product_redirect', '//evil.example/x');
    expect(takeProductRedirect()).toBeNull();
    localStorage.setItem('product_redirect', 'https://evil.example/x');
    expect(takeProductRedirect()).toBeNull();
  });
});
