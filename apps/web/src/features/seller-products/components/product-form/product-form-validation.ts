import { zodResolver } from '@hookform/resolvers/zod';
import { productFormFields } from '@leafline/contract/seller-products';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  draftToFields,
  isVariantSent,
  type ProductDraft,
  stockOf,
  storedPictures,
} from './product-form-state';

/**
 * The form's text fields as the contract's `productFormFields` reads them, every variant row
 * included (a row that would not be sent has nothing to refuse: no option1, no price), so an
 * issue's path names the row of the form (`variants.2.price`), not its place among the rows
 * sent.
 */
function checkedFields(draft: ProductDraft) {
  return {
    ...draftToFields(draft),
    variants: draft.variants.map((variant) => ({
      id: variant.id === undefined ? undefined : String(variant.id),
      option1: variant.option1,
      option2: variant.option2,
      price: variant.price,
      compare_at_price: variant.compare_at_price,
      sku: variant.sku,
      stock: stockOf(variant.stock, draft.condition),
      existingImages: storedPictures(variant.pictures).map((image) => image.image),
    })),
  };
}

const checkFields = zodResolver(productFormFields);

type AnyErrors = Record<string, unknown>;

/** An error object under the contract's name moved to the form's name (`existingImages` → `pictures`). */
function rename(errors: AnyErrors, from: string, to: string): AnyErrors {
  if (!(from in errors)) return errors;
  const { [from]: moved, ...rest } = errors;
  return { ...rest, [to]: moved };
}

/**
 * The product form's resolver: the contract's own checks (the server's `productFormFields`,
 * through the zod resolver), so the seller reads the same texts before sending as the server
 * would answer; each error is put on the form's field (pictures, option names, variant rows).
 */
export const productFormResolver: Resolver<ProductDraft> = async (draft, context, options) => {
  const checked = await checkFields(
    checkedFields(draft),
    context,
    options as unknown as Parameters<typeof checkFields>[2],
  );
  let errors = checked.errors as AnyErrors;
  if (Object.keys(errors).length === 0) return { values: draft, errors: {} };
  errors = rename(rename(errors, 'existingImages', 'pictures'), 'option_names', 'optionNames');
  if (Array.isArray(errors.variants)) {
    errors.variants = errors.variants.map((row) =>
      row ? rename(row as AnyErrors, 'existingImages', 'pictures') : row,
    );
  }
  return { values: {}, errors: errors as FieldErrors<ProductDraft> };
};

/** A path of the form an error can be put on. */
export type ProductErrorPath =
  | 'name'
  | 'description'
  | 'price'
  | 'condition'
  | 'category'
  | 'product_category'
  | 'stock'
  | 'compare_at_price'
  | 'sku'
  | 'pictures'
  | 'optionNames'
  | `variants.${number}.${VariantErrorField}`;

type VariantErrorField =
  | 'option1'
  | 'option2'
  | 'price'
  | 'compare_at_price'
  | 'sku'
  | 'stock'
  | 'pictures';
const VARIANT_FIELDS = new Set<string>([
  'option1',
  'option2',
  'price',
  'compare_at_price',
  'sku',
  'stock',
  'pictures',
]);

const PRODUCT_FIELDS = new Set([
  'name',
  'description',
  'price',
  'compare_at_price',
  'sku',
  'condition',
  'category',
  'stock',
]);

/**
 * The server's field errors, keyed as the form sends them ('price', 'variants[1].price',
 * 'stock', 'variants[1].stock', 'existingImages[0]'), put on the form's own fields (the sent
 * variant 1 is the form's row of that place among the rows sent).
 */
export function serverFieldErrors(
  fields: Record<string, string>,
  draft: ProductDraft,
): Array<[ProductErrorPath, string]> {
  const sent = draft.variants
    .map((variant, row) => ({ variant, row }))
    .filter((entry) => isVariantSent(entry.variant));
  const found: Array<[ProductErrorPath, string]> = [];
  for (const [name, message] of Object.entries(fields)) {
    const variant = /^variants[.[](\d+)\]?\.(\w+)/.exec(name);
    if (variant) {
      const row = sent[Number(variant[1])]?.row;
      const field =
        variant[2] === 'images' || variant[2] === 'existingImages' ? 'pictures' : variant[2];
      if (row !== undefined && field !== undefined && VARIANT_FIELDS.has(field)) {
        found.push([`variants.${row}.${field as VariantErrorField}`, message]);
      }
      continue;
    }
    const head = name.split(/[.[]/)[0] ?? name;
    if (head === 'images' || head === 'existingImages') found.push(['pictures', message]);
    else if (head === 'option_names') found.push(['optionNames', message]);
    else if (head === 'product_category' || PRODUCT_FIELDS.has(head)) {
      found.push([head as ProductErrorPath, message]);
    }
  }
  return found;
}
