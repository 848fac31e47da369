import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { DEFAULT_PRODUCT_CATEGORY } from '@leafline/contract/constants';
import { PRODUCT_MESSAGES } from '@leafline/contract/seller-products';
import { STOCK_MESSAGES } from '@leafline/contract/stock';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_FILE_TEXTS } from '@/components/forms/image-file-field';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { fill } from '@/test/render-app';
import { renderSection, sellerProduct } from '@/test/seller-fixtures';
import { PRODUCT_FORM_TEXTS } from '../components/product-form/product-form-texts';
import { AddProductSection } from './add-product-section';

afterEach(() => vi.unstubAllGlobals());

const png = (name: string) => new File([`bytes of ${name}`], name, { type: 'image/png' });

function field(label: string) {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function fillRequired() {
  fill(field('Name'), '  Linen Tote ');
  fill(field('Description'), 'A sturdy tote of undyed linen.');
  fill(field('Price'), '15.5');
  fill(field('Product category'), 'Accessories');
}

/** The form's entries in order, files as `File:<name>`. */
function entries(form: FormData): [string, string][] {
  return [...form.entries()].map(([key, value]) => [
    key,
    typeof value === 'string' ? value : `File:${value.name}`,
  ]);
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
}

describe('AddProductSection', () => {
  it('sends the §7 multipart keys exactly, then resets the form and says so', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(201, { message: PRODUCT_MESSAGES.added, product: sellerProduct({ id: 9 }) }),
    );
    renderSection(<AddProductSection businessId={3} />, '/dashboard/add');

    // Defaults of SPEC §4/§9.
    expect(field('Condition').value).toBe('new');
    expect(field('Category').value).toBe(DEFAULT_PRODUCT_CATEGORY);

    fillRequired();
    fill(field('Condition'), 'second_hand');
    fireEvent.change(field('Add product images'), {
      target: { files: [png('front.png'), png('back.png')] },
    });
    fill(field('Option 1 name'), 'Size');
    fill(field('Option 2 name'), 'Colour');
    const addVariant = screen.getByRole('button', { name: 'Add variant' });
    fireEvent.click(addVariant);
    fireEvent.click(addVariant);
    fireEvent.click(addVariant);
    fireEvent.click(addVariant);
    // Variant 1: both options, its own price and a picture.
    fill(field('Size (variant 1)'), 'Small');
    fill(field('Colour (variant 1)'), 'Ecru');
    fill(field('Price (variant 1)'), '14');
    fireEvent.change(field('Add images of variant 1'), { target: { files: [png('small.png')] } });
    // Variant 2: only option2 and a picture → neither option1 nor price: not sent (SPEC §5).
    fill(field('Colour (variant 2)'), 'Sage');
    fireEvent.change(field('Add images of variant 2'), { target: { files: [png('lost.png')] } });
    // Variant 3: a price only, and two pictures.
    fill(field('Price (variant 3)'), '21.00');
    fireEvent.change(field('Add images of variant 3'), {
      target: { files: [png('big-1.png'), png('big-2.png')] },
    });
    // Variant 4: left empty → not sent.

    // Previews with a remove button each.
    expect(screen.getByRole('img', { name: 'New picture: front.png' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Remove new picture 2 \(back\.png\)/ })).toBeTruthy();

    submit();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/api/add-product/3/');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.body).toBeInstanceOf(FormData);
    expect(entries(calls[0]!.body as FormData)).toEqual([
      ['name', 'Linen Tote'],
      ['description', 'A sturdy tote of undyed linen.'],
      ['price', '15.5'],
      ['compare_at_price', ''],
      ['sku', ''],
      ['status', 'active'],
      ['condition', 'second_hand'],
      ['category', DEFAULT_PRODUCT_CATEGORY],
      ['product_category', 'Accessories'],
      ['images[0].image', 'File:front.png'],
      ['images[1].image', 'File:back.png'],
      ['option_names[0]', 'Size'],
      ['option_names[1]', 'Colour'],
      ['variants[0].option1', 'Small'],
      ['variants[0].option2', 'Ecru'],
      ['variants[0].price', '14'],
      ['variants[0].compare_at_price', ''],
      ['variants[0].sku', ''],
      // Issue 26: a new variant of a second-hand product starts at one in stock.
      ['variants[0].stock', '1'],
      ['variants[0].images[0].image', 'File:small.png'],
      ['variants[1].option1', ''],
      ['variants[1].option2', ''],
      ['variants[1].price', '21.00'],
      ['variants[1].compare_at_price', ''],
      ['variants[1].sku', ''],
      ['variants[1].stock', '1'],
      ['variants[1].images[0].image', 'File:big-1.png'],
      ['variants[1].images[1].image', 'File:big-2.png'],
    ]);

    // Success: a toast, and the form is back to its defaults.
    expect(await screen.findByText(PRODUCT_MESSAGES.added)).toBeTruthy();
    expect(field('Name').value).toBe('');
    expect(field('Description').value).toBe('');
    expect(field('Price').value).toBe('');
    expect(field('Condition').value).toBe('new');
    expect(field('Category').value).toBe(DEFAULT_PRODUCT_CATEGORY);
    expect(field('Product category').value).toBe('');
    expect(field('Option 1 name').value).toBe('');
    expect(screen.queryByRole('img', { name: /New picture/ })).toBeNull();
    expect(screen.queryByLabelText('Price (variant 1)')).toBeNull();
  });

  it('makes a row for every combination of two options, then sends each with its own fields', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(201, { message: PRODUCT_MESSAGES.added, product: sellerProduct({ id: 9 }) }),
    );
    renderSection(<AddProductSection businessId={3} />, '/dashboard/add');
    fillRequired();
    fill(field('Option 1 name'), 'Size');
    fill(field('Option 2 name'), 'Colour');
    const make = screen.getByRole('button', { name: 'Make every combination' });
    fireEvent.click(make);
    expect(
      screen
        .getAllByRole('status')
        .some((s) => s.textContent === PRODUCT_FORM_TEXTS.noOptionValues),
    ).toBe(true);

    fill(field('Size values'), 'S, M, s, L');
    fill(field('Colour values'), 'Sand , Navy,');
    fireEvent.click(make);
    expect(screen.getByText(PRODUCT_FORM_TEXTS.madeVariants(6, 0))).toBeTruthy();
    const rows = [1, 2, 3, 4, 5, 6].map((n) => [
      field(`Size (variant ${n})`).value,
      field(`Colour (variant ${n})`).value,
    ]);
    expect(rows).toEqual([
      ['S', 'Sand'],
      ['S', 'Navy'],
      ['M', 'Sand'],
      ['M', 'Navy'],
      ['L', 'Sand'],
      ['L', 'Navy'],
    ]);
    // A row keeps what was typed in it when the combinations are made again with a new value.
    fill(field('Price (variant 2)'), '18');
    fill(field('Compare-at price (variant 2)'), '24');
    fill(field('SKU (variant 2)'), 'TOTE-S-NAVY');
    fill(field('Colour values'), 'Sand, Navy, Clay');
    fireEvent.click(make);
    expect(screen.getByText(PRODUCT_FORM_TEXTS.madeVariants(3, 6))).toBeTruthy();
    expect(field('Colour (variant 3)').value).toBe('Clay');
    expect(field('Price (variant 2)').value).toBe('18');
    expect(screen.queryByLabelText('Size (variant 10)')).toBeNull();

    submit();
    await waitFor(() => expect(calls).toHaveLength(1));
    const sent = entries(calls[0]!.body as FormData);
    expect(sent.filter(([key]) => key.startsWith('variants[1].'))).toEqual([
      ['variants[1].option1', 'S'],
      ['variants[1].option2', 'Navy'],
      ['variants[1].price', '18'],
      ['variants[1].compare_at_price', '24'],
      ['variants[1].sku', 'TOTE-S-NAVY'],
      ['variants[1].stock', ''],
    ]);
    expect(sent.filter(([key]) => key.endsWith('.option1')).map(([, v]) => v)).toEqual([
      'S',
      'S',
      'S',
      'M',
      'M',
      'M',
      'L',
      'L',
      'L',
    ]);
  });

  it('refuses a compare-at price not above the price before sending', async () => {
    const { calls } = mockFetch(() => jsonResponse(500, {}));
    renderSection(<AddProductSection businessId={3} />, '/dashboard/add');
    fillRequired();
    fill(field('Compare-at price'), '15.50');
    submit();
    expect(await screen.findByText(PRODUCT_MESSAGES.compareAtAbovePrice)).toBeTruthy();
    expect(field('Compare-at price').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('does not send a removed picture or a removed variant', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(201, { message: PRODUCT_MESSAGES.added, product: sellerProduct() }),
    );
    renderSection(<AddProductSection businessId={3} />);
    fillRequired();
    fireEvent.change(field('Add product images'), {
      target: { files: [png('keep.png'), png('drop.png')] },
    });
    fireEvent.click(screen.getByRole('button', { name: /Remove new picture 2 \(drop\.png\)/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add variant' }));
    fill(field('Option 1 (variant 1)'), 'Small');
    fireEvent.click(screen.getByRole('button', { name: 'Remove variant 1' }));
    submit();
    await waitFor(() => expect(calls).toHaveLength(1));
    const keys = [...(calls[0]!.body as FormData).keys()];
    expect(keys).toEqual([
      'name',
      'description',
      'price',
      'compare_at_price',
      'sku',
      'status',
      'condition',
      'category',
      'product_category',
      'stock',
      'images[0].image',
    ]);
  });

  it.each([0, Number.NaN])(
    'asks to select a business first (businessId %s), sending nothing',
    (id) => {
      const { calls } = mockFetch(() => jsonResponse(500, {}));
      renderSection(<AddProductSection businessId={id} />);
      fillRequired();
      submit();
      expect(screen.getByRole('alert').textContent).toBe(BUSINESS_MESSAGES.selectBusinessFirst);
      expect(calls).toHaveLength(0);
    },
  );

  it("refuses a price of 'abc' before sending, with the error linked to the field", async () => {
    const { calls } = mockFetch(() => jsonResponse(500, {}));
    renderSection(<AddProductSection businessId={3} />);
    fillRequired();
    fill(field('Price'), 'abc');
    submit();
    const price = field('Price');
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = price.getAttribute('aria-describedby')!.split(' ');
    const error = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(error).toContain(PRODUCT_MESSAGES.price);
    // The focus moves to the first refused field once the errors are shown (a render later).
    await waitFor(() => expect(document.activeElement).toBe(price));
    expect(calls).toHaveLength(0);
  });

  it('names every missing required field and refuses a bad variant price', async () => {
    const { calls } = mockFetch(() => jsonResponse(500, {}));
    renderSection(<AddProductSection businessId={3} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add variant' }));
    fill(field('Price (variant 1)'), '-3');
    submit();
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Description is required.')).toBeTruthy();
    expect(screen.getByText(PRODUCT_MESSAGES.price)).toBeTruthy();
    expect(screen.getByText(PRODUCT_MESSAGES.productCategory)).toBeTruthy();
    expect(screen.getByText(PRODUCT_MESSAGES.variantPrice)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('refuses a file that is not an image', () => {
    mockFetch(() => jsonResponse(500, {}));
    renderSection(<AddProductSection businessId={3} />);
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(field('Add product images'), { target: { files: [notes] } });
    expect(screen.getByText(IMAGE_FILE_TEXTS.notAnImage)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove new picture/ })).toBeNull();
  });

  it("shows the server's reason when the save fails, and keeps what was typed", async () => {
    mockFetch(() =>
      jsonResponse(400, {
        error: 'Price must be an amount like 12.50.',
        fields: { price: 'Price must be an amount like 12.50.' },
      }),
    );
    renderSection(<AddProductSection businessId={3} />);
    fillRequired();
    submit();
    const form = screen.getByRole('form', { name: 'Add a product' });
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'Price must be an amount like 12.50.',
      ),
    );
    expect(field('Name').value).toBe('  Linen Tote ');
    expect(field('Price').getAttribute('aria-invalid')).toBe('true');
  });

  it('says the save failed when the server gives no reason', async () => {
    mockFetch(() => new Response('bad gateway', { status: 502 }));
    renderSection(<AddProductSection businessId={3} />);
    fillRequired();
    submit();
    expect(
      await screen.findByText('The product could not be saved. Please try again.'),
    ).toBeTruthy();
  });

  it('takes at most 10 pictures per product', () => {
    mockFetch(() => jsonResponse(500, {}));
    renderSection(<AddProductSection businessId={3} />);
    const nine = Array.from({ length: 9 }, (_, i) => png(`p${i}.png`));
    fireEvent.change(field('Add product images'), { target: { files: nine } });
    fireEvent.change(field('Add product images'), {
      target: { files: [png('ten.png'), png('eleven.png')] },
    });
    expect(screen.getByText(PRODUCT_MESSAGES.tooManyImages)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Remove new picture/ })).toHaveLength(9);
  });

  describe('stock (issue 26)', () => {
    /** The error texts the field's aria-describedby names. */
    const describedBy = (input: HTMLElement) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);

    it("sends the count typed, and '' for a product whose stock is not counted", async () => {
      const { calls } = mockFetch(() =>
        jsonResponse(201, { message: PRODUCT_MESSAGES.added, product: sellerProduct() }),
      );
      renderSection(<AddProductSection businessId={3} />);
      fillRequired();
      const stock = field('Stock');
      // New: not counted unless the seller gives a count; the hint says what empty means.
      expect(stock.value).toBe('');
      expect(describedBy(stock).join(' ')).toContain('Leave empty if you do not count stock.');
      fill(stock, '12');
      submit();
      await waitFor(() => expect(calls).toHaveLength(1));
      expect((calls[0]!.body as FormData).getAll('stock')).toEqual(['12']);

      await screen.findByText(PRODUCT_MESSAGES.added);
      fillRequired();
      submit();
      await waitFor(() => expect(calls).toHaveLength(2));
      expect((calls[1]!.body as FormData).getAll('stock')).toEqual(['']);
    });

    it('shows 1 for a second-hand product until the seller types a count', async () => {
      const { calls } = mockFetch(() =>
        jsonResponse(201, { message: PRODUCT_MESSAGES.added, product: sellerProduct() }),
      );
      renderSection(<AddProductSection businessId={3} />);
      fillRequired();
      fill(field('Condition'), 'second_hand');
      expect(field('Stock').value).toBe('1');
      fill(field('Condition'), 'new');
      expect(field('Stock').value).toBe('');
      fill(field('Condition'), 'second_hand');
      submit();
      await waitFor(() => expect(calls).toHaveLength(1));
      expect((calls[0]!.body as FormData).getAll('stock')).toEqual(['1']);
      // Once typed, the count is the seller's: a change of condition leaves it.
      await screen.findByText(PRODUCT_MESSAGES.added);
      expect(field('Stock').value).toBe('');
      fill(field('Stock'), '7');
      fill(field('Stock'), '');
      fill(field('Condition'), 'second_hand');
      expect(field('Stock').value).toBe('');
    });

    it('has a count per variant row instead of the product’s own', async () => {
      const { calls } = mockFetch(() =>
        jsonResponse(201, { message: PRODUCT_MESSAGES.added, product: sellerProduct() }),
      );
      renderSection(<AddProductSection businessId={3} />);
      fillRequired();
      fireEvent.click(screen.getByRole('button', { name: 'Add variant' }));
      fireEvent.click(screen.getByRole('button', { name: 'Add variant' }));
      expect(screen.queryByLabelText('Stock')).toBeNull();
      fill(field('Option 1 (variant 1)'), 'Small');
      fill(field('Stock (variant 1)'), '4');
      fill(field('Option 1 (variant 2)'), 'Large');
      submit();
      await waitFor(() => expect(calls).toHaveLength(1));
      const form = calls[0]!.body as FormData;
      expect(form.has('stock')).toBe(false);
      expect(form.getAll('variants[0].stock')).toEqual(['4']);
      expect(form.getAll('variants[1].stock')).toEqual(['']);
    });

    it.each(['-1', '2.5'])(
      'refuses a count of %s with the contract’s text, tied to the field, sending nothing',
      async (count) => {
        const { calls } = mockFetch(() => jsonResponse(500, {}));
        renderSection(<AddProductSection businessId={3} />);
        fillRequired();
        fill(field('Stock'), count);
        submit();
        const stock = field('Stock');
        await waitFor(() => expect(stock.getAttribute('aria-invalid')).toBe('true'));
        expect(describedBy(stock)).toContain(STOCK_MESSAGES.stock);
        await waitFor(() => expect(document.activeElement).toBe(stock));
        expect(calls).toHaveLength(0);
      },
    );

    it('refuses a bad variant count on its row', async () => {
      const { calls } = mockFetch(() => jsonResponse(500, {}));
      renderSection(<AddProductSection businessId={3} />);
      fillRequired();
      fireEvent.click(screen.getByRole('button', { name: 'Add variant' }));
      fill(field('Option 1 (variant 1)'), 'Small');
      fill(field('Stock (variant 1)'), '2.5');
      submit();
      const stock = field('Stock (variant 1)');
      await waitFor(() => expect(stock.getAttribute('aria-invalid')).toBe('true'));
      expect(describedBy(stock)).toContain(STOCK_MESSAGES.stock);
      expect(calls).toHaveLength(0);
    });

    it("puts the server's refusal of a count on its field", async () => {
      mockFetch(() =>
        jsonResponse(400, {
          error: STOCK_MESSAGES.stock,
          fields: { 'variants[1].stock': STOCK_MESSAGES.stock },
        }),
      );
      renderSection(<AddProductSection businessId={3} />);
      fillRequired();
      const addVariant = screen.getByRole('button', { name: 'Add variant' });
      fireEvent.click(addVariant);
      fireEvent.click(addVariant);
      fireEvent.click(addVariant);
      fill(field('Option 1 (variant 1)'), 'Small');
      // Row 2 is empty, so not sent: the server's variants[1] is the form's row 3.
      fill(field('Option 1 (variant 3)'), 'Large');
      submit();
      const stock = field('Stock (variant 3)');
      await waitFor(() => expect(stock.getAttribute('aria-invalid')).toBe('true'));
      expect(describedBy(stock)).toContain(STOCK_MESSAGES.stock);
      expect(field('Stock (variant 1)').getAttribute('aria-invalid')).toBeNull();
    });
  });
});
