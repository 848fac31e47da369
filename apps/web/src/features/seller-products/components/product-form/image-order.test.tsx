import { PRODUCT_MESSAGES } from '@leafline/contract/seller-products';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_FILE_TEXTS } from '@/components/forms/image-file-field';
import { sellerProduct } from '@/test/seller-fixtures';
import { ProductForm } from './product-form';

/**
 * Issue 24 point 13: the product form's pictures can be put in order with buttons, stored and
 * new ones in one list (the order reaches the server as the §7 keys existingImages[i] and
 * images[i].image, and, when a new picture comes before a stored one, the position keys of
 * docs/decisions/0028), their buttons sit under each picture, and a picked file the browser
 * cannot decode is refused at once.
 */

afterEach(() => vi.unstubAllGlobals());

const png = (name: string) => new File([`bytes of ${name}`], name, { type: 'image/png' });

function renderForm(product?: ReturnType<typeof sellerProduct>) {
  const sent: FormData[] = [];
  const onSubmit = vi.fn(async (form: FormData) => {
    sent.push(form);
    return { message: PRODUCT_MESSAGES.saved, product: product ?? sellerProduct() };
  });
  render(<ProductForm businessId={3} product={product} saving={false} onSubmit={onSubmit} />);
  return { sent, onSubmit };
}

const keysOf = (form: FormData, prefix: string) =>
  [...form.entries()]
    .filter(([key]) => key.startsWith(prefix) && /\]$|\]\.image$/.test(key))
    .map(([key, value]) => [key, typeof value === 'string' ? value : value.name]);

/** Whether the button of that name is disabled. */
const disabled = (name: string) =>
  (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;

/** The names of the product's pictures, in the order the form shows them. */
const pictureAlts = () =>
  within(screen.getByRole('list', { name: 'Product images' }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));

describe('the pictures of the product form', () => {
  it('moves a new picture earlier; the files are sent in that order', async () => {
    const { sent } = renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Tote' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'A tote.' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Product category'), {
      target: { value: 'Accessories' },
    });
    fireEvent.change(screen.getByLabelText('Add product images'), {
      target: { files: [png('a.png'), png('b.png'), png('c.png')] },
    });
    expect(disabled('Move new picture 1 (a.png) earlier')).toBe(true);
    expect(disabled('Move new picture 3 (c.png) later')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move new picture 3 (c.png) earlier' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move new picture 2 (c.png) earlier' }));
    expect(pictureAlts()).toEqual([
      'New picture: c.png',
      'New picture: a.png',
      'New picture: b.png',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(keysOf(sent[0]!, 'images[')).toEqual([
      ['images[0].image', 'c.png'],
      ['images[1].image', 'a.png'],
      ['images[2].image', 'b.png'],
    ]);
  });

  it('moves a stored picture later; existingImages[i] are sent in that order', async () => {
    const { sent } = renderForm(sellerProduct({ variants: [], option_names: [] }));
    const list = screen.getByRole('list', { name: 'Product images' });
    // Its buttons are in the picture's own item, under it, not laid over the group's label.
    const item = within(list).getAllByRole('listitem')[0]!;
    const remove = within(item).getByRole('button', { name: 'Remove picture 1 of product images' });
    expect(remove.className).not.toMatch(/absolute/);
    fireEvent.click(
      within(item).getByRole('button', { name: 'Move picture 1 of product images later' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(keysOf(sent[0]!, 'existingImages[')).toEqual([
      ['existingImages[0]', '/media/products/tote-back.webp'],
      ['existingImages[1]', '/media/products/tote-front.webp'],
    ]);
  });

  it('moves a new picture before the stored ones; its place is sent beside the §7 keys', async () => {
    const { sent } = renderForm(sellerProduct());
    fireEvent.change(screen.getByLabelText('Add product images'), {
      target: { files: [png('side.png')] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Move new picture 3 (side.png) earlier' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move new picture 2 (side.png) earlier' }));
    expect(pictureAlts()).toEqual(['New picture: side.png', 'Tote, front', 'Tote, back']);
    expect(disabled('Move new picture 1 (side.png) earlier')).toBe(true);
    // A stored picture can now move before it again; the names give each one's place.
    expect(disabled('Move picture 2 of product images earlier')).toBe(false);
    // The option photos follow the same order: picture 1 is the new one.
    fireEvent.change(screen.getByLabelText('Picture 1 shows'), { target: { value: '1:Small' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const pictures = [...sent[0]!.entries()]
      .filter(([key]) => /^(images|existingImages)\[/.test(key))
      .map(([key, value]) => [key, typeof value === 'string' ? value : `File:${value.name}`]);
    expect(pictures).toEqual([
      ['images[0].image', 'File:side.png'],
      ['images[0].option1', 'Small'],
      ['images[0].position', '0'],
      ['existingImages[0]', '/media/products/tote-front.webp'],
      ['existingImages[0].option1', ''],
      ['existingImages[0].position', '1'],
      ['existingImages[1]', '/media/products/tote-back.webp'],
      ['existingImages[1].option1', ''],
      ['existingImages[1].position', '2'],
    ]);
    // The variant's pictures kept the §7 order: no position keys for them.
    expect([...sent[0]!.keys()].filter((key) => key.startsWith('variants[0].'))).toEqual([
      'variants[0].option1',
      'variants[0].option2',
      'variants[0].price',
      'variants[0].compare_at_price',
      'variants[0].sku',
      'variants[0].stock',
      'variants[0].id',
      'variants[0].existingImages[0]',
    ]);
  });

  it('refuses, when picked, a file the browser cannot decode: one message, nothing added', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async (file: File) => {
        if (file.name === 'notes.png') throw new DOMException('bad', 'InvalidStateError');
        return { close() {} };
      }),
    );
    renderForm();
    const input = screen.getByLabelText('Add product images');
    fireEvent.change(input, { target: { files: [png('notes.png')] } });
    expect(await screen.findAllByText(IMAGE_FILE_TEXTS.notAnImage)).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Product images' })).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { files: [png('real.png')] } });
    expect(await screen.findByRole('img', { name: 'New picture: real.png' })).toBeTruthy();
    expect(screen.queryByText(IMAGE_FILE_TEXTS.notAnImage)).toBeNull();
  });
});
