import type { CartResponse, ShippingAddress } from '@leafline/contract/cart';
import { MESSAGES } from '@leafline/contract/messages';
import { PROMO_CODE_MESSAGES } from '@leafline/contract/promo-codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { setCartPromoCode } from '@/lib/cart-promo';
import { leaveApp } from '@/lib/leave-app';
import {
  businessShipping,
  type CallOverride,
  cartItem,
  cedarSoap,
  mockCartApi,
} from '@/test/cart-fixtures';
import { jsonResponse } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';

vi.mock('@/lib/leave-app', () => ({ leaveApp: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveApp).mockClear();
});

/** Tote ×2 (variant 70) of Fern & Flax at $5.00 shipping; soap of Moss & Stone ships free over $5. */
function smallCart(): CartResponse {
  return {
    items: [
      cartItem({
        id: 1,
        variant_id: 70,
        variant_option1: 'Large',
        quantity: 2,
        total_price: '30.00',
      }),
      cedarSoap(),
    ],
    item_count: 3,
    subtotal: '36.50',
    total_shipping_fees: '5.00',
    total: '41.50',
    shipping_country: 'US',
    has_shipping_address: false,
    free_shipping_threshold: '75.00',
    free_shipping_applied: false,
    amount_to_free_shipping: '38.50',
    shipping_by_business: [
      businessShipping({ business: 3, subtotal: '30.00' }),
      businessShipping({
        business: 4,
        business_name: 'Moss & Stone',
        subtotal: '6.50',
        base_fee: '4.00',
        shipping_fee: '0.00',
        threshold_free: '5.00',
        free_shipping_reason: 'business_threshold',
      }),
    ],
  };
}

function bigCart(): CartResponse {
  return {
    ...smallCart(),
    items: [cartItem({ id: 1, product_price: '40.00', quantity: 2, total_price: '80.00' })],
    item_count: 2,
    subtotal: '80.00',
    total_shipping_fees: '0.00',
    total: '80.00',
    free_shipping_applied: true,
    amount_to_free_shipping: '0.00',
    shipping_by_business: [
      businessShipping({
        business: 3,
        subtotal: '80.00',
        shipping_fee: '0.00',
        free_shipping_reason: 'marketplace_threshold',
      }),
    ],
  };
}

const savedAddress: ShippingAddress = {
  first_name: 'Robin',
  last_name: 'Fern',
  address_line1: '12 Alder Way',
  address_line2: '',
  city: 'Portland',
  state: 'OR',
  postal_code: '97201',
  country: 'US',
  phone_number: '503-555-0100',
};

/** The cart, the saved address (null: none saved yet), and the test's own answers first. */
function server(
  cart: CartResponse | null,
  address: ShippingAddress | null,
  override: CallOverride = () => undefined,
) {
  return mockCartApi(cart, override, (call) => {
    if (call.url !== '/api/set-shipping-address/' || call.method !== 'GET') return undefined;
    return address
      ? jsonResponse(200, address)
      : jsonResponse(404, { error: 'No shipping address saved yet.' });
  });
}

const placeOrder = () => screen.getByRole('button', { name: 'Place order' }) as HTMLButtonElement;

