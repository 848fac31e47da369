import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readShopProducts } from '@/lib/shop-cache';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { CAROUSEL_EMPTY_TEXT } from '../components/business-carousel';
import { NEWLY_ADDED_EMPTY_TEXT } from '../components/newly-added-section';

afterEach(() => vi.unstubAllGlobals());

const product = (id: number) => ({
  id,
  name: `Product ${id}`,
  price: '20.00',
  business: 1,
  business_name: 'Fernhill',
  condition: 'new',
  primary_image: null,
  product_category: 'Apparel',
});

function server({ empty = false } = {}) {
  return mockFetch((call: RecordedCall) => {
    const url = new URL(call.url, 'http://localhost');
    switch (url.pathname) {
      case '/api/publicbusinesses/':
        return jsonResponse(
          200,
          empty
            ? []
            : Array.from({ length: 7 }, (_, i) => ({
                id: i + 1,
                name: `Business ${i + 1}`,
                logonew: null,
                verified: false,
              })),
        );
      case '/api/curated/hidden_businesses/':
        return jsonResponse(200, { key: 'hidden_businesses', ids: [2, 4, 1001] });
      case '/api/curated/newly_added/':
        return jsonResponse(200, {
          key: 'newly_added',
          results: empty ? [] : Array.from({ length: 11 }, (_, i) => product(i + 1)),
        });
      case '/api/search/':
        return jsonResponse(200, {
          results: [product(1)],
          count: 1,
          next: null,
          previous: null,
        });
      default:
        return jsonResponse(404, { error: 'Not found.' });
    }
  });
}

describe('home page', { timeout: 20_000 }, () => {
  it('shows the partner businesses without the hidden ones, and at most 9 new products', async () => {
    server();
    renderApp('/');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Take the Quiz' })).toBeTruthy();
    const carousel = await screen.findByRole('list', { name: 'Partner businesses' });
    expect(
      within(carousel)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/businessproducts/1',
      '/businessproducts/3',
      '/businessproducts/5',
      '/businessproducts/6',
      '/businessproducts/7',
    ]);
    expect(screen.getByRole('button', { name: 'Next businesses' })).toBeTruthy();
    const newest = await screen.findByRole('list', { name: 'Newly added products' });
    expect(within(newest).getAllByRole('listitem')).toHaveLength(9);
    expect(screen.getByRole('link', { name: 'View All Products' }).getAttribute('href')).toBe(
      '/shop',
    );
    for (const title of [
      'Eco-Friendly Materials',
      'Reduced Waste',
      'Fair Labor',
      'Lower Carbon Footprint',
    ])
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
  });

  it('says what will be there when there are no businesses or products', async () => {
    server({ empty: true });
    renderApp('/');
    expect(await screen.findByText(CAROUSEL_EMPTY_TEXT)).toBeTruthy();
    expect(await screen.findByText(NEWLY_ADDED_EMPTY_TEXT)).toBeTruthy();
  });

  it('saves the first shop page to the shop cache in the background', async () => {
    const { calls } = server();
    const { router } = renderApp('/');
    await screen.findByRole('list', { name: 'Partner businesses' });
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/search/'))).toBe(true), {
      timeout: 12_000,
    });
    // The write is delayed 300 ms (SPEC §9); wait for it rather than for a fixed time.
    await waitFor(() => expect(readShopProducts()).toBeTruthy(), { timeout: 5000 });
    const cached = readShopProducts();
    expect(cached?.appliedFilters).toEqual({
      searchTerm: '',
      selectedFilter: '',
      selectedCategory: '',
      currentPage: 1,
    });
    expect(cached?.products.map((p) => p.id)).toEqual([1]);
    expect(cached?.businessNames).toEqual({ '1': 'Fernhill' });

    // The shop, opened now, shows that page without asking for it again.
    await act(() => router.navigate('/shop'));
    expect(await screen.findByText('Showing 1-1 of 1 products')).toBeTruthy();
    const searches = calls.filter(
      (c) => new URL(c.url, 'http://localhost').pathname === '/api/search/',
    );
    expect(searches).toHaveLength(1);
  });
});
