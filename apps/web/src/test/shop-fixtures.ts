import type { SearchFacets, SearchSuggestion } from '@leafline/contract/catalog';
import { PRODUCT_CATEGORIES } from '@leafline/contract/constants';
import { jsonResponse, mockFetch, type RecordedCall } from './fetch-mock';

/** A product of a search page: id n, $10 + n, made by one of three makers. */
export const shopProduct = (id: number, name = `Product ${id}`) => ({
  id,
  name,
  price: `${10 + id}.00`,
  business: 100 + (id % 3),
  business_name: `Maker ${id % 3}`,
  condition: 'new',
  primary_image: null,
  product_category: 'Apparel',
});

/** Products of every search: three pages of 20. */
export const SHOP_TOTAL = 45;

/** The mock's answer to api/search/: three pages of 20, nothing for the search 'nothing'. */
export function searchPage(url: URL) {
  const page = Number(url.searchParams.get('page') ?? '1');
  const search = url.searchParams.get('search') ?? '';
  if (search === 'nothing') return { results: [], count: 0, next: null, previous: null };
  const first = (page - 1) * 20 + 1;
  const ids = Array.from({ length: Math.min(20, SHOP_TOTAL - first + 1) }, (_, i) => first + i);
  const named = search ? `${search} ` : '';
  return {
    results: ids.map((id) => shopProduct(id, `${named}Product ${id}`)),
    count: SHOP_TOTAL,
    next: page < 3 ? `http://localhost/api/search/?page=${page + 1}` : null,
    previous: page > 1 ? `http://localhost/api/search/?page=${page - 1}` : null,
  };
}

/** The brands of the mock's brand facet: ten, most products first (id n + 1, count 10 − n). */
export const SHOP_BRANDS: SearchFacets['brands'] = [
  'Porto Studio',
  'Fern Goods',
  'Kelp Studio',
  'Cedar Works',
  'Alder & Oak',
  'Juniper Lane',
  'Saltmarsh Goods',
  'Tidal Threads',
  'Moss & Stone',
  'Willow Row',
].map((name, n) => ({ id: n + 1, name, count: 10 - n }));

/**
 * The facet counts the mock answers: second-hand 12, in stock 41, verified 30, free shipping 7 (40 at a
 * cart of $75 or more), ships free to me 9 (to ?country=, else US), the price ranges 10, 15,
 * 12 and 8, category n of PRODUCT_CATEGORIES n + 1 (Art Supplies, the last, 8), and SHOP_BRANDS.
 */
export function shopFacets(url: URL): SearchFacets {
  const freeAt = Number(url.searchParams.get('free_shipping_at') ?? '0');
  return {
    count: SHOP_TOTAL,
    second_hand: 12,
    in_stock: 41,
    verified: 30,
    free_shipping: freeAt >= 75 ? 40 : 7,
    country: url.searchParams.get('country') || 'US',
    ships_free: 9,
    brands: SHOP_BRANDS,
    price_ranges: [
      { min_price: '0.00', max_price: '24.99', count: 10 },
      { min_price: '25.00', max_price: '49.99', count: 15 },
      { min_price: '50.00', max_price: '99.99', count: 12 },
      { min_price: '100.00', max_price: null, count: 8 },
    ],
    categories: PRODUCT_CATEGORIES.map((category, i) => ({ category, count: i + 1 })),
  };
}

/** What the mock suggests for any text: a product, a brand and a category. */
export const SUGGESTIONS: SearchSuggestion[] = [
  { kind: 'product', label: 'Porto Linen Button-Up', id: 7, category: null },
  { kind: 'brand', label: 'Porto Studio', id: 3, category: null },
  { kind: 'category', label: 'Home', id: null, category: 'Home Goods' },
];

/** A test's own answer to a call, or undefined to leave it to the defaults. */
export type ShopOverride = (
  call: RecordedCall,
  url: URL,
) => Response | Promise<Response> | undefined;

/**
 * Mocks the shop's API: `overrides` answer first, then the search (three pages), its facets,
 * the suggestions, the curated lists; anything else is a 404 'Not found.'.
 */
export function mockShopApi(...overrides: ShopOverride[]) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    for (const override of overrides) {
      const answer = override(call, url);
      if (answer) return answer;
    }
    switch (url.pathname) {
      case '/api/search/':
        return jsonResponse(200, searchPage(url));
      case '/api/search/facets/':
        return jsonResponse(200, shopFacets(url));
      case '/api/search/suggestions/':
        return jsonResponse(200, {
          query: url.searchParams.get('q') ?? '',
          suggestions: SUGGESTIONS,
        });
      case '/api/curated/current_favorites/':
        return jsonResponse(200, {
          key: 'current_favorites',
          results: Array.from({ length: 8 }, (_, i) => shopProduct(200 + i, `Favorite ${i + 1}`)),
        });
      case '/api/curated/people_also_love/':
        return jsonResponse(200, {
          key: 'people_also_love',
          results: Array.from({ length: 8 }, (_, i) => shopProduct(300 + i, `Loved ${i + 1}`)),
        });
      default:
        return jsonResponse(404, { error: 'Not found.' });
    }
  });
}

/** The query strings of the calls to one path, as objects, in order. */
export function queriesOf(calls: RecordedCall[], pathname: string) {
  return calls
    .map((c) => new URL(c.url, 'http://localhost'))
    .filter((u) => u.pathname === pathname)
    .map((u) => Object.fromEntries(u.searchParams));
}
