import { describe, expect, it } from 'vitest';
import { sellerProduct } from '@/test/seller-fixtures';
import {
  buildProductFormData,
  draftFromProduct,
  emptyDraft,
  emptyVariant,
  optionValuesOf,
  withEveryCombination,
  withTie,
} from './product-form-state';

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
          stock: null,
          reserved: 0,
          compare_at_price: null,
          sku: null,
        },
        {
          id: 10,
          option1: 'Old',
          option2: null,
          price: '15.00',
          image: null,
          images: [],
          deleted: true,
          stock: null,
          reserved: 0,
          compare_at_price: null,
          sku: null,
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
          stock: 2,
          reserved: 0,
          compare_at_price: null,
          sku: null,
        },
      ],
    });
    const draft = draftFromProduct(product);
    // The payload lists the tied picture on the variant; the form does not send it as the
    // variant's own.
    expect(draft.variants[0]!.pictures).toEqual([]);
    const file = new File([new Uint8Array([1])], 'sage.png', { type: 'image/png' });
    draft.pictures = [
      withTie(front, { option: 2, value: 'S' }),
      withTie(navy, null),
      withTie({ key: 'n1', file }, { option: 1, value: 'Sage' }),
    ];
    const form = buildProductFormData(draft);
    expect(form.get('existingImages[0].option2')).toBe('S');
    expect(form.has('existingImages[0].option1')).toBe(false);
    expect(form.get('existingImages[1].option1')).toBe('');
    expect(form.get('images[0].option1')).toBe('Sage');
    expect(form.has('variants[0].existingImages[0]')).toBe(false);
    expect(form.has('variants[0].clear_images')).toBe(false);
    // Stored pictures first, then the new one: the §7 order, no position is sent.
    expect([...form.keys()].some((key) => key.endsWith('.position'))).toBe(false);
  });

  it('sends the place of each picture when a new one comes before a stored one (decision 0028)', () => {
    const front = { id: 4, image: '/media/products/front.webp', alt_text: '' };
    const back = { id: 5, image: '/media/products/back.webp', alt_text: '' };
    const small = { id: 6, image: '/media/products/small.webp', alt_text: '' };
    const draft = draftFromProduct(
      sellerProduct({
        option_names: [],
        images: [front, back],
        variants: [
          {
            id: 9,
            option1: 'S',
            option2: null,
            price: '15.00',
            image: small.image,
            images: [small],
            deleted: false,
            stock: null,
            reserved: 0,
            compare_at_price: null,
            sku: null,
          },
        ],
      }),
    );
    const png = (name: string) => new File([name], name, { type: 'image/png' });
    const side = { key: 'n1', file: png('side.png') };
    const detail = { key: 'n2', file: png('detail.png') };
    const tag = { key: 'n3', file: png('tag.png') };
    draft.pictures = [back, side, front, detail];
    draft.variants[0]!.pictures = [tag, ...draft.variants[0]!.pictures];
    const sent = [...buildProductFormData(draft).entries()]
      .filter(([key]) => key.includes('mages['))
      .map(([key, value]) => [key, typeof value === 'string' ? value : `File:${value.name}`]);
    expect(sent).toEqual([
      ['images[0].image', 'File:side.png'],
      ['images[0].position', '1'],
      ['images[1].image', 'File:detail.png'],
      ['images[1].position', '3'],
      ['existingImages[0]', back.image],
      ['existingImages[0].option1', ''],
      ['existingImages[0].position', '0'],
      ['existingImages[1]', front.image],
      ['existingImages[1].option1', ''],
      ['existingImages[1].position', '2'],
      ['variants[0].images[0].image', 'File:tag.png'],
      ['variants[0].images[0].position', '0'],
      ['variants[0].existingImages[0]', small.image],
      ['variants[0].existingImages[0].position', '1'],
    ]);
  });

  it('sends emptied option names so the server clears them', () => {
    const draft = draftFromProduct(sellerProduct());
    draft.optionNames = ['', ''];
    const form = buildProductFormData(draft);
    expect(form.getAll('option_names[0]')).toEqual(['']);
    expect(form.getAll('option_names[1]')).toEqual(['']);
  });

  describe('stock (issue 26)', () => {
    const stockKeys = (form: FormData) =>
      [...form.entries()].filter(([key]) => key.endsWith('stock')).map(([key, v]) => [key, v]);

    it("sends a product's own count, '' when not counted, and not with variant rows", () => {
      const draft = draftFromProduct(sellerProduct({ variants: [], option_names: [], stock: 4 }));
      expect(draft.stock).toBe('4');
      expect(stockKeys(buildProductFormData(draft))).toEqual([['stock', '4']]);
      draft.stock = ' ';
      expect(stockKeys(buildProductFormData(draft))).toEqual([['stock', '']]);
      // With variant rows each row has its count: the product's own is not sent.
      const tote = draftFromProduct(sellerProduct());
      expect(stockKeys(buildProductFormData(tote))).toEqual([
        ['variants[0].stock', '3'],
        ['variants[1].stock', ''],
      ]);
    });

    it('gives an untouched count the default of the condition: 1 second-hand, else not counted', () => {
      const draft = emptyDraft();
      expect(draft.stock).toBeUndefined();
      expect(stockKeys(buildProductFormData(draft))).toEqual([['stock', '']]);
      draft.condition = 'second_hand';
      expect(stockKeys(buildProductFormData(draft))).toEqual([['stock', '1']]);
      // A count the seller typed (even emptied) stays theirs.
      draft.stock = '';
      expect(stockKeys(buildProductFormData(draft))).toEqual([['stock', '']]);
      // A new variant row of a second-hand product likewise starts at 1.
      draft.variants = [{ ...emptyVariant(), option1: 'Blue' }];
      expect(stockKeys(buildProductFormData(draft))).toEqual([['variants[0].stock', '1']]);
    });
  });
});