describe('checkout page', { timeout: 20_000 }, () => {
  it('without a token asks to log in and calls nothing', async () => {
    const { calls } = server(smallCart(), null);
    renderApp('/checkout');
    expect(await screen.findByText('Please log in to check out.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(calls).toHaveLength(0);
  });

  it("says 'Failed to load cart' when the cart fails", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(null, null, (call) =>
      call.url === '/api/cart/' ? jsonResponse(500, { error: 'boom' }) : undefined,
    );
    renderApp('/checkout');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.checkoutLoadCartFailed);
  });

  it('an empty cart offers Shop Now', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(null, null);
    renderApp('/checkout');
    expect((await screen.findByRole('link', { name: 'Shop Now' })).getAttribute('href')).toBe(
      '/shop',
    );
  });

  it('summarises each brand with its shipping, the totals, and the way to free shipping', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(smallCart(), savedAddress);
    renderApp('/checkout');
    const brands = await screen.findAllByTestId('summary-brand');
    expect(brands).toHaveLength(2);
    const first = within(brands[0]!);
    expect(first.getByRole('heading', { name: 'Fern & Flax' })).toBeTruthy();
    expect(first.getByText('Large')).toBeTruthy();
    expect(first.getByText('2 × $15.00')).toBeTruthy();
    expect(first.getByTestId('brand-shipping').textContent).toBe('$5.00');
    const second = within(brands[1]!);
    expect(second.getByTestId('brand-shipping').textContent).toBe('Free');
    expect(second.getByTestId('brand-shipping-reason').textContent).toBe(
      'Moss & Stone ships free from $5.00',
    );
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('$36.50');
    expect(screen.getByTestId('summary-shipping').textContent).toBe('$5.00');
    expect(screen.getByTestId('summary-total').textContent).toBe('$41.50');

    const bar = screen.getByRole('progressbar', { name: 'Progress toward free shipping' });
    expect(bar.getAttribute('aria-valuenow')).toBe('36.5');
    expect(bar.getAttribute('aria-valuemax')).toBe('75');
    expect(screen.getByTestId('free-shipping-text').textContent).toBe(
      '$38.50 away from free shipping',
    );
    expect(screen.getByTestId('saved-address').textContent).toContain('12 Alder Way');
    expect(placeOrder().disabled).toBe(false);
  });

  it('a cart of $75 or more says free shipping is unlocked', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(bigCart(), savedAddress);
    renderApp('/checkout');
    expect((await screen.findByTestId('free-shipping-text')).textContent).toBe(
      'You unlocked free shipping!',
    );
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByTestId('brand-shipping-reason').textContent).toBe(
      'Your order is $75 or more',
    );
    expect(screen.getByTestId('summary-shipping').textContent).toBe('Free');
  });

  it('checks required fields first, then saves the trimmed address and enables checkout', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let saved: ShippingAddress | null = null;
    const { calls } = server(smallCart(), null, (call) => {
      if (call.url === '/api/set-shipping-address/' && call.method === 'POST') {
        saved = call.body as ShippingAddress;
        return jsonResponse(200, { message: 'Shipping address saved.', ...saved });
      }
      return undefined;
    });
    renderApp('/checkout');
    await screen.findByRole('form', { name: 'Shipping address' });
    expect(placeOrder().disabled).toBe(true);
    expect(screen.getByText('Save your shipping address to continue to payment.')).toBeTruthy();
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(Array.from(country.options).map((o) => o.value)).toEqual(['US']);

    fill(screen.getByLabelText('First name'), '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.addressRequiredFields);
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fill(screen.getByLabelText('First name'), ' Robin ');
    fill(screen.getByLabelText('Last name'), 'Fern');
    fill(screen.getByLabelText('Address line 1'), '12 Alder Way ');
    fill(screen.getByLabelText('City'), 'Portland');
    fill(screen.getByLabelText('State'), 'OR');
    fill(screen.getByLabelText('ZIP code'), '97201');
    fill(screen.getByLabelText('Phone number'), '503-555-0100');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText('Shipping address saved.')).toBeTruthy();
    expect(saved).toEqual({ ...savedAddress });
    expect(screen.getByTestId('saved-address').textContent).toContain('Portland, OR 97201');
    expect(placeOrder().disabled).toBe(false);
    // The cart is read again: its shipping is priced for the saved address.
    expect(calls.filter((c) => c.url === '/api/cart/').length).toBeGreaterThanOrEqual(2);
  });

  it('offers the State as a select of the US states, DC and territories, sending the code', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    // A saved address from before the select: its free-text State is not kept as a choice.
    server(smallCart(), { ...savedAddress, state: 'Oregon' });
    renderApp('/checkout');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit address' }));
    const state = screen.getByLabelText('State') as HTMLSelectElement;
    expect(state.tagName).toBe('SELECT');
    const options = Array.from(state.options);
    expect(options).toHaveLength(57);
    expect(options[0]).toMatchObject({ value: '', text: 'Choose…' });
    expect(options.find((o) => o.value === 'PR')?.text).toBe('Puerto Rico');
    expect(options.find((o) => o.value === 'DC')?.text).toBe('District of Columbia');
    expect(state.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.addressRequiredFields);
    expect(state.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(state, { target: { value: 'VI' } });
    expect(state.value).toBe('VI');
  });

  it("shows the server's detail for a refused address, else the generic text", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let reply = jsonResponse(400, {
      error: 'Enter a ZIP code of 5 digits, like 97201 or 97201-1234.',
      detail: 'Enter a ZIP code of 5 digits, like 97201 or 97201-1234.',
      fields: { postal_code: 'Enter a ZIP code of 5 digits, like 97201 or 97201-1234.' },
    });
    server(smallCart(), savedAddress, (call) =>
      call.url === '/api/set-shipping-address/' && call.method === 'POST' ? reply : undefined,
    );
    renderApp('/checkout');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit address' }));
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Portland');
    fill(screen.getByLabelText('ZIP code'), '9720');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter a ZIP code of 5 digits, like 97201 or 97201-1234.',
    );
    expect(screen.getByLabelText('ZIP code').getAttribute('aria-invalid')).toBe('true');

    reply = new Response(null, { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(MESSAGES.addressInvalid),
    );
  });

  it('places the order: sends only product, variant and quantity, shows the overlay, goes to the payment page', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = server(smallCart(), savedAddress, (call) =>
      call.url === '/checkout/'
        ? jsonResponse(200, { checkout_url: 'http://pay.example/s/1', order_ids: [11, 12] })
        : undefined,
    );
    renderApp('/checkout');
    await screen.findAllByTestId('summary-brand');
    fireEvent.click(placeOrder());
    expect(await screen.findByTestId('processing-overlay')).toBeTruthy();
    expect(screen.getByText('Processing your order…')).toBeTruthy();
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('http://pay.example/s/1'));
    const post = calls.find((c) => c.url === '/checkout/');
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({
      items: [
        { product_id: 7, variant_id: 70, quantity: 2 },
        { product_id: 9, variant_id: null, quantity: 1 },
      ],
    });
    // It stays while the browser leaves.
    expect(screen.getByTestId('processing-overlay')).toBeTruthy();
  });

  it("a failed checkout clears the overlay and shows the server's error, else the generic text", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let reply = jsonResponse(409, {
      error: 'Your cart has changed. Please review it and try again.',
    });
    server(smallCart(), savedAddress, (call) => (call.url === '/checkout/' ? reply : undefined));
    renderApp('/checkout');
    await screen.findAllByTestId('summary-brand');
    fireEvent.click(placeOrder());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your cart has changed. Please review it and try again.',
    );
    expect(screen.queryByTestId('processing-overlay')).toBeNull();

    reply = new Response(null, { status: 502 });
    fireEvent.click(placeOrder());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(MESSAGES.checkoutFailed),
    );
    expect(screen.queryByTestId('processing-overlay')).toBeNull();
    expect(leaveApp).not.toHaveBeenCalled();
  });
});

