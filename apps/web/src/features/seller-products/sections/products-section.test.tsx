import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { TOTAL_COUNT_HEADER } from '@leafline/contract/constants';
import {
  PRODUCT_BULK_MESSAGES,
  PRODUCT_MESSAGES,
  type SellerProduct,
} from '@leafline/contract/seller-products';
import { STOCK_MESSAGES } from '@leafline/contract/stock';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cachedProductsFor,
  DEFAULT_SHOP_FILTERS,
  readShopFilters,
  writeShopFilters,
  writeShopProducts,
} from '@/lib/shop-cache';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fill } from '@/test/render-app';
import { renderSection, sellerProduct } from '@/test/seller-fixtures';
import { SELLER_PRODUCTS_TEXTS } from '../lib/seller-products-texts';
import { ProductsSection } from './products-section';

afterEach(() => vi.unstubAllGlobals());

const png = (name: string) => new File([`bytes of ${name}`], name, { type: 'image/png' });

const soap = sellerProduct({
  id: 8,
  name: 'Cedar Soap',
  price: '6.50',
  product_category: 'Hygiene',
  images: [],
  primary_image: null,
  option_names: [],
  variants: [],
  stock: 0,
  sold_out: true,
  reserved: 0,
});

type Override = (call: RecordedCall) => Response | undefined;

function server(
  products: SellerProduct[] = [sellerProduct(), soap],
  total = products.length,
  override: Override = () => undefined,
) {
  return mockFetch((call) => {
    const answer = override(call);
    if (answer) return answer;
    if (call.url.startsWith('/api/business/products/3/') && call.method === 'GET') {
      return jsonResponse(200, products, { [TOTAL_COUNT_HEADER]: String(total) });
    }
    return jsonResponse(404, { error: 'Not found' });
  });
}

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/business/products/'));

function entries(form: FormData): [string, string][] {
  return [...form.entries()].map(([key, value]) => [
    key,
    typeof value === 'string' ? value : `File:${value.name}`,
  ]);
}

