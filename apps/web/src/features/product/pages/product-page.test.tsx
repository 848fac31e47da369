import type { ProductDetail, ProductVariant } from '@leafline/contract/catalog';
import { PRODUCT_LOGIN_REDIRECT_MS } from '@leafline/contract/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { PRODUCT_TEXTS } from '../lib/product-texts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function variant(id: number, option1: string, extra: Partial<ProductVariant> = {}): ProductVariant {
  return {
    id,
    option1,
    option2: null,
    price: '15.00',
    compare_at_price: null,
    image: null,
    images: [],
    deleted: false,
    stock: null,
    ...extra,
  };
}

function product(extra: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 7,
    name: 'Linen Tote',
    description: 'A roomy tote.\n\nWoven from flax.',
    price: '15.00',
    compare_at_price: null,
    condition: 'new',
    category: 'Eco-Friendly Business',
    product_category: 'Accessories',
    images: [
      { id: 1, image: '/media/products/tote-front.webp', alt_text: 'Tote, front' },
      { id: 2, image: '/media/products/tote-side.webp', alt_text: 'Tote, side' },
    ],
    primary_image: '/media/products/tote-front.webp',
    business: 3,
    business_name: 'Fern & Flax',
    option_names: [],
    variants: [],
    stock: null,
    sold_out: false,
    rating_average: null,
    rating_count: 0,
    ...extra,
  };
}

function summary(id: number, name: string) {
  return {
    id,
    name,
    price: '9.00',
    business: 3,
    business_name: 'Fern & Flax',
    condition: 'new' as const,
    primary_image: null,
    product_category: 'Accessories',
    stock: null,
    sold_out: false,
    rating_average: null,
    rating_count: 0,
  };
}

type Override = (call: RecordedCall) => Response | undefined;

