import { describe, expect, it } from 'vitest';
import { sellerProduct } from '@/test/seller-fixtures';
import { buildProductFormData, draftFromProduct } from './product-form-state';

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

  it('sends emptied option names so the server clears them', () => {
    const draft = draftFromProduct(sellerProduct());
    draft.optionNames = ['', ''];
    const form = buildProductFormData(draft);
    expect(form.getAll('option_names[0]')).toEqual(['']);
    expect(form.getAll('option_names[1]')).toEqual(['']);
  });
});
