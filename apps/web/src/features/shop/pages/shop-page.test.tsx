import {
  SEARCH_INPUT_PAUSE_MS,
  SEARCH_TIMEOUT_MS,
  SHOP_CACHE_TTL_MS,
  SHOP_CACHE_WRITE_DELAY_MS,
} from '@leafline/contract/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SHOP_FILTERS,
  hasPendingCacheWrite,
  readShopProducts,
  writeShopFilters,
  writeShopProducts,
} from '@/lib/shop-cache';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';
import { shopProduct as product, searchPage } from '@/test/shop-fixtures';
import { SUGGEST_MORE_TEXT } from '../components/suggested-products';
import { SEARCH_TIMEOUT_TEXT } from './shop-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function server() {
  return mockFetch((call: RecordedCall) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/search/') return jsonResponse(200, searchPage(url));
    if (url.pathname === '/api/curated/current_favorites/')
      return jsonResponse(200, {
        key: 'current_favorites',
        results: Array.from({ length: 8 }, (_, i) => product(200 + i, `Favorite ${i + 1}`)),
      });
    if (url.pathname === '/api/curated/people_also_love/')
      return jsonResponse(200, {
        key: 'people_also_love',
        results: Array.from({ length: 8 }, (_, i) => product(300 + i, `Loved ${i + 1}`)),
      });
    return jsonResponse(404, { error: 'Not found.' });
  });
}

const searches = (calls: RecordedCall[]) =>
  calls
    .map((c) => new URL(c.url, 'http://localhost'))
    .filter((u) => u.pathname === '/api/search/')
    .map((u) => Object.fromEntries(u.searchParams));

const results = () => screen.findByRole('list', { name: 'Search results' });

/** Filters saved in an earlier visit, and the page of products saved for them. */
const wool = { ...DEFAULT_SHOP_FILTERS, searchTerm: 'wool', currentPage: 2 };
const savedWoolPage = {
  products: [
    {
      id: 5,
      name: 'Cached Wool Socks',
      price: '12.00',
      business: 1,
      condition: 'new' as const,
      primary_image: null,
    },
  ],
  businessNames: { '1': 'Fernhill' },
  totalProducts: 21,
  nextPageUrl: null,
  prevPageUrl: 'http://localhost/api/search/?page=1',
  currentPage: 2,
  appliedFilters: wool,
};

