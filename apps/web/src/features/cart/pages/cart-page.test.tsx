import type { CartItem, CartResponse } from '@leafline/contract/cart';
import { AUTH_REDIRECT_MS } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { type CallOverride, cartItem, cedarSoap, mockCartApi } from '@/test/cart-fixtures';
import { jsonResponse } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function cart(items: CartItem[]): CartResponse {
  const cents = items.reduce((sum, i) => sum + Math.round(Number(i.total_price) * 100), 0);
  return {
    items,
    item_count: items.reduce((sum, i) => sum + i.quantity, 0),
    subtotal: (cents / 100).toFixed(2),
    total_shipping_fees: '5.00',
    total: ((cents + 500) / 100).toFixed(2),
    shipping_country: 'US',
    has_shipping_address: false,
    free_shipping_threshold: '75.00',
    free_shipping_applied: false,
    amount_to_free_shipping: (Math.max(7500 - cents, 0) / 100).toFixed(2),
    shipping_by_business: [],
  };
}

const twoBrands = () =>
  cart([
    cartItem({
      id: 1,
      product: 7,
      product_id: 7,
      variant_id: 70,
      variant_option1: 'Large',
      variant_option2: 'Oat',
      product_price: '18.00',
      quantity: 2,
      total_price: '36.00',
    }),
    cedarSoap(),
  ]);

const server = (body: CartResponse | null, override: CallOverride = () => undefined) =>
  mockCartApi(body, override);

const quantityOf = (name: string) =>
  (screen.getByRole('spinbutton', { name: `Quantity of ${name}` }) as HTMLInputElement).value;

