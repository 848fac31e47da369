import type { CartResponse } from '@leafline/contract/cart';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '@/lib/auth-tokens';
import { readShopFilters } from '@/lib/shop-cache';
import { cartItem } from '@/test/cart-fixtures';
import { jsonResponse } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';
import { mockShopApi, queriesOf } from '@/test/shop-fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearTokens();
});

const results = () => screen.findByRole('list', { name: 'Search results' });
const searches = (calls: Parameters<typeof queriesOf>[0]) => queriesOf(calls, '/api/search/');
const facetCalls = (calls: Parameters<typeof queriesOf>[0]) =>
  queriesOf(calls, '/api/search/facets/');

const checkbox = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}`) });
const radio = (name: string) =>
  screen.getByRole('radio', { name: new RegExp(`^${name.replaceAll('$', '\\$')}`) });
const checked = (element: HTMLElement) => (element as HTMLInputElement).checked;

/** A logged-in shopper whose cart holds $42.00 of goods. */
function cartOf42(): CartResponse {
  return {
    items: [cartItem({ id: 1, quantity: 2, product_price: '21.00', total_price: '42.00' })],
    item_count: 2,
    subtotal: '42.00',
    total_shipping_fees: '5.00',
    total: '47.00',
    shipping_country: 'US',
    has_shipping_address: false,
    free_shipping_threshold: '75.00',
    free_shipping_applied: false,
    amount_to_free_shipping: '33.00',
    shipping_by_business: [],
  };
}

describe('shop filters (issue 15)', { timeout: 30_000 }, () => {
  it('shows each filter with its count and sends it, from page 1', async () => {
    const { calls } = mockShopApi();
    const { router } = renderApp('/shop?page=2');
    await screen.findByText('Showing 21-40 of 45 products');
    // The counts, in the choices' names as a screen reader says them.
    expect(
      await screen.findByRole('checkbox', { name: 'Second-hand only, 12 products' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'Verified brands only, 30 products' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'Ships free with your cart, 7 products' }),
    ).toBeTruthy();
    const price = screen.getByRole('group', { name: 'Price' });
    expect(within(price).getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByRole('radio', { name: 'Any price, 45 products' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Under $25, 10 products' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '$25 to $49.99, 15 products' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '$50 to $99.99, 12 products' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '$100 and over, 8 products' })).toBeTruthy();
    // Shown as 'Second-hand only (12)', the count in a muted tone.
    expect(checkbox('Second-hand only').closest('label')?.textContent).toContain(
      'Second-hand only(12)',
    );
    // The facets are asked with the same query as the search, without the page.
    expect(facetCalls(calls)[0]).toEqual({});

    fireEvent.click(checkbox('Second-hand only'));
    await screen.findByText('Showing 1-20 of 45 products');
    expect(searches(calls).at(-1)).toEqual({ second_hand: 'true', page: '1', page_size: '20' });
    await waitFor(() => expect(facetCalls(calls).at(-1)).toEqual({ second_hand: 'true' }));
    expect(router.state.location.search).toBe('?second_hand=true');

    fireEvent.click(checkbox('Verified brands only'));
    await waitFor(() =>
      expect(searches(calls).at(-1)).toEqual({
        second_hand: 'true',
        verified: 'true',
        page: '1',
        page_size: '20',
      }),
    );

    fireEvent.click(radio('$25 to $49.99'));
    await waitFor(() =>
      expect(searches(calls).at(-1)).toMatchObject({ min_price: '25', max_price: '49.99' }),
    );
    expect(checked(radio('$25 to $49.99'))).toBe(true);
    expect(router.state.location.search).toBe(
      '?second_hand=true&verified=true&min_price=25&max_price=49.99',
    );
    fireEvent.click(radio('Under $25'));
    await waitFor(() => expect(searches(calls).at(-1)).toMatchObject({ max_price: '24.99' }));
    expect(searches(calls).at(-1)).not.toHaveProperty('min_price');
    fireEvent.click(radio('$100 and over'));
    await waitFor(() => expect(searches(calls).at(-1)).toMatchObject({ min_price: '100' }));
    expect(searches(calls).at(-1)).not.toHaveProperty('max_price');
    fireEvent.click(radio('Any price'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?second_hand=true&verified=true'),
    );

    // On phones the filters wait behind one button, which counts them.
    expect(screen.getByRole('button', { name: /^Filters ?\(2 active\)$/ })).toBeTruthy();
  });

  it('shows the categories’ counts in the Category options, keeping their values', async () => {
    mockShopApi();
    renderApp('/shop');
    await results();
    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    await waitFor(() =>
      expect(within(category).getByRole('option', { name: 'Shoes (2)' })).toBeTruthy(),
    );
    const options = Object.fromEntries(
      [...category.options].map((option) => [option.value, option.textContent]),
    );
    expect(options).toEqual({
      weekly_favorites: 'Current Favorites',
      '': 'All Products',
      Apparel: 'Apparel (1)',
      Shoes: 'Shoes (2)',
      Accessories: 'Accessories (3)',
      'Home Goods': 'Home (4)',
      'Cosmetics / Skin Care': 'Cosmetics (5)',
      Hygiene: 'Hygiene (6)',
      'Cleaning Products': 'Cleaning (7)',
      // Stationery lists Art Supplies.
      Stationary: 'Stationery (8)',
      'Art Supplies': 'Art Supplies (8)',
    });
  });

  it('asks "Ships free with your cart" at $0 for a visitor', async () => {
    const { calls } = mockShopApi();
    const { router } = renderApp('/shop');
    await results();
    fireEvent.click(checkbox('Ships free with your cart'));
    await waitFor(() => expect(searches(calls).at(-1)).toMatchObject({ free_shipping_at: '0' }));
    expect(router.state.location.search).toBe('?free_shipping_at=0');
    fireEvent.click(checkbox('Ships free with your cart'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('asks "Ships free with your cart" at the shopper’s cart subtotal', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = mockShopApi((call) =>
      call.url === '/api/cart/' ? jsonResponse(200, cartOf42()) : undefined,
    );
    const { router } = renderApp('/shop');
    await results();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/cart/')).toBe(true));
    // The header's cart count shows the cart is in.
    await screen.findByTestId('cart-count');
    fireEvent.click(checkbox('Ships free with your cart'));
    await waitFor(() => expect(searches(calls).at(-1)).toMatchObject({ free_shipping_at: '42' }));
    await waitFor(() => expect(facetCalls(calls).at(-1)).toMatchObject({ free_shipping_at: '42' }));
    expect(router.state.location.search).toBe('?free_shipping_at=42');
  });

  it('follows the cart when it arrives after the tick, in the same history entry', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let sendCart = () => {};
    const cart = new Promise<Response>((resolve) => {
      sendCart = () => resolve(jsonResponse(200, cartOf42()));
    });
    const { calls } = mockShopApi((call) => (call.url === '/api/cart/' ? cart : undefined));
    const { router } = renderApp('/shop');
    await results();
    fireEvent.click(checkbox('Ships free with your cart'));
    await waitFor(() => expect(router.state.location.search).toBe('?free_shipping_at=0'));
    const entry = router.index;
    act(() => sendCart());
    await waitFor(() => expect(router.state.location.search).toBe('?free_shipping_at=42'));
    expect(router.index).toBe(entry);
    await waitFor(() => expect(searches(calls).at(-1)).toMatchObject({ free_shipping_at: '42' }));
  });

  it('restores every filter from a shared link', async () => {
    const { calls } = mockShopApi();
    renderApp(
      '/shop?search=linen&category=Shoes&second_hand=true&verified=true&min_price=25&max_price=49.99&free_shipping_at=80',
    );
    await screen.findByText('linen Product 1');
    const criteria = {
      search: 'linen',
      category: 'Shoes',
      second_hand: 'true',
      verified: 'true',
      min_price: '25',
      max_price: '49.99',
      free_shipping_at: '80',
    };
    expect(searches(calls)).toEqual([{ ...criteria, page: '1', page_size: '20' }]);
    await waitFor(() => expect(facetCalls(calls)).toEqual([criteria]));
    expect(checked(checkbox('Second-hand only'))).toBe(true);
    expect(checked(checkbox('Verified brands only'))).toBe(true);
    // The link's amount is kept: free shipping at $80, as the shared list showed.
    expect(
      await screen.findByRole('checkbox', { name: 'Ships free with your cart, 40 products' }),
    ).toBeTruthy();
    expect(checked(checkbox('Ships free with your cart'))).toBe(true);
    expect(checked(radio('$25 to $49.99'))).toBe(true);
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Shoes');
    expect((screen.getByLabelText('Search products') as HTMLInputElement).value).toBe('linen');
    expect(screen.getByRole('button', { name: /^Filters ?\(5 active\)$/ })).toBeTruthy();
  });

  it('shows a shared price range the shop does not offer as chosen', async () => {
    const { calls } = mockShopApi();
    const { router } = renderApp('/shop?min_price=10.5&max_price=20.00&second_hand=1');
    await results();
    // Written in one form: the same filters, the address tidied.
    expect(router.state.location.search).toBe('?second_hand=true&min_price=10.50&max_price=20');
    expect(searches(calls).at(-1)).toMatchObject({ min_price: '10.50', max_price: '20' });
    expect(checked(screen.getByRole('radio', { name: '$10.50 to $20' }))).toBe(true);
    fireEvent.click(radio('Any price'));
    await waitFor(() => expect(router.state.location.search).toBe('?second_hand=true'));
    expect(screen.queryByRole('radio', { name: '$10.50 to $20' })).toBeNull();
  });

  it('Back and Forward step through the filters; a bout of typing is one entry', async () => {
    const { calls } = mockShopApi();
    const { router } = renderApp('/shop');
    await results();
    const start = router.index;

    fireEvent.click(checkbox('Second-hand only'));
    await waitFor(() => expect(router.state.location.search).toBe('?second_hand=true'));
    fireEvent.click(radio('Under $25'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?second_hand=true&max_price=24.99'),
    );
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Shoes' } });
    await waitFor(() => expect(router.state.location.search).toContain('category=Shoes'));
    expect(router.index).toBe(start + 3);

    // Typing: the searches of one bout share one entry.
    fill(screen.getByLabelText('Search products'), 'cot');
    await waitFor(() => expect(searches(calls).at(-1)).toMatchObject({ search: 'cot' }));
    fill(screen.getByLabelText('Search products'), 'cotton');
    await waitFor(() => expect(searches(calls).at(-1)).toMatchObject({ search: 'cotton' }));
    await screen.findByText('cotton Product 1');
    expect(router.index).toBe(start + 4);

    act(() => router.back());
    await waitFor(() => expect(screen.queryByText('cotton Product 1')).toBeNull());
    expect((screen.getByLabelText('Search products') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Shoes');

    act(() => router.back());
    await waitFor(() =>
      expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe(''),
    );
    expect(checked(radio('Under $25'))).toBe(true);

    act(() => router.back());
    await waitFor(() => expect(checked(radio('Any price'))).toBe(true));
    expect(checked(checkbox('Second-hand only'))).toBe(true);
    expect(router.state.location.search).toBe('?second_hand=true');

    act(() => router.back());
    await waitFor(() => expect(checked(checkbox('Second-hand only'))).toBe(false));
    expect(router.state.location.search).toBe('');
    // Back at the defaults, nothing is saved.
    await waitFor(() => expect(localStorage.getItem('shop_filters_cache')).toBeNull());

    act(() => router.forward());
    await waitFor(() => expect(checked(checkbox('Second-hand only'))).toBe(true));
    expect(router.state.location.search).toBe('?second_hand=true');
    // The typed search was not lost: it is two entries on.
    act(() => router.forward());
    act(() => router.forward());
    act(() => router.forward());
    await waitFor(() =>
      expect((screen.getByLabelText('Search products') as HTMLInputElement).value).toBe('cotton'),
    );
    await screen.findByText('cotton Product 1');
  });

  it('saves the filters, restores them on the bare /shop, and Clear All clears them', async () => {
    const { calls } = mockShopApi();
    const first = renderApp('/shop');
    await results();
    fireEvent.click(checkbox('Verified brands only'));
    fireEvent.click(radio('$50 to $99.99'));
    await waitFor(() =>
      expect(readShopFilters()).toMatchObject({
        verified: true,
        minPrice: '50',
        maxPrice: '99.99',
      }),
    );
    first.unmount();

    const { router } = renderApp('/shop');
    await results();
    expect(checked(checkbox('Verified brands only'))).toBe(true);
    expect(checked(radio('$50 to $99.99'))).toBe(true);
    expect(router.state.location.search).toBe('?verified=true&min_price=50&max_price=99.99');
    expect(searches(calls).at(-1)).toMatchObject({ verified: 'true', min_price: '50' });

    fireEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(checked(checkbox('Verified brands only'))).toBe(false);
    expect(checked(radio('Any price'))).toBe(true);
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(searches(calls).at(-1)).toEqual({ page: '1', page_size: '20' }));
    expect(localStorage.getItem('shop_filters_cache')).toBeNull();
  });

  it('narrows the Current Favorites with the filters, through the search', async () => {
    const { calls } = mockShopApi();
    renderApp('/shop?category=weekly_favorites');
    await screen.findByRole('list', { name: 'Current favorites' });
    expect(searches(calls)).toEqual([]);
    fireEvent.click(checkbox('Second-hand only'));
    await results();
    expect(searches(calls).at(-1)).toEqual({
      category: 'weekly_favorites',
      second_hand: 'true',
      page: '1',
      page_size: '20',
    });
  });

  it('shows no counts while the server’s filters start up (503)', async () => {
    const { calls } = mockShopApi((_, url) =>
      url.pathname === '/api/search/facets/'
        ? jsonResponse(
            503,
            { error: 'The shop’s filters are starting up. Please try again in a moment.' },
            { 'retry-after': '5' },
          )
        : undefined,
    );
    renderApp('/shop');
    await results();
    await waitFor(() => expect(facetCalls(calls)).toHaveLength(1));
    // Not tried again, and the choices work without their counts.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(facetCalls(calls)).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: 'Second-hand only' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Under $25' })).toBeTruthy();
    expect(
      [...(screen.getByLabelText('Category') as HTMLSelectElement).options].every(
        (o) => !o.textContent?.includes('('),
      ),
    ).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