describe('checkout page: the promo code chosen in the cart', { timeout: 20_000 }, () => {
  afterEach(() => setCartPromoCode(null));

  /** 10 % of $36.50 = $3.65: Fern & Flax $3.00, Moss & Stone $0.65. */
  const promoAnswer = {
    message: PROMO_CODE_MESSAGES.applied,
    code: 'LEAF10',
    discount: '3.65',
    total: '37.85',
    discount_by_business: [
      { business: 3, business_name: 'Fern & Flax', discount: '3.00' },
      { business: 4, business_name: 'Moss & Stone', discount: '0.65' },
    ],
  };

  it('shows each brand’s share and the total after it, and sends the code with the order', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    setCartPromoCode('LEAF10');
    const { calls } = server(smallCart(), savedAddress, (call) => {
      if (call.url === '/api/cart/promo/') return jsonResponse(200, promoAnswer);
      if (call.url === '/checkout/') {
        return jsonResponse(200, { checkout_url: '/pay/cs_local_1', order_ids: [11, 12] });
      }
      return undefined;
    });
    renderApp('/checkout');
    expect((await screen.findByTestId('summary-discount')).textContent).toBe('−$3.65');
    expect(screen.getByTestId('summary-total').textContent).toBe('$37.85');
    expect(screen.getAllByTestId('brand-discount').map((d) => d.textContent)).toEqual([
      '−$3.00',
      '−$0.65',
    ]);
    expect(screen.getByText(PROMO_CODE_MESSAGES.carried)).toBeTruthy();

    fireEvent.click(placeOrder());
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('/pay/cs_local_1'));
    expect(calls.find((c) => c.url === '/checkout/')?.body).toEqual({
      items: [
        { product_id: 7, variant_id: 70, quantity: 2 },
        { product_id: 9, variant_id: null, quantity: 1 },
      ],
      promo_code: 'LEAF10',
    });
  });

  it('a code refused at checkout is told and forgotten: the summary shows the total without it', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    setCartPromoCode('LEAF10');
    const { calls } = server(smallCart(), savedAddress, (call) => {
      if (call.url === '/api/cart/promo/') return jsonResponse(200, promoAnswer);
      if (call.url === '/checkout/') {
        return jsonResponse(400, {
          error: PROMO_CODE_MESSAGES.noLongerValid,
          fields: { promo_code: PROMO_CODE_MESSAGES.invalid },
        });
      }
      return undefined;
    });
    renderApp('/checkout');
    await screen.findByTestId('summary-discount');
    fireEvent.click(placeOrder());
    expect((await screen.findByRole('alert')).textContent).toBe(PROMO_CODE_MESSAGES.noLongerValid);
    await waitFor(() => expect(screen.queryByTestId('summary-discount')).toBeNull());
    expect(screen.getByTestId('summary-total').textContent).toBe('$41.50');
    expect(leaveApp).not.toHaveBeenCalled();

    // The next click goes without it.
    fireEvent.click(placeOrder());
    await waitFor(() => expect(calls.filter((c) => c.url === '/checkout/')).toHaveLength(2));
    expect(calls.filter((c) => c.url === '/checkout/')[1]?.body).not.toHaveProperty('promo_code');
  });
});