describe('variants from option values (issue 29, point 6)', () => {
  const row = (option1: string, option2: string, price = '') => ({
    ...emptyVariant(),
    option1,
    option2,
    price,
  });

  it('reads values as typed: trimmed, each once whatever its case, empty ones left out', () => {
    expect(optionValuesOf(' S, M ,,s, L ,')).toEqual(['S', 'M', 'L']);
    expect(optionValuesOf('  ')).toEqual([]);
  });

  it('makes every combination, first option outermost, keeping the rows it already has', () => {
    const navy = row('s', ' navy', '18');
    const odd = row('XL', 'Clay');
    const made = withEveryCombination([odd, navy], ['S', 'M'], ['Sand', 'Navy']);
    if ('tooMany' in made) throw new Error('too many');
    expect(made.rows.map((r) => [r.option1, r.option2, r.price])).toEqual([
      ['S', 'Sand', ''],
      ['s', ' navy', '18'],
      ['M', 'Sand', ''],
      ['M', 'Navy', ''],
      // Of other values: kept after them, for the seller to remove.
      ['XL', 'Clay', ''],
    ]);
    expect(made.rows[1]).toBe(navy);
    expect([made.added, made.kept]).toEqual([3, 1]);
  });

  it('makes rows of one option without second values, and refuses more than a product holds', () => {
    const made = withEveryCombination([], ['S', 'M'], []);
    expect('rows' in made && made.rows.map((r) => [r.option1, r.option2])).toEqual([
      ['S', ''],
      ['M', ''],
    ]);
    const values = Array.from({ length: 11 }, (_, i) => `v${i}`);
    expect(withEveryCombination([], values, values.slice(0, 10))).toEqual({ tooMany: 110 });
  });

  it('starts the value fields of an edit from the live variants, and sends compare-at and SKU', () => {
    const product = sellerProduct();
    product.variants[0]!.compare_at_price = '21.00';
    product.variants[0]!.sku = 'TOTE-S';
    const draft = draftFromProduct(product);
    expect(draft.optionValues).toEqual(['Small, Large', 'Ecru']);
    const form = buildProductFormData(draft);
    expect(form.get('variants[0].compare_at_price')).toBe('21.00');
    expect(form.get('variants[0].sku')).toBe('TOTE-S');
    expect(form.get('variants[1].sku')).toBe('');
  });
});
