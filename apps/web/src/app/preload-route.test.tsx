import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { createQueryClient } from './query-client';
import { preloadRoute } from './router';

const product = {
  id: 7,
  name: 'Beeswax Wraps',
  business: 3,
  business_name: 'Bramble Goods',
  price: '12.00',
  description: '',
  images: [],
  variants: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preloadRoute', () => {
  it("fills the cache with a product page's product and its brand's products", async () => {
    const { calls } = mockFetch(({ url }) =>
      url.startsWith('/api/products/7/')
        ? jsonResponse(200, product)
        : jsonResponse(200, { results: [], count: 0, next: null, previous: null }),
    );
    const queryClient = createQueryClient();
    await preloadRoute({ pathname: '/shop/products/7', search: '' }, queryClient);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/products/7/',
      '/api/products-by-business/3/?page=1',
    ]);
    expect(queryClient.getQueryData(['catalog', 'product', 7])).toEqual(product);
  });

  it('never rejects, whatever fails', async () => {
    mockFetch(() => jsonResponse(500, {}));
    await expect(
      preloadRoute({ pathname: '/shop/products/7', search: '' }, createQueryClient()),
    ).resolves.toBeUndefined();
    await expect(
      preloadRoute({ pathname: '/no/such/page', search: '' }, createQueryClient()),
    ).resolves.toBeUndefined();
  });
});
