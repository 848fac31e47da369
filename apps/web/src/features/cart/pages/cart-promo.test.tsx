import type { CartResponse } from '@leafline/contract/cart';
import {
  type CartPromoResponse,
  PROMO_CODE_SESSION_KEY,
  PROMO_CODE_MESSAGES as T,
} from '@leafline/contract/promo-codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { setCartPromoCode } from '@/lib/cart-promo';
import { businessShipping, cartItem, cedarSoap, mockCartApi } from '@/test/cart-fixtures';
import { jsonResponse, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  setCartPromoCode(null);
  vi.unstubAllGlobals();
});

/** Fern & Flax: a $15.00 tote (ships $5.00); Moss & Stone: a $6.50 soap (ships $4.00). */
const twoBrands = (): CartResponse => ({
  items: [cartItem({ id: 1 }), cedarSoap()],
  item_count: 2,
  subtotal: '21.50',
  total_shipping_fees: '9.00',
  total: '30.50',
  shipping_country: 'US',
  has_shipping_address: true,
  free_shipping_threshold: '75.00',
  free_shipping_applied: false,
  amount_to_free_shipping: '53.50',
  shipping_by_business: [
    businessShipping({ business: 3, subtotal: '15.00' }),
    businessShipping({
      business: 4,
      business_name: 'Moss & Stone',
      subtotal: '6.50',
      base_fee: '4.00',
      shipping_fee: '4.00',
    }),
  ],
});

/** 10 % of $21.50 = $2.15, split 15.00 : 6.50 → $1.50 and $0.65. */
const leaf10: CartPromoResponse = {
  message: T.applied,
  code: 'LEAF10',
  discount: '2.15',
  total: '28.35',
  discount_by_business: [
    { business: 3, business_name: 'Fern & Flax', discount: '1.50' },
    { business: 4, business_name: 'Moss & Stone', discount: '0.65' },
  ],
};

/** The cart, and POST /api/cart/promo/ taking LEAF10 in any case and refusing the rest. */
function server() {
  return mockCartApi(twoBrands(), (call: RecordedCall) => {
    if (call.url !== '/api/cart/promo/') return undefined;
    const code = String((call.body as { code: string }).code);
    if (code.toUpperCase() === 'LEAF10') return jsonResponse(200, leaf10);
    return jsonResponse(400, { error: T.invalid, fields: { code: T.invalid } });
  });
}

const field = () => screen.getByRole('textbox', { name: T.label }) as HTMLInputElement;
const apply = () => fireEvent.click(screen.getByRole('button', { name: T.apply }));

describe('cart page: promo code', { timeout: 20_000 }, () => {
  it('applies a code: each brand’s share, the discount and the total after it, kept for checkout', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = server();
    renderApp('/cart');
    await screen.findAllByTestId('cart-brand');
    fireEvent.change(field(), { target: { value: ' leaf10 ' } });
    apply();

    expect((await screen.findByTestId('cart-promo-code')).textContent).toBe('LEAF10');
    expect(calls.find((c) => c.url === '/api/cart/promo/')).toMatchObject({
      method: 'POST',
      body: { code: 'leaf10' },
    });
    const brands = screen.getAllByTestId('cart-brand');
    expect(within(brands[0]!).getByTestId('cart-brand-discount').textContent).toBe('−$1.50');
    expect(within(brands[0]!).getByText('Promo LEAF10')).toBeTruthy();
    expect(within(brands[1]!).getByTestId('cart-brand-discount').textContent).toBe('−$0.65');
    expect(screen.getByTestId('cart-discount').textContent).toBe('−$2.15');
    expect(screen.getByText(`${T.discount} (LEAF10)`)).toBeTruthy();
    expect(screen.getByTestId('cart-shipping').textContent).toBe('$9.00');
    expect(screen.getByTestId('cart-total').textContent).toBe('$28.35');
    expect(screen.getByRole('status').textContent).toBe(T.applied);
    expect(screen.getByText(T.carried)).toBeTruthy();
    expect(window.sessionStorage.getItem(PROMO_CODE_SESSION_KEY)).toBe('LEAF10');
    expect(screen.queryByRole('textbox', { name: T.label })).toBeNull();
  });

  it('shows a refused code next to the field, names it there, and keeps nothing', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server();
    renderApp('/cart');
    await screen.findAllByTestId('cart-brand');
    fireEvent.change(field(), { target: { value: 'NOPE' } });
    apply();

    const error = await screen.findByText(T.invalid);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toBe(error.id);
    expect(window.sessionStorage.getItem(PROMO_CODE_SESSION_KEY)).toBeNull();
    expect(screen.queryByTestId('cart-discount')).toBeNull();
    expect(screen.queryAllByTestId('cart-brand-discount')).toEqual([]);

    // Typing again clears the message.
    fireEvent.change(field(), { target: { value: 'NOPE2' } });
    expect(screen.queryByText(T.invalid)).toBeNull();
    expect(field().getAttribute('aria-invalid')).toBeNull();
  });

  it('asks for a code before calling the server', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = server();
    renderApp('/cart');
    await screen.findAllByTestId('cart-brand');
    apply();
    expect((await screen.findByText(T.required)).id).toBe(field().getAttribute('aria-describedby'));
    expect(calls.some((c) => c.url === '/api/cart/promo/')).toBe(false);
  });

  it('keeps the code while the shopper stays, and Remove takes it off', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    setCartPromoCode('LEAF10');
    server();
    renderApp('/cart');
    expect((await screen.findByTestId('cart-total')).textContent).toBe('$28.35');
    expect(screen.getAllByTestId('cart-brand-discount').map((d) => d.textContent)).toEqual([
      '−$1.50',
      '−$0.65',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove promo code LEAF10' }));
    await waitFor(() => expect(screen.queryByTestId('cart-discount')).toBeNull());
    expect(screen.queryAllByTestId('cart-brand-discount')).toEqual([]);
    expect(field().value).toBe('');
    expect(screen.getByRole('status').textContent).toBe(T.removed);
    expect(window.sessionStorage.getItem(PROMO_CODE_SESSION_KEY)).toBeNull();
  });

  it('a kept code that stopped working says so next to Remove', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    setCartPromoCode('OLDCODE');
    server();
    renderApp('/cart');
    const error = await screen.findByText(T.invalid);
    const remove = screen.getByRole('button', { name: 'Remove promo code OLDCODE' });
    expect(remove.getAttribute('aria-describedby')).toBe(error.id);
    expect(screen.queryByTestId('cart-discount')).toBeNull();
  });
});