describe('shop page', { timeout: 20_000 }, () => {
  it('shows the title, the favorites and the first page with its summary and pager', async () => {
    const { calls } = server();
    renderApp('/shop');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shop Sustainable Brands' }),
    ).toBeTruthy();
    expect(within(await results()).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Showing 1-20 of 45 products')).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Current favorites' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Search results pages' })).toBeTruthy();
    // Empty values are left out of the query.
    expect(searches(calls)).toEqual([{ page: '1', page_size: '20' }]);
    // The fetched page is saved, 300 ms later, for the default filters.
    await waitFor(() =>
      expect(readShopProducts()?.appliedFilters).toEqual({ ...DEFAULT_SHOP_FILTERS }),
    );
    expect(readShopProducts()?.products).toHaveLength(20);
  });

  it('searches after a 500 ms pause in typing, and at once on submit, from page 1', async () => {
    const { calls } = server();
    const { router } = renderApp('/shop');
    await results();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 21-40 of 45 products');

    // The clock stands still but for explicit steps: 1 ms short of the pause, no search.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fill(screen.getByLabelText('Search products'), 'cotton');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_INPUT_PAUSE_MS - 1));
    expect(searches(calls).some((q) => q.search === 'cotton')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    // vi.waitFor moves the fake clock on between its checks.
    await vi.waitFor(() => expect(screen.getByText('cotton Product 1')).toBeTruthy());
    vi.useRealTimers();
    expect(searches(calls).at(-1)).toEqual({ search: 'cotton', page: '1', page_size: '20' });
    expect(router.state.location.search).toBe('?search=cotton');

    fill(screen.getByLabelText('Search products'), 'linen');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('linen Product 1');
    expect(searches(calls).filter((q) => q.search === 'linen')).toHaveLength(1);
  });

  it('goes back to page 1 when the category or the filter changes', async () => {
    const { calls } = server();
    renderApp('/shop?page=3');
    await screen.findByText('Showing 41-45 of 45 products');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Shoes' } });
    await screen.findByText('Showing 1-20 of 45 products');
    expect(searches(calls).at(-1)).toMatchObject({ category: 'Shoes', page: '1' });

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 21-40 of 45 products');
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'price_high_to_low' } });
    await screen.findByText('Showing 1-20 of 45 products');
    expect(searches(calls).at(-1)).toMatchObject({
      category: 'Shoes',
      filter: 'price_high_to_low',
      page: '1',
    });
  });

  it('Clear All empties search, filter and category and forgets the saved filters', async () => {
    server();
    renderApp('/shop?search=soap&category=Hygiene&filter=price_low_to_high&page=2');
    await screen.findByText('Showing 21-40 of 45 products');
    await waitFor(() => expect(localStorage.getItem('shop_filters_cache')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect((screen.getByLabelText('Search products') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Filter') as HTMLSelectElement).value).toBe('');
    await screen.findByText('Showing 1-20 of 45 products');
    // Once the delayed cache write of the new page is done, nothing more is to be written.
    await waitFor(() => {
      expect(readShopProducts()?.appliedFilters).toEqual({ ...DEFAULT_SHOP_FILTERS });
      expect(hasPendingCacheWrite()).toBe(false);
    });
    expect(localStorage.getItem('shop_filters_cache')).toBeNull();
  });

  it("shows 'People also love...' when nothing matches", async () => {
    server();
    renderApp('/shop?search=nothing');
    expect(await screen.findByRole('heading', { name: 'People also love...' })).toBeTruthy();
    const suggested = await screen.findByRole('list', { name: 'Suggested products' });
    expect(within(suggested).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByText(SUGGEST_MORE_TEXT)).toBeTruthy();
  });

  it('Current Favorites shows the fixed list and fetches no results', async () => {
    const { calls } = server();
    renderApp('/shop?category=weekly_favorites');
    const list = await screen.findByRole('list', { name: 'Current favorites' });
    expect(within(list).getAllByRole('link', { name: /Favorite/ })).toHaveLength(8);
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
    expect(searches(calls)).toEqual([]);
  });

  it('opens from a matching cached page without asking the server', async () => {
    const { calls } = server();
    writeShopFilters(wool);
    writeShopProducts(savedWoolPage);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderApp('/shop');
    // vi.waitFor moves the fake clock on between its checks.
    await vi.waitFor(() => expect(screen.getByText('Cached Wool Socks')).toBeTruthy(), {
      timeout: 10_000,
    });
    expect(screen.getByText('Showing 21-21 of 21 products')).toBeTruthy();
    expect((screen.getByLabelText('Search products') as HTMLInputElement).value).toBe('wool');
    // Past the search pause and the cache write delay: still no request.
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_INPUT_PAUSE_MS + SHOP_CACHE_WRITE_DELAY_MS));
    expect(searches(calls)).toEqual([]);
  });

  it('asks the server again once the cached page is 20 minutes old', async () => {
    const { calls } = server();
    writeShopFilters(wool);
    writeShopProducts(savedWoolPage, Date.now() - SHOP_CACHE_TTL_MS);
    renderApp('/shop');
    expect(await screen.findByText('wool Product 21')).toBeTruthy();
    expect(screen.queryByText('Cached Wool Socks')).toBeNull();
    expect(searches(calls)).toEqual([{ search: 'wool', page: '2', page_size: '20' }]);
  });

  it('does not use a cached page fetched for other filters than the saved ones', async () => {
    const { calls } = server();
    writeShopFilters({ ...wool, searchTerm: 'linen' });
    writeShopProducts(savedWoolPage);
    renderApp('/shop?search=wool&page=2');
    expect(await screen.findByText('wool Product 21')).toBeTruthy();
    expect(screen.queryByText('Cached Wool Socks')).toBeNull();
    expect(searches(calls)).toEqual([{ search: 'wool', page: '2', page_size: '20' }]);
  });

  it('says the search timed out after 55 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname !== '/api/search/') return jsonResponse(404, { error: 'Not found.' });
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        );
      }),
    );
    renderApp('/shop?search=slow');
    await screen.findByRole('heading', { level: 1 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_TIMEOUT_MS + 10);
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toContain(SEARCH_TIMEOUT_TEXT);
  });
});
