import { describe, expect, it } from 'vitest';
import { sellerProduct } from '@/test/seller-fixtures';
import { buildProductFormData, draftFromProduct, withTie } from './product-form-state';

describe('product form state', () => {
  it('keeps an existing variant without option1 sent, so an edit does not remove it', () => {
    const product = sellerProduct({
      option_names: [],
      variants: [
        {
          id: 9,
          option1: '',
          option2: null,
          price: '15.00',
          image: null,
          images: [],
          deleted: false,
        },
        {
          id: 10,
          option1: 'Old',
          option2: null,
          price: '15.00',
          image: null,
          images: [],
          deleted: true,
        },
      ],
    });
    const draft = draftFromProduct(product);
    // The deleted variant is not offered at all.
    expect(draft.variants).toHaveLength(1);
    const form = buildProductFormData(draft);
    expect(form.get('variants[0].id')).toBe('9');
    expect(form.get('variants[0].price')).toBe('15.00');
    // No option names before, none now: nothing sent for them.
    expect(form.has('option_names[0]')).toBe(false);
  });

  it('sends the option value of each product picture and keeps tied pictures off the variants', () => {
    const navy = { id: 5, image: '/media/products/navy.webp', alt_text: '', option1: 'Navy' };
    const front = { id: 4, image: '/media/products/front.webp', alt_text: '' };
    const product = sellerProduct({
      option_names: ['Colour'],
      images: [front, navy],
      variants: [
        {
          id: 9,
          option1: 'Navy',
          option2: null,
          price: '15.00',
          image: navy.image,
          images: [navy],
          deleted: false,
        },
      ],
    });
    const draft = draftFromProduct(product);
    // The payload lists the tied picture on the variant; the form does not send it as the
    // variant's own.
    expect(draft.variants[0]!.existingImages).toEqual([]);
    draft.existingImages = [withTie(front, { option: 2, value: 'S' }), withTie(navy, null)];
    const file = new File([new Uint8Array([1])], 'sage.png', { type: 'image/png' });
    draft.newImages = [withTie({ key: 'n1', file }, { option: 1, value: 'Sage' })];
    const form = buildProductFormData(draft);
    expect(form.get('existingImages[0].option2')).toBe('S');
    expect(form.has('existingImages[0].option1')).toBe(false);
    expect(form.get('existingImages[1].option1')).toBe('');
    expect(form.get('images[0].option1')).toBe('Sage');
    expect(form.has('variants[0].existingImages[0]')).toBe(false);
    expect(form.has('variants[0].clear_images')).toBe(false);
  });

  it('sends emptied option names so the server clears them', () => {
    const draft = draftFromProduct(sellerProduct());
    draft.optionNames = ['', ''];
    const form = buildProductFormData(draft);
    expect(form.getAll('option_names[0]')).toEqual(['']);
    expect(form.getAll('option_names[1]')).toEqual(['']);
  });
});
