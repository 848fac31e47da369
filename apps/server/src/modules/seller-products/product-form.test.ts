import {
  DEFAULT_PRODUCT_CATEGORY,
  INPUT_MESSAGES,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
} from '@leafline/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import type { FormFile, MultipartForm } from '../../lib/multipart-form';
import { parseProductForm } from './product-form';

const BASE = {
  name: 'Linen Shirt',
  description: 'Breathable.',
  price: '45',
  condition: 'new',
  product_category: 'Apparel',
};

function form(fields: Record<string, string>, files: string[] = []): MultipartForm {
  return {
    fields: new Map(Object.entries(fields)),
    files: new Map(
      files.map((field): [string, FormFile] => [
        field,
        { field, filename: `${field}.png`, data: Buffer.from(field) },
      ]),
    ),
  };
}

function refusal(fields: Record<string, string>, files: string[] = []): AppError {
  try {
    parseProductForm(form(fields, files));
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the form was accepted');
}

describe('parseProductForm', () => {
  it('reads the product fields, with the defaults of SPEC §9', () => {
    const parsed = parseProductForm(form({ ...BASE, price: ' 12.5 ' }));
    expect(parsed.fields).toEqual({
      name: 'Linen Shirt',
      description: 'Breathable.',
      price: 1250,
      condition: 'new',
      category: DEFAULT_PRODUCT_CATEGORY,
      product_category: 'Apparel',
      clear_images: false,
      existingImages: [],
      option_names: [],
      compare_at_price: null,
      sku: null,
    });
    expect(parsed.optionNamesSent).toBe(false);
    expect(parsed.files).toEqual([]);
    expect(parsed.variants).toEqual([]);
  });

  it('orders sparse, out-of-order lists by their index, and nests variant lists', () => {
    const parsed = parseProductForm(
      form(
        {
          ...BASE,
          clear_images: 'true',
          'existingImages[7]': '/media/products/b.webp',
          'existingImages[2]': '12',
          'option_names[1]': 'Colour',
          'option_names[0]': 'Size',
          'variants[5].option1': 'L',
          'variants[5].price': '50.00',
          'variants[5].id': '31',
          'variants[5].existingImages[3]': '/media/products/v2.webp',
          'variants[5].existingImages[1]': '/media/products/v1.webp',
          'variants[5].clear_images': 'true',
          'variants[0].option1': 'S',
          'variants[0].option2': 'Sage',
        },
        [
          'images[10].image',
          'images[3].image',
          'variants[5].images[2].image',
          'variants[5].images[0].image',
        ],
      ),
    );
    expect(parsed.fields.clear_images).toBe(true);
    expect(parsed.fields.existingImages).toEqual(['12', '/media/products/b.webp']);
    expect(parsed.fields.option_names).toEqual(['Size', 'Colour']);
    expect(parsed.optionNamesSent).toBe(true);
    expect(parsed.files.map((f) => f.field)).toEqual(['images[3].image', 'images[10].image']);
    expect(parsed.variants.map((v) => v.key)).toEqual(['variants[0]', 'variants[5]']);
    expect(parsed.variants[0]!.fields).toEqual({
      id: undefined,
      option1: 'S',
      option2: 'Sage',
      price: null,
      compare_at_price: null,
      sku: null,
      clear_images: false,
      existingImages: [],
    });
    expect(parsed.variants[1]!.fields).toEqual({
      id: 31,
      option1: 'L',
      option2: null,
      price: 5000,
      compare_at_price: null,
      sku: null,
      clear_images: true,
      existingImages: ['/media/products/v1.webp', '/media/products/v2.webp'],
    });
    expect(parsed.variants[1]!.files.map((f) => f.field)).toEqual([
      'variants[5].images[0].image',
      'variants[5].images[2].image',
    ]);
  });

  it('leaves out a variant with neither option1 nor price, with its files (SPEC §5)', () => {
    const parsed = parseProductForm(
      form(
        {
          ...BASE,
          'variants[0].option1': '  ',
          'variants[0].option2': 'Blue',
          'variants[1].price': '9',
        },
        ['variants[0].images[0].image'],
      ),
    );
    expect(parsed.variants).toHaveLength(1);
    expect(parsed.variants[0]!.key).toBe('variants[1]');
    expect(parsed.variants[0]!.fields.option1).toBe('');
    expect(parsed.variants[0]!.fields.price).toBe(900);
    expect(parsed.variants[0]!.files).toEqual([]);
  });

  it('reads the position texts of decision 0028 as no field of its own', () => {
    const parsed = parseProductForm(
      form(
        {
          ...BASE,
          'existingImages[0]': '12',
          'existingImages[0].position': '1',
          'images[0].position': '0',
          'variants[0].option1': 'S',
          'variants[0].images[0].position': '0',
        },
        ['images[0].image', 'variants[0].images[0].image'],
      ),
    );
    expect(parsed.fields.existingImages).toEqual(['12']);
    expect(parsed.files.map((f) => f.field)).toEqual(['images[0].image']);
    expect(parsed.variants[0]!.files.map((f) => f.field)).toEqual(['variants[0].images[0].image']);
  });

  it('ignores unknown text keys and texts where files belong', () => {
    const parsed = parseProductForm(
      form({ ...BASE, colour: 'red', 'images[0].image': 'x', 'variants[0].weight': '3' }),
    );
    expect(parsed.files).toEqual([]);
    expect(parsed.fields.existingImages).toEqual([]);
    expect(parsed.variants).toEqual([]);
  });

  it.each([
    'existingImages[0]',
    'logo',
    'name',
    'images[1].thumbnail',
    'foo',
    '__proto__[0].image',
    'variants[0].images[0].picture',
    // The position keys of decision 0028 are texts: a file under one is refused too.
    'images[0].position',
    'existingImages[0].position',
    'variants[0].images[0].position',
  ])('refuses a file under %s, a key the form reads no file from, naming it', (key) => {
    const error = refusal(BASE, ['images[0].image', key]);
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(INPUT_MESSAGES.unknownFileField(key));
    expect(error.extra.fields).toEqual({ [key]: INPUT_MESSAGES.unknownFileField(key) });
  });

  it('names a file field with a NUL in it readably', () => {
    const error = refusal(BASE, ['images[0].image\u0000x']);
    expect(error.message).toBe(INPUT_MESSAGES.unknownFileField('images[0].image\\u0000x'));
  });

  it.each([
    'variants[x].option1',
    'variants[].price',
    'images[-1].image',
    'existingImages[1.5]',
    `variants[${PRODUCT_LIMITS.formIndex + 1}].option1`,
    'variants[0].images[y].image',
    'variants[0].existingImages[99999]',
    'option_names[a]',
    'variants[0',
  ])('refuses the malformed key %s with a 400 naming it', (key) => {
    const error = refusal({ ...BASE, [key]: 'M' });
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(PRODUCT_MESSAGES.invalidFieldName(key));
    expect(error.extra.fields).toEqual({ [key]: PRODUCT_MESSAGES.invalidFieldName(key) });
  });

  it('accepts the largest index', () => {
    const key = `variants[${PRODUCT_LIMITS.formIndex}].option1`;
    expect(parseProductForm(form({ ...BASE, [key]: 'M' })).variants[0]!.key).toBe(
      `variants[${PRODUCT_LIMITS.formIndex}]`,
    );
  });

  it.each([
    [{ price: 'abc' }, 'price', PRODUCT_MESSAGES.price],
    [{ price: '-5' }, 'price', PRODUCT_MESSAGES.price],
    [{ price: '0' }, 'price', PRODUCT_MESSAGES.price],
    [{ price: '1.234' }, 'price', PRODUCT_MESSAGES.price],
    [{ name: '   ' }, 'name', 'Name is required.'],
    [{ condition: 'used' }, 'condition', PRODUCT_MESSAGES.condition],
    [{ product_category: 'Toys' }, 'product_category', PRODUCT_MESSAGES.productCategory],
  ])('refuses %j with the contract message on %s', (change, key, message) => {
    const error = refusal({ ...BASE, ...change });
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(message);
    expect(error.extra.fields?.[key]).toBe(message);
  });

  it('refuses a missing required field', () => {
    const { description: _, ...rest } = BASE;
    expect(refusal(rest).extra.fields).toEqual({ description: 'Description is required.' });
  });

  it('names a bad variant field by the index it was sent with', () => {
    const error = refusal({
      ...BASE,
      'variants[0].option1': 'S',
      'variants[4].option1': 'M',
      'variants[4].price': 'free',
    });
    expect(error.message).toBe(PRODUCT_MESSAGES.variantPrice);
    expect(error.extra.fields).toEqual({ 'variants[4].price': PRODUCT_MESSAGES.variantPrice });
  });

  it('refuses more uploads than a product or a variant may have, before any is decoded', () => {
    const many = (prefix: string) =>
      Array.from({ length: PRODUCT_LIMITS.images + 1 }, (_, i) => `${prefix}images[${i}].image`);
    expect(refusal(BASE, many('')).extra.fields).toEqual({
      images: PRODUCT_MESSAGES.tooManyImages,
    });
    expect(
      refusal({ ...BASE, 'variants[2].option1': 'S' }, many('variants[2].')).extra.fields,
    ).toEqual({ 'variants[2].images': PRODUCT_MESSAGES.tooManyImages });
  });

  // A NUL character is refused by the form reader itself (lib/multipart-form.ts), before any
  // parsing: seller-products.test.ts sends one.
  it('refuses more than two option names', () => {
    expect(
      refusal({ ...BASE, 'option_names[0]': 'a', 'option_names[1]': 'b', 'option_names[2]': 'c' })
        .message,
    ).toBe(PRODUCT_MESSAGES.tooManyOptionNames);
  });
});