describe('cart page', { timeout: 20_000 }, () => {
  it('without a token says so, asks nothing, and goes to /login after 2 s', async () => {
    const { calls } = server(twoBrands());
    const { router } = renderApp('/cart');
    expect(await screen.findByText(MESSAGES.mustLoginCart)).toBeTruthy();
    const shown = performance.now();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your cart');
    // Real time: a fake clock installed after the page set its timer would never fire it.
    expect(router.state.location.pathname).toBe('/cart');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: AUTH_REDIRECT_MS + 8000,
    });
    expect(performance.now() - shown).toBeGreaterThanOrEqual(AUTH_REDIRECT_MS - 100);
    expect(calls.some((c) => c.url === '/api/cart/')).toBe(false);
  });

  it('shows the lines by brand with options, prices, quantity, subtotal and the two ways on', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = server(twoBrands());
    renderApp('/cart');
    const brands = await screen.findAllByTestId('cart-brand');
    expect(brands).toHaveLength(2);
    const first = within(brands[0]!);
    expect(first.getByRole('heading', { name: 'Fern & Flax' })).toBeTruthy();
    expect(first.getByRole('link', { name: 'Fern & Flax' }).getAttribute('href')).toBe(
      '/businessproducts/3',
    );
    expect(first.getByRole('link', { name: 'Linen Tote' }).getAttribute('href')).toBe(
      '/shop/products/7',
    );
    expect(first.getByText('Large / Oat')).toBeTruthy();
    expect(first.getByText('$18.00 each')).toBeTruthy();
    expect(first.getByTestId('cart-line-total').textContent).toBe('$36.00');
    expect(quantityOf('Linen Tote')).toBe('2');
    expect(within(brands[1]!).getByRole('heading', { name: 'Moss & Stone' })).toBeTruthy();

    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$42.50');
    expect(screen.getByText(MESSAGES.shippingCalculatedAtCheckout)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe(
      '/shop',
    );
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe(
      '/checkout',
    );
    // The header counts the items (2 + 1).
    const header = within(screen.getByRole('banner'));
    expect((await header.findByRole('link', { name: 'Cart, 3 items' })).getAttribute('href')).toBe(
      '/cart',
    );
    expect(header.getByTestId('cart-count').textContent).toBe('3');
    expect(calls.find((c) => c.url === '/api/cart/')?.headers.authorization).toBe('Bearer acc');
  });

  it("an empty cart (404 'Cart is empty') offers Shop Now", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(null);
    renderApp('/cart');
    const shopNow = await screen.findByRole('link', { name: 'Shop Now' });
    expect(shopNow.getAttribute('href')).toBe('/shop');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).toBeNull();
  });

  it('a cart without items is empty too', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(cart([]));
    renderApp('/cart');
    expect(await screen.findByRole('link', { name: 'Shop Now' })).toBeTruthy();
  });

  it('says it could not load the cart on any other failure', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(null, (call) =>
      call.url === '/api/cart/' ? jsonResponse(500, { error: 'boom' }) : undefined,
    );
    renderApp('/cart');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.cartLoadFailed);
  });

  it('a 401 that refreshing cannot fix goes to /login after 2 s', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(null, (call) => {
      if (call.url === '/api/cart/') return jsonResponse(401, { error: 'Token expired.' });
      // The refresh cannot be reached: the 401 reaches the page.
      if (call.url === '/token/refresh/') return jsonResponse(503, { error: 'down' });
      return undefined;
    });
    const { router } = renderApp('/cart');
    await screen.findByText(MESSAGES.sessionExpired);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      vi.advanceTimersByTime(AUTH_REDIRECT_MS - 1);
    });
    expect(router.state.location.pathname).toBe('/cart');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('changes a quantity at once, and puts it back with a message when the server refuses', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let release: (response: Response) => void = () => {};
    const { calls } = server(twoBrands(), (call) =>
      call.method === 'PATCH'
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : undefined,
    );
    renderApp('/cart');
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Linen Tote' }));
    // Optimistic: the new quantity, line total and subtotal before the server answers.
    await waitFor(() => expect(quantityOf('Linen Tote')).toBe('3'));
    expect(screen.getAllByTestId('cart-line-total')[0]?.textContent).toBe('$54.00');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$60.50');
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url).toBe('/api/cart/items/1/');
    expect(patch?.body).toEqual({ quantity: 3 });

    release(jsonResponse(400, { error: 'You can have at most 99 of one item in your cart.' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You can have at most 99 of one item in your cart.',
    );
    expect(quantityOf('Linen Tote')).toBe('2');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$42.50');
  });

  it('a typed quantity is sent on Enter, and 0 (or − at 1) removes the line', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let current = twoBrands();
    const { calls } = server(null, (call) => {
      if (call.url === '/api/cart/') return jsonResponse(200, current);
      if (call.method === 'PATCH') {
        const quantity = (call.body as { quantity: number }).quantity;
        const id = Number(call.url.split('/')[4]);
        current = cart(
          current.items
            .map((i) =>
              i.id === id
                ? {
                    ...i,
                    quantity,
                    total_price: ((Number(i.product_price) * 100 * quantity) / 100).toFixed(2),
                  }
                : i,
            )
            .filter((i) => i.quantity > 0),
        );
        return jsonResponse(200, { message: 'ok', item: null });
      }
      return undefined;
    });
    renderApp('/cart');
    const input = await screen.findByRole('spinbutton', { name: 'Quantity of Linen Tote' });
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('cart-subtotal').textContent).toBe('$96.50'));
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ quantity: 5 });

    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Cedar Soap' }));
    await waitFor(() => expect(screen.queryByText('Cedar Soap')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)).toMatchObject({
      url: '/api/cart/items/2/',
      body: { quantity: 0 },
    });
    expect(screen.getAllByTestId('cart-brand')).toHaveLength(1);
  });

  it('removes a line with its variant and says so', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let removed = false;
    const { calls } = server(null, (call) => {
      if (call.url === '/api/cart/') {
        const all = twoBrands();
        return jsonResponse(200, removed ? cart(all.items.slice(1)) : all);
      }
      if (call.method === 'DELETE') {
        removed = true;
        return jsonResponse(200, { message: 'Removed from cart' });
      }
      return undefined;
    });
    renderApp('/cart');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove Linen Tote (Large / Oat) from cart' }),
    );
    await waitFor(() => expect(screen.queryByText('Linen Tote')).toBeNull());
    const del = calls.find((c) => c.method === 'DELETE');
    expect(del?.url).toBe('/api/remove-from-cart/7/');
    expect(del?.body).toEqual({ variant_id: 70 });
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(within(toasts).getByText('Removed from cart')).toBeTruthy();
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$6.50');
  });

  it("shows the server's error when removing fails, else 'Failed to remove item.'", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let reply = jsonResponse(404, { error: 'This item is not in your cart.' });
    server(twoBrands(), (call) => (call.method === 'DELETE' ? reply : undefined));
    renderApp('/cart');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Cedar Soap from cart' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This item is not in your cart.');
    expect(screen.getByText('Cedar Soap')).toBeTruthy();

    reply = new Response(null, { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cedar Soap from cart' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(MESSAGES.removeItemFailed),
    );
  });

  it('removing the last line shows the empty cart and still says it was removed', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let removed = false;
    server(null, (call) => {
      if (call.url === '/api/cart/') {
        return removed
          ? jsonResponse(404, { error: MESSAGES.cartEmpty, message: MESSAGES.cartEmpty })
          : jsonResponse(200, cart(twoBrands().items.slice(1)));
      }
      if (call.method === 'DELETE') {
        removed = true;
        return jsonResponse(200, { message: 'Removed from cart' });
      }
      return undefined;
    });
    renderApp('/cart');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Cedar Soap from cart' }));
    expect(await screen.findByRole('link', { name: 'Shop Now' })).toBeTruthy();
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('Removed from cart')).toBeTruthy();
  });

  it('a refused 0 on the last line brings the line back with the message', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(cart(twoBrands().items.slice(1)), (call) =>
      call.method === 'PATCH' ? jsonResponse(409, { error: 'Try again.' }) : undefined,
    );
    renderApp('/cart');
    fireEvent.click(await screen.findByRole('button', { name: 'Decrease quantity of Cedar Soap' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Try again.');
    expect(quantityOf('Cedar Soap')).toBe('1');
  });

  it('marks a line beyond what is left and fixes every one in one click (issue 26)', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const short = cart([
      cartItem({ id: 1, quantity: 3, total_price: '45.00', available_quantity: 1 }),
      { ...cedarSoap(), available_quantity: 0 },
    ]);
    const { calls } = server(short, (call) =>
      call.method === 'PATCH'
        ? jsonResponse(200, { message: 'Quantity updated', item: null })
        : undefined,
    );
    renderApp('/cart');
    const notice = await screen.findByTestId('stock-changed');
    expect(notice.textContent).toContain('Linen Tote: Only 1 left.');
    expect(notice.textContent).toContain('Cedar Soap: This item is sold out.');
    const lines = screen.getAllByTestId('cart-line-short');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Only 1 left.Change to 1',
      'This item is sold out.',
    ]);
    fireEvent.click(within(notice).getByRole('button', { name: 'Update my cart' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.url, c.body])).toEqual([
        ['/api/cart/items/1/', { quantity: 1 }],
        ['/api/cart/items/2/', { quantity: 0 }],
      ]),
    );
  });
});