function server(detail: ProductDetail | null, override: Override = () => undefined) {
  return mockFetch((call) => {
    const answer = override(call);
    if (answer) return answer;
    if (detail && call.url.startsWith(`/api/products/${detail.id}/reviews/?`)) {
      // The Reviews section (issue 27; its own tests are in features/reviews): none yet.
      return jsonResponse(200, {
        count: 0,
        next: null,
        previous: null,
        results: [],
        summary: { average: null, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
      });
    }
    if (call.url.startsWith('/api/products/')) {
      return detail && call.url === `/api/products/${detail.id}/`
        ? jsonResponse(200, detail)
        : jsonResponse(404, { error: 'Product not found' });
    }
    if (call.url.startsWith('/api/products-by-business/3/')) {
      return jsonResponse(200, {
        results: [
          summary(7, 'Linen Tote'),
          summary(8, 'Hemp Cap'),
          summary(9, 'Cork Wallet'),
          summary(10, 'Wool Socks'),
          summary(11, 'Bamboo Comb'),
        ],
        count: 5,
        next: null,
        previous: null,
      });
    }
    return jsonResponse(404, { error: 'Not found.' });
  });
}

const mainImage = () => {
  const images = screen.getAllByRole('img') as HTMLImageElement[];
  const main = images.find((img) => img.getAttribute('fetchpriority') === 'high');
  if (!main) throw new Error('no main image');
  return main;
};

describe('product page', { timeout: 20_000 }, () => {
  it('shows name, price, condition, business link, description; title is the name', async () => {
    server(product({ condition: 'second_hand' }));
    renderApp('/shop/products/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Linen Tote' })).toBeTruthy();
    expect(screen.getByTestId('product-price').textContent).toBe('$15.00');
    expect(screen.getByText('Secondhand')).toBeTruthy();
    const storeLinks = screen.getAllByRole('link', { name: 'Fern & Flax' });
    expect(storeLinks.every((a) => a.getAttribute('href') === '/businessproducts/3')).toBe(true);
    expect(screen.getByText('Woven from flax.')).toBeTruthy();
    expect(document.title).toMatch(/^Linen Tote/);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('thumbnails switch the main image and mark the current one', async () => {
    server(product());
    renderApp('/shop/products/7');
    const side = await screen.findByRole('button', { name: /Show image 2 of 2: Tote, side/ });
    expect(mainImage().getAttribute('src')).toBe('/media/products/tote-front.webp');
    expect(side.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(side);
    expect(mainImage().getAttribute('src')).toBe('/media/products/tote-side.webp');
    expect(mainImage().getAttribute('alt')).toBe('Tote, side');
    expect(side.getAttribute('aria-pressed')).toBe('true');
  });

  it('offers a radio group for 9 values, named by the option, the first one picked', async () => {
    const variants = Array.from({ length: 9 }, (_, i) => variant(100 + i, `Size ${i + 1}`));
    server(product({ variants, option_names: ['Size'] }));
    renderApp('/shop/products/7');
    const group = await screen.findByRole('group', { name: 'Size' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(9);
    expect(within(group).getByRole('radio', { name: 'Size 1' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('offers one control per option, not one of combinations like "XS / Ecru"', async () => {
    // Size × Color, and XL comes in Forest only.
    const variants = [
      variant(100, 'XS', { option2: 'Ecru' }),
      variant(101, 'XS', { option2: 'Forest' }),
      variant(102, 'M', { option2: 'Ecru' }),
      variant(103, 'M', { option2: 'Forest', price: '19.00' }),
      variant(104, 'XL', { option2: 'Forest' }),
    ];
    const { calls } = server(product({ variants, option_names: ['Size', 'Color'] }));
    setTokens({ access: 'acc', refresh: 'ref' });
    renderApp('/shop/products/7');
    const size = await screen.findByRole('group', { name: 'Size' });
    const color = screen.getByRole('group', { name: 'Color' });
    expect(
      within(size)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['XS', 'M', 'XL']);
    expect(
      within(color)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['Ecru', 'Forest']);
    expect(screen.queryByRole('radio', { name: 'XS / Ecru' })).toBeNull();

    // M keeps the colour; Forest then picks the M / Forest variant and its price.
    fireEvent.click(within(size).getByRole('radio', { name: 'M' }));
    fireEvent.click(within(color).getByRole('radio', { name: 'Forest' }));
    expect(screen.getByTestId('product-price').textContent).toBe('$19.00');

    // XL exists in Forest only: Ecru cannot be chosen with it.
    fireEvent.click(within(size).getByRole('radio', { name: 'XL' }));
    expect(within(color).getByRole('radio', { name: 'Ecru' })).toHaveProperty('disabled', true);
    expect(within(color).getByRole('radio', { name: 'Forest' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/add-to-cart/7/')?.body).toEqual({ variant_id: 104 }),
    );
  });

  it('offers a dropdown labelled by the option above 9 values', async () => {
    const variants = Array.from({ length: 10 }, (_, i) => variant(100 + i, `Scent ${i + 1}`));
    server(product({ variants, option_names: ['Scent'] }));
    renderApp('/shop/products/7');
    const select = (await screen.findByLabelText('Scent')) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(within(select).getAllByRole('option')).toHaveLength(10);
    expect(select.value).toBe('Scent 1');
    expect(screen.queryByRole('group', { name: 'Scent' })).toBeNull();
  });

  it('picking a variant changes the price and, with its own images, the gallery', async () => {
    const variants = [
      variant(100, 'Small'),
      variant(101, 'Large', {
        price: '22.50',
        image: '/media/products/tote-large.webp',
        images: [{ id: 9, image: '/media/products/tote-large.webp', alt_text: 'Large tote' }],
      }),
    ];
    server(product({ variants }));
    renderApp('/shop/products/7');
    fireEvent.click(await screen.findByRole('radio', { name: 'Large' }));
    expect(screen.getByTestId('product-price').textContent).toBe('$22.50');
    expect(mainImage().getAttribute('src')).toBe('/media/products/tote-large.webp');
    // The product's own pictures stay reachable after the variant's.
    expect(screen.getAllByRole('button', { name: /^Show image/ })).toHaveLength(3);
    fireEvent.click(screen.getByRole('radio', { name: 'Small' }));
    expect(screen.getByTestId('product-price').textContent).toBe('$15.00');
    expect(mainImage().getAttribute('src')).toBe('/media/products/tote-front.webp');
  });

  it('strikes through the picked variant’s former price, and none where it has none (issue 29)', async () => {
    const variants = [
      variant(100, 'Small', { compare_at_price: '20.00' }),
      variant(101, 'Large', { price: '22.50' }),
    ];
    server(product({ variants, compare_at_price: '20.00' }));
    renderApp('/shop/products/7');
    const was = await screen.findByTestId('product-compare-at');
    expect(was.tagName).toBe('S');
    expect(was.textContent).toBe('$20.00');
    // Read as "Was $20.00" beside the price, which itself stays the price alone.
    expect(was.parentElement!.textContent).toBe(`${PRODUCT_TEXTS.compareAt}$20.00`);
    expect(screen.getByTestId('product-price').textContent).toBe('$15.00');
    fireEvent.click(screen.getByRole('radio', { name: 'Large' }));
    expect(screen.getByTestId('product-price').textContent).toBe('$22.50');
    expect(screen.queryByTestId('product-compare-at')).toBeNull();
  });

  it('picking Navy shows the Navy photos, leaving out the Sage one (docs/decisions/0024)', async () => {
    const front = { id: 1, image: '/media/products/hoodie-front.webp', alt_text: 'Hoodie' };
    const navy = {
      id: 2,
      image: '/media/products/hoodie-navy.webp',
      alt_text: '',
      option1: 'Navy',
    };
    const sage = {
      id: 3,
      image: '/media/products/hoodie-sage.webp',
      alt_text: '',
      option1: 'Sage',
    };
    const tiedTo = (photo: typeof navy) => ({ image: photo.image, images: [photo] });
    server(
      product({
        images: [front, navy, sage],
        option_names: ['Colour'],
        variants: [variant(100, 'Sage', tiedTo(sage)), variant(101, 'Navy', tiedTo(navy))],
      }),
    );
    renderApp('/shop/products/7');
    await screen.findByRole('radio', { name: 'Sage' });
    expect(mainImage().getAttribute('src')).toBe(sage.image);
    fireEvent.click(screen.getByRole('radio', { name: 'Navy' }));
    expect(mainImage().getAttribute('src')).toBe(navy.image);
    const thumbs = screen.getAllByRole('button', { name: /^Show image/ });
    expect(thumbs.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Show image 1 of 2: Linen Tote',
      'Show image 2 of 2: Hoodie',
    ]);
  });

  it('the dropdown also changes the price', async () => {
    const variants = Array.from({ length: 12 }, (_, i) =>
      variant(100 + i, `Scent ${i + 1}`, { price: `${10 + i}.00` }),
    );
    server(product({ variants }));
    renderApp('/shop/products/7');
    const select = await screen.findByLabelText('Options');
    expect(screen.getByTestId('product-price').textContent).toBe('$10.00');
    fireEvent.change(select, { target: { value: 'Scent 6' } });
    expect(screen.getByTestId('product-price').textContent).toBe('$15.00');
  });

  it('logged out: Add to Cart asks to log in, stores the redirect and goes to /login after 3 s', async () => {
    const { calls } = server(product());
    const { router } = renderApp('/shop/products/7');
    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(add);
    expect(screen.getByText('You must be logged in to add items to your cart')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login Now' })).toBeTruthy();
    expect(window.localStorage.getItem('product_redirect')).toBe('/shop/products/7');
    expect(calls.some((c) => c.url.startsWith('/add-to-cart/'))).toBe(false);

    await act(async () => {
      vi.advanceTimersByTime(PRODUCT_LOGIN_REDIRECT_MS - 1);
    });
    expect(router.state.location.pathname).toBe('/shop/products/7');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('logged out: Login Now goes to /login at once', async () => {
    server(product());
    const { router } = renderApp('/shop/products/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Login Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('logged in: posts the picked variant and shows the server error as a toast', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = server(product({ variants: [variant(100, 'Small'), variant(101, 'Large')] }));
    renderApp('/shop/products/7');
    fireEvent.click(await screen.findByRole('radio', { name: 'Large' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('Not found.')).toBeTruthy();
    const post = calls.find((c) => c.url === '/add-to-cart/7/');
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({ variant_id: 101 });
  });

  it('logged in: a successful add says so, links to the cart and updates its count', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let inCart = 0;
    const { calls } = server(product(), (call) => {
      if (call.url === '/add-to-cart/7/') {
        inCart += 1;
        return jsonResponse(200, { message: 'Added to cart' });
      }
      if (call.url === '/api/cart/') {
        return inCart === 0
          ? jsonResponse(404, { error: 'Cart is empty', message: 'Cart is empty' })
          : jsonResponse(200, { items: [{ id: 1 }], item_count: inCart });
      }
      return undefined;
    });
    renderApp('/shop/products/7');
    const header = within(screen.getByRole('banner'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('Added to your cart!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    expect(calls.find((c) => c.url === '/add-to-cart/7/')?.body).toEqual({ variant_id: null });
    // The header's count is read again after the add.
    expect(await header.findByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    expect(header.getByTestId('cart-count').textContent).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await header.findByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();
  });

  it('shows up to 3 other products of the business and a View All Products card', async () => {
    server(product());
    renderApp('/shop/products/7');
    const section = (await screen.findByRole('heading', { name: 'More from Fern & Flax' }))
      .parentElement?.parentElement as HTMLElement;
    await within(section).findByRole('link', { name: 'Hemp Cap' });
    const names = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Hemp Cap', 'Cork Wallet', 'Wool Socks']);
    expect(
      within(section)
        .getByRole('link', { name: /View All Products/ })
        .getAttribute('href'),
    ).toBe('/shop');
  });

  it("says 'Product not found' for an unknown id, with a way back to the shop", async () => {
    server(null);
    renderApp('/shop/products/999999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Product not found' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe(
      '/shop',
    );
  });

  it("says 'Product not found' for a non-numeric id without asking the server", async () => {
    const { calls } = server(null);
    renderApp('/shop/products/abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Product not found' }),
    ).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/products/'))).toHaveLength(0);
  });
});

describe('stock (issue 26)', () => {
  it('a sold-out product says so and cannot be added; a few left says how many', async () => {
    server(product({ stock: 0, sold_out: true }));
    renderApp('/shop/products/7');
    const button = await screen.findByRole('button', { name: 'Sold out' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it('says "Only 3 left" at five or fewer', async () => {
    server(product({ stock: 3 }));
    renderApp('/shop/products/7');
    expect(await screen.findByText('Only 3 left')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('says nothing of the count above five', async () => {
    server(product({ stock: 6 }));
    renderApp('/shop/products/7');
    await screen.findByRole('button', { name: 'Add to Cart' });
    expect(screen.queryByText(/ left$/)).toBeNull();
  });

  it('starts on a variant that can be bought, and a sold-out one cannot be picked', async () => {
    server(
      product({
        option_names: ['Colour'],
        stock: 2,
        variants: [variant(21, 'Indigo', { stock: 0 }), variant(22, 'Rust', { stock: 2 })],
      }),
    );
    renderApp('/shop/products/7');
    const rust = await screen.findByRole('radio', { name: 'Rust' });
    expect((rust as HTMLInputElement).checked).toBe(true);
    const indigo = screen.getByRole('radio', { name: /^Indigo/ }) as HTMLInputElement;
    expect(indigo.closest('label')?.textContent).toBe('Indigo (sold out)');
    expect(indigo.disabled).toBe(true);
    expect(screen.getByText('Only 2 left')).toBeTruthy();
  });
});