/** The products section with Linen Tote's edit open; `answer` answers its PUT. */
async function openEdit(answer: () => Response) {
  const mocked = server(undefined, undefined, (call) =>
    call.method === 'PUT' ? answer() : undefined,
  );
  renderSection(<ProductsSection businessId={3} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Linen Tote' }));
  return mocked;
}

describe('ProductsSection', () => {
  it("lists the business's products with picture, name, price, category and variants", async () => {
    const { calls } = server();
    renderSection(<ProductsSection businessId={3} />);
    const rows = await screen.findAllByTestId('product-row');
    expect(calls[0]!.url).toBe('/api/business/products/3/?page=1');
    expect(rows).toHaveLength(2);
    const tote = within(rows[0]!);
    expect(tote.getByRole('heading', { name: 'Linen Tote' })).toBeTruthy();
    expect(tote.getByTestId('product-price').textContent).toBe('$15.00');
    expect(tote.getByTestId('product-category').textContent).toContain('Accessories');
    expect(tote.getByTestId('product-variants').textContent).toBe('2');
    expect(rows[0]!.querySelector('img')!.getAttribute('src')).toBe(
      '/media/products/tote-front.webp',
    );
    const soapRow = within(rows[1]!);
    expect(soapRow.getByTestId('product-price').textContent).toBe('$6.50');
    expect(soapRow.getByTestId('product-variants').textContent).toBe('0');
    expect(soapRow.getByText('No Image')).toBeTruthy();
    // Two products: one page, no pager.
    expect(screen.queryByRole('navigation', { name: 'Products pages' })).toBeNull();
  });

  it('pages with the X-Total-Count header', async () => {
    const { calls } = server([sellerProduct()], 120);
    renderSection(<ProductsSection businessId={3} />);
    const pager = await screen.findByRole('navigation', { name: 'Products pages' });
    // 120 products at 50 a page: 3 pages.
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(within(pager).queryByRole('button', { name: 'Page 4' })).toBeNull();
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.url).toBe('/api/business/products/3/?page=2'),
    );
  });

  it("shows the server's error when the list fails, and clears the list", async () => {
    let fail = false;
    server([sellerProduct()], 120, (call) =>
      fail && call.url.includes('page=2')
        ? jsonResponse(503, { error: 'The catalogue is being updated.' })
        : undefined,
    );
    renderSection(<ProductsSection businessId={3} />);
    await screen.findAllByTestId('product-row');
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('The catalogue is being updated.')).toBeTruthy();
    expect(screen.queryAllByTestId('product-row')).toHaveLength(0);
  });

  it("says 'Something went wrong while fetching products' without a server message", async () => {
    mockFetch(() => new Response('bad gateway', { status: 502 }));
    renderSection(<ProductsSection businessId={3} />);
    expect(await screen.findByText(BUSINESS_MESSAGES.productsFailed)).toBeTruthy();
  });

  it('points an empty list to the add section', async () => {
    server([], 0);
    renderSection(<ProductsSection businessId={3} />, '/dashboard/products');
    expect(await screen.findByText('No products yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a product' }).getAttribute('href')).toBe(
      '/dashboard/add',
    );
  });

  it('deletes a product only after the confirmation', async () => {
    const { calls } = server(undefined, undefined, (call) =>
      call.method === 'DELETE'
        ? jsonResponse(200, { message: PRODUCT_MESSAGES.deleted })
        : undefined,
    );
    renderSection(<ProductsSection businessId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Cedar Soap' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    expect(dialog.textContent).toContain('Cedar Soap');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Delete product?' })).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Cedar Soap' }));
    dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.deleted)).toBeTruthy();
    const deletes = calls.filter((call) => call.method === 'DELETE');
    expect(deletes.map((call) => call.url)).toEqual(['/api/products/8/delete/']);
    // The list is fetched again.
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(screen.queryByRole('dialog', { name: 'Delete product?' })).toBeNull();
  });

  it("forgets this browser's saved shop page after a delete, so the shop no longer lists it", async () => {
    server(undefined, undefined, (call) =>
      call.method === 'DELETE'
        ? jsonResponse(200, { message: PRODUCT_MESSAGES.deleted })
        : undefined,
    );
    writeShopFilters({ ...DEFAULT_SHOP_FILTERS, searchTerm: 'cedar' });
    writeShopProducts({
      products: [
        {
          id: 8,
          name: 'Cedar Soap',
          price: '6.50',
          business: 3,
          condition: 'new',
          primary_image: null,
        },
      ],
      businessNames: { '3': 'Fern Studio' },
      totalProducts: 1,
      nextPageUrl: null,
      prevPageUrl: null,
      currentPage: 1,
      appliedFilters: { ...DEFAULT_SHOP_FILTERS, searchTerm: 'cedar' },
    });
    expect(cachedProductsFor({ ...DEFAULT_SHOP_FILTERS, searchTerm: 'cedar' })).not.toBeNull();
    renderSection(<ProductsSection businessId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Cedar Soap' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.deleted)).toBeTruthy();
    expect(cachedProductsFor({ ...DEFAULT_SHOP_FILTERS, searchTerm: 'cedar' })).toBeNull();
    // The shopper's filters stay as they were.
    expect(readShopFilters()?.searchTerm).toBe('cedar');
  });

  it("keeps the confirmation open with the server's reason when a delete fails", async () => {
    server(undefined, undefined, (call) =>
      call.method === 'DELETE' ? jsonResponse(404, { error: 'Product not found' }) : undefined,
    );
    renderSection(<ProductsSection businessId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Cedar Soap' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Product not found');
  });

  it('edits in a modal: the same form, filled, sent as the §7 multipart with PUT', async () => {
    const { calls } = await openEdit(() =>
      jsonResponse(200, { message: PRODUCT_MESSAGES.saved, product: sellerProduct() }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit product' });
    const inDialog = within(dialog);
    const input = (label: string) => inDialog.getByLabelText(label) as HTMLInputElement;
    expect(input('Name').value).toBe('Linen Tote');
    expect(document.activeElement).toBe(input('Name'));
    expect(input('Price').value).toBe('15.00');
    expect(input('Product category').value).toBe('Accessories');
    expect(input('Option 1 name').value).toBe('Size');
    expect(input('Size (variant 1)').value).toBe('Small');
    // A variant at the product's price follows it; one with its own price keeps it.
    expect(input('Price (variant 1)').value).toBe('');
    expect(input('Price (variant 2)').value).toBe('19.50');
    // Issue 26: each variant's count, empty when not counted; no count of the product's own.
    expect(input('Stock (variant 1)').value).toBe('3');
    expect(input('Stock (variant 2)').value).toBe('');
    expect(inDialog.queryByLabelText('Stock')).toBeNull();
    expect(inDialog.getByRole('img', { name: 'Tote, back' })).toBeTruthy();

    fill(input('Name'), 'Linen Tote Bag');
    // Product pictures: drop the back, keep the front, add a new one.
    fireEvent.click(inDialog.getByRole('button', { name: 'Remove picture 2 of product images' }));
    fireEvent.change(input('Add product images'), { target: { files: [png('side.png')] } });
    // Variant 1 loses its only picture; variant 2 gets one; a third variant is added.
    fireEvent.click(
      inDialog.getByRole('button', { name: 'Remove picture 1 of images of variant 1' }),
    );
    fireEvent.change(input('Add images of variant 2'), { target: { files: [png('large.png')] } });
    fireEvent.click(inDialog.getByRole('button', { name: 'Add variant' }));
    fill(input('Size (variant 3)'), 'Medium');

    fireEvent.click(inDialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.saved)).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('/api/products/7/edit/');
    expect(entries(put.body as FormData)).toEqual([
      ['name', 'Linen Tote Bag'],
      ['description', 'A sturdy tote of undyed linen.'],
      ['price', '15.00'],
      ['compare_at_price', ''],
      // With variant rows the codes are theirs.
      ['sku', ''],
      ['status', 'active'],
      ['condition', 'new'],
      ['category', 'Eco-Friendly Business'],
      ['product_category', 'Accessories'],
      ['images[0].image', 'File:side.png'],
      ['existingImages[0]', '/media/products/tote-front.webp'],
      // Tied to no option value: shown for every variant (decision 0024).
      ['existingImages[0].option1', ''],
      ['option_names[0]', 'Size'],
      ['option_names[1]', 'Colour'],
      ['variants[0].option1', 'Small'],
      ['variants[0].option2', 'Ecru'],
      ['variants[0].price', ''],
      ['variants[0].compare_at_price', ''],
      ['variants[0].sku', ''],
      ['variants[0].stock', '3'],
      ['variants[0].id', '701'],
      ['variants[0].clear_images', 'true'],
      ['variants[1].option1', 'Large'],
      ['variants[1].option2', ''],
      ['variants[1].price', '19.50'],
      ['variants[1].compare_at_price', ''],
      ['variants[1].sku', ''],
      ['variants[1].stock', ''],
      ['variants[1].id', '702'],
      ['variants[1].images[0].image', 'File:large.png'],
      ['variants[2].option1', 'Medium'],
      ['variants[2].option2', ''],
      ['variants[2].price', ''],
      ['variants[2].compare_at_price', ''],
      ['variants[2].sku', ''],
      ['variants[2].stock', ''],
    ]);
    // Saved: the modal closes and the list is fetched again.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit product' })).toBeNull());
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('sends clear_images when every product picture was removed, and drops a removed variant', async () => {
    const { calls } = await openEdit(() =>
      jsonResponse(200, { message: PRODUCT_MESSAGES.saved, product: sellerProduct() }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Edit product' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove picture 2 of product images' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove picture 1 of product images' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove variant 2' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const form = calls.find((call) => call.method === 'PUT')!.body as FormData;
    expect(form.get('clear_images')).toBe('true');
    expect(form.getAll('existingImages[0]')).toEqual([]);
    expect(form.get('variants[0].id')).toBe('701');
    expect(form.get('variants[0].existingImages[0]')).toBe('/media/products/tote-small.webp');
    expect(form.has('variants[0].clear_images')).toBe(false);
    expect([...form.keys()].some((key) => key.startsWith('variants[1]'))).toBe(false);
  });

  it('keeps the modal open with the reason when the edit fails', async () => {
    await openEdit(() => jsonResponse(400, { error: PRODUCT_MESSAGES.unknownVariant }));
    const dialog = screen.getByRole('dialog', { name: 'Edit product' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      PRODUCT_MESSAGES.unknownVariant,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Edit product' })).toBeNull();
  });

  describe('stock (issue 26)', () => {
    const wrap = sellerProduct({
      id: 9,
      name: 'Beeswax Wrap',
      images: [],
      primary_image: null,
      option_names: [],
      variants: [],
      stock: 7,
      reserved: 2,
    });
    const stockOf = (name: string) =>
      within(screen.getByRole('heading', { name }).closest('li')!).getByTestId('product-stock')
        .textContent;

    /** A stock PATCH's answer: its status and body (a saved product when it is 200). */
    type StockAnswer = {
      status: number;
      body: { message?: string; error?: string; product?: SellerProduct };
    };

    /**
     * The list of `products`, kept by the server: a stock PATCH answers `patch(call)` and,
     * when that saved, the list gives the saved product from then on.
     */
    function stockServer(
      products: SellerProduct[],
      patch: (call: RecordedCall) => StockAnswer = (call) => {
        const id = Number(/products\/(\d+)\/stock/.exec(call.url)![1]);
        const body = call.body as { stock?: number | null };
        const product = { ...products.find((p) => p.id === id)!, stock: body.stock ?? null };
        return { status: 200, body: { message: PRODUCT_MESSAGES.stockSaved, product } };
      },
    ) {
      let list = products;
      return server(products, products.length, (call) => {
        if (call.method === 'PATCH') {
          const { status, body } = patch(call);
          const saved = body.product;
          if (saved) list = list.map((p) => (p.id === saved.id ? saved : p));
          return jsonResponse(status, body);
        }
        if (call.method === 'GET' && call.url.startsWith('/api/business/products/3/')) {
          return jsonResponse(200, list, { [TOTAL_COUNT_HEADER]: String(list.length) });
        }
        return undefined;
      });
    }

    it("shows each product's count: not counted, sold out, in stock with what checkouts hold", async () => {
      server([sellerProduct(), soap, wrap]);
      renderSection(<ProductsSection businessId={3} />);
      await screen.findAllByTestId('product-row');
      expect(stockOf('Cedar Soap')).toBe(STOCK_MESSAGES.soldOut);
      expect(stockOf('Beeswax Wrap')).toBe('7 in stock (2 in checkouts)');
      // With variants: each one's, compactly.
      expect(stockOf('Linen Tote')).toBe(
        'Small / Ecru: 3 in stock (1 in checkouts)Large: Not counted',
      );
    });

    it('edits the count in the row: PATCHes it, shows the saved count and says so', async () => {
      const { calls } = stockServer([sellerProduct(), soap]);
      renderSection(<ProductsSection businessId={3} />);
      const open = await screen.findByRole('button', { name: 'Edit stock of Cedar Soap' });
      fireEvent.click(open);
      const form = screen.getByRole('form', { name: 'Stock of Cedar Soap' });
      const count = within(form).getByLabelText('Stock of Cedar Soap') as HTMLInputElement;
      expect(count.value).toBe('0');
      expect(document.activeElement).toBe(count);
      fill(count, '5');
      fireEvent.click(within(form).getByRole('button', { name: 'Save stock of Cedar Soap' }));
      expect(await screen.findByText(PRODUCT_MESSAGES.stockSaved)).toBeTruthy();
      const patch = calls.find((call) => call.method === 'PATCH')!;
      expect(patch.url).toBe('/api/products/8/stock/');
      expect(patch.body).toEqual({ stock: 5 });
      await waitFor(() =>
        expect(screen.queryByRole('form', { name: 'Stock of Cedar Soap' })).toBeNull(),
      );
      expect(stockOf('Cedar Soap')).toBe('5 in stock');
      // The list is read again (a product may leave the Low stock view), focus is back.
      await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
      expect(stockOf('Cedar Soap')).toBe('5 in stock');
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Edit stock of Cedar Soap' }),
      );
    });

    it("sends only the variants' counts that changed; empty is not counted", async () => {
      const { calls } = stockServer([sellerProduct(), soap], () => ({
        status: 200,
        body: {
          message: PRODUCT_MESSAGES.stockSaved,
          product: sellerProduct({
            reserved: 0,
            variants: sellerProduct().variants.map((v) => ({ ...v, stock: null, reserved: 0 })),
          }),
        },
      }));
      renderSection(<ProductsSection businessId={3} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Edit stock of Linen Tote' }));
      const form = within(screen.getByRole('form', { name: 'Stock of Linen Tote' }));
      expect((form.getByLabelText('Large') as HTMLInputElement).value).toBe('');
      fill(form.getByLabelText('Small / Ecru'), '');
      fireEvent.click(form.getByRole('button', { name: 'Save stock of Linen Tote' }));
      await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
      expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({
        variants: [{ id: 701, stock: null }],
      });
      await waitFor(() =>
        expect(stockOf('Linen Tote')).toBe('Small / Ecru: Not countedLarge: Not counted'),
      );
    });

    it("refuses a count that is not a whole number, and shows the server's refusal", async () => {
      const { calls } = stockServer([sellerProduct(), soap], () => ({
        status: 400,
        body: { error: PRODUCT_MESSAGES.unknownVariant },
      }));
      renderSection(<ProductsSection businessId={3} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Edit stock of Cedar Soap' }));
      const form = within(screen.getByRole('form', { name: 'Stock of Cedar Soap' }));
      const count = form.getByLabelText('Stock of Cedar Soap');
      fill(count, '-1');
      fireEvent.click(form.getByRole('button', { name: 'Save stock of Cedar Soap' }));
      await waitFor(() => expect(count.getAttribute('aria-invalid')).toBe('true'));
      const described = count
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(STOCK_MESSAGES.stock);
      expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

      fill(count, '2');
      fireEvent.click(form.getByRole('button', { name: 'Save stock of Cedar Soap' }));
      expect((await form.findByRole('alert')).textContent).toBe(PRODUCT_MESSAGES.unknownVariant);
      expect(count.getAttribute('aria-invalid')).toBeNull();
      // Cancel closes it without a word to the server.
      fireEvent.click(form.getByRole('button', { name: 'Cancel stock edit of Cedar Soap' }));
      expect(screen.queryByRole('form', { name: 'Stock of Cedar Soap' })).toBeNull();
      expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
      expect(stockOf('Cedar Soap')).toBe(STOCK_MESSAGES.soldOut);
    });

    it('shows the Low stock view with stock=low, and pages it', async () => {
      const { calls } = server([soap], 120);
      renderSection(<ProductsSection businessId={3} />);
      await screen.findAllByTestId('product-row');
      const all = screen.getByRole('button', { name: 'All products' });
      const low = screen.getByRole('button', { name: 'Low stock' });
      expect([all.getAttribute('aria-pressed'), low.getAttribute('aria-pressed')]).toEqual([
        'true',
        'false',
      ]);
      fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
      await waitFor(() =>
        expect(listCalls(calls).at(-1)!.url).toBe('/api/business/products/3/?page=2'),
      );
      // A switch of view starts at its first page.
      fireEvent.click(low);
      await waitFor(() =>
        expect(listCalls(calls).at(-1)!.url).toBe('/api/business/products/3/?page=1&stock=low'),
      );
      expect(low.getAttribute('aria-pressed')).toBe('true');
      expect(await screen.findByText('120 products with 5 or fewer left')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
      await waitFor(() =>
        expect(listCalls(calls).at(-1)!.url).toBe('/api/business/products/3/?page=3&stock=low'),
      );
      fireEvent.click(all);
      await waitFor(() =>
        expect(listCalls(calls).at(-1)!.url).toBe('/api/business/products/3/?page=1'),
      );
    });

    it('says when nothing is running low, rather than "no products"', async () => {
      server([soap], 1, (call) =>
        call.url.includes('stock=low')
          ? jsonResponse(200, [], { [TOTAL_COUNT_HEADER]: '0' })
          : undefined,
      );
      renderSection(<ProductsSection businessId={3} />);
      await screen.findAllByTestId('product-row');
      fireEvent.click(screen.getByRole('button', { name: 'Low stock' }));
      expect(await screen.findByText('Nothing is running low.')).toBeTruthy();
      expect(screen.queryByText('No products yet.')).toBeNull();
    });
  });
});

describe('draft, active and archived products (issue 29, point 5)', () => {
  it('narrows the list to a status and a search, and shows each product’s status', async () => {
    const draft = sellerProduct({ id: 9, name: 'Moss Scarf', status: 'draft' });
    const { calls } = server([sellerProduct(), draft]);
    renderSection(<ProductsSection businessId={3} />);
    const rows = await screen.findAllByTestId('product-row');
    expect(rows.map((row) => within(row).getByTestId('product-status').textContent)).toEqual([
      'Status: Active',
      'Status: Draft',
    ]);
    const filters = screen.getByLabelText('Status') as HTMLSelectElement;
    fireEvent.change(filters, { target: { value: 'draft' } });
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.url).toBe('/api/business/products/3/?page=1&status=draft'),
    );
    fill(screen.getByLabelText(/^Search/), 'MOSS-');
    await waitFor(
      () =>
        expect(listCalls(calls).at(-1)!.url).toBe(
          '/api/business/products/3/?page=1&status=draft&q=MOSS-',
        ),
      { timeout: 2000 },
    );
  });

  it('says when nothing matches, with a way back to every product', async () => {
    const { calls } = server([]);
    renderSection(<ProductsSection businessId={3} />);
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'archived' } });
    expect(await screen.findByText(SELLER_PRODUCTS_TEXTS.noMatch)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: SELLER_PRODUCTS_TEXTS.showAll }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.url).toBe('/api/business/products/3/?page=1'),
    );
  });

  it('archives an active product, makes a draft active and copies one, each said in a toast', async () => {
    const draft = sellerProduct({ id: 9, name: 'Moss Scarf', status: 'draft' });
    const { calls } = server([sellerProduct(), draft], 2, (call) => {
      if (call.method === 'PATCH') {
        const { status } = call.body as { status: string };
        return jsonResponse(200, {
          message: PRODUCT_MESSAGES.statusSaved(status),
          product: sellerProduct({ status: status as SellerProduct['status'] }),
        });
      }
      if (call.method === 'POST') {
        return jsonResponse(201, {
          message: PRODUCT_MESSAGES.duplicated,
          product: sellerProduct({ id: 12, name: 'Copy of Linen Tote', status: 'draft' }),
        });
      }
      return undefined;
    });
    renderSection(<ProductsSection businessId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Linen Tote' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.statusSaved('archived'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make active Moss Scarf' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.statusSaved('active'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Linen Tote' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.duplicated)).toBeTruthy();
    const changes = calls.filter((call) => call.method !== 'GET');
    expect(changes.map((call) => [call.method, call.url, call.body ?? null])).toEqual([
      ['PATCH', '/api/products/7/status/', { status: 'archived' }],
      ['PATCH', '/api/products/9/status/', { status: 'active' }],
      ['POST', '/api/products/7/duplicate/', null],
    ]);
  });
});

describe('bulk changes of the products picked (issue 29, point 7)', () => {
  it('changes the picked prices by a percentage, each shown before and after', async () => {
    const { calls } = server(undefined, undefined, (call) =>
      call.method === 'POST'
        ? jsonResponse(200, { message: PRODUCT_BULK_MESSAGES.priceSaved(2, 10), updated: 2 })
        : undefined,
    );
    renderSection(<ProductsSection businessId={3} />);
    fireEvent.click(await screen.findByLabelText('Select every product on this page'));
    expect(screen.getByText('2 products selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change price…' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change the prices of 2 products' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Change 2 prices' }));
    expect(dialog.getByText(PRODUCT_BULK_MESSAGES.percent)).toBeTruthy();
    fill(dialog.getByLabelText('Change in percent'), '10');
    expect(dialog.getByText('$15.00 → $16.50')).toBeTruthy();
    expect(dialog.getByText('$6.50 → $7.15')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Change 2 prices' }));
    expect(await screen.findByText(PRODUCT_BULK_MESSAGES.priceSaved(2, 10))).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/business/products/3/bulk/');
    expect(post.body).toEqual({ action: 'price', percent: 10, ids: [7, 8] });
    await waitFor(() => expect(screen.queryByText('2 products selected')).toBeNull());
  });

  it('archives the one picked, and shows a refusal as the server said it', async () => {
    const { calls } = server(undefined, undefined, (call) =>
      call.method === 'POST'
        ? jsonResponse(404, { error: PRODUCT_BULK_MESSAGES.unknownProduct })
        : undefined,
    );
    renderSection(<ProductsSection businessId={3} />);
    fireEvent.click(await screen.findByLabelText('Select Cedar Soap'));
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText(PRODUCT_BULK_MESSAGES.unknownProduct)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      action: 'archived',
      ids: [8],
    });
  });
});
