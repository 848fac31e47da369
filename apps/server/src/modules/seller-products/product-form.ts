import {
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  type ProductFormFields,
  productFormFields,
  type VariantFormFields,
} from '@leafline/contract';
import { badRequest, fieldError } from '../../lib/errors';
import { type FormFile, type MultipartForm, refuseUnreadFiles } from '../../lib/multipart-form';

/**
 * The product form of add and edit (SPEC §7, docs/decisions/0013-seller-products.md): the flat
 * multipart keys become `productFormFields`.
 *
 *   name, description, price, condition, category, product_category, clear_images,
 *   compare_at_price, sku (issue 29, point 6), status (issue 29, point 5)
 *   existingImages[i], option_names[i], images[i].image (file)
 *   variants[i].option1 | option2 | price | id | clear_images | compare_at_price | sku
 *   variants[i].existingImages[j], variants[i].images[j].image (file)
 *
 * Lists are ordered by their index (sparse and out of order are fine); a key of one of these
 * lists with a malformed index (`variants[x]`, `images[-1]`, above PRODUCT_LIMITS.formIndex) is
 * a 400; any other text key is ignored, as is a text where a file belongs. A file under a key
 * the form does not read (`foo`, `name`, `__proto__[0].image`) is a 400 naming it: a file field
 * is declared once, by being read in `visit`. A variant with neither option1 nor price is left
 * out (SPEC §5), with its files.
 */

export interface ParsedVariant {
  fields: VariantFormFields;
  /** Its uploads, in index order. */
  files: FormFile[];
  /** Its form prefix as sent (`variants[3]`), to name it in messages. */
  key: string;
}

export interface ParsedProductForm {
  fields: Omit<ProductFormFields, 'variants'>;
  /** Whether any `option_names[i]` was sent (an edit without them keeps the stored names). */
  optionNamesSent: boolean;
  /** The product's uploads, in index order. */
  files: FormFile[];
  variants: ParsedVariant[];
}

interface RawVariant {
  text: Record<string, string>;
  existingImages: Map<number, string>;
  files: Map<number, FormFile>;
}

const LISTS = new Set(['images', 'existingImages', 'option_names', 'variants']);
const VARIANT_TEXT = new Set([
  'option1',
  'option2',
  'price',
  'id',
  'clear_images',
  'stock',
  'compare_at_price',
  'sku',
]);
const PRODUCT_TEXT = [
  'name',
  'description',
  'price',
  'condition',
  'category',
  'product_category',
  'clear_images',
  'stock',
  'compare_at_price',
  'sku',
  'status',
] as const;

const invalidKey = (key: string) => {
  return fieldError(key, PRODUCT_MESSAGES.invalidFieldName(key));
};

/** `[7]…` at the start of `rest`: the index and what follows; a malformed index is a 400. */
function takeIndex(key: string, rest: string): { index: number; rest: string } {
  const match = /^\[([^\]]*)\](.*)$/s.exec(rest);
  if (!match) throw invalidKey(key);
  const digits = match[1]!;
  if (!/^\d{1,4}$/.test(digits) || Number(digits) > PRODUCT_LIMITS.formIndex) {
    throw invalidKey(key);
  }
  return { index: Number(digits), rest: match[2]! };
}

const byIndex = <T>(map: Map<number, T>): T[] =>
  [...map.entries()].sort(([a], [b]) => a - b).map(([, value]) => value);

const sortedKeys = <T>(map: Map<number, T>): number[] => [...map.keys()].sort((a, b) => a - b);

/** Reads the form; a 400 naming the field for anything a person has to fix. */
export function parseProductForm(form: MultipartForm): ParsedProductForm {
  const existingImages = new Map<number, string>();
  const optionNames = new Map<number, string>();
  const productFiles = new Map<number, FormFile>();
  const variants = new Map<number, RawVariant>();
  const variantOf = (index: number): RawVariant => {
    let variant = variants.get(index);
    if (!variant) {
      variant = { text: {}, existingImages: new Map(), files: new Map() };
      variants.set(index, variant);
    }
    return variant;
  };

  /** The file fields read: any other file of the form is refused, not dropped. */
  const filesRead = new Set<string>();
  const take = (into: Map<number, FormFile>, index: number, file: FormFile) => {
    into.set(index, file);
    filesRead.add(file.field);
  };

  const visit = (key: string, text: string | undefined, file: FormFile | undefined) => {
    const open = key.indexOf('[');
    const list = open > 0 ? key.slice(0, open) : '';
    if (!LISTS.has(list)) return;
    const { index, rest } = takeIndex(key, key.slice(open));
    if (list === 'images') {
      if (rest === '.image' && file) take(productFiles, index, file);
    } else if (list === 'existingImages') {
      if (rest === '' && text !== undefined) existingImages.set(index, text);
    } else if (list === 'option_names') {
      if (rest === '' && text !== undefined) optionNames.set(index, text);
    } else {
      const field = /^\.(\w+)(.*)$/s.exec(rest);
      if (!field) return;
      const [, name, tail] = field as unknown as [string, string, string];
      if (name === 'existingImages' || name === 'images') {
        const inner = takeIndex(key, tail);
        if (name === 'existingImages' && inner.rest === '' && text !== undefined) {
          variantOf(index).existingImages.set(inner.index, text);
        } else if (name === 'images' && inner.rest === '.image' && file) {
          take(variantOf(index).files, inner.index, file);
        }
      } else if (tail === '' && VARIANT_TEXT.has(name) && text !== undefined) {
        variantOf(index).text[name] = text;
      }
    }
  };
  for (const [key, value] of form.fields) visit(key, value, undefined);
  for (const [key, file] of form.files) visit(key, undefined, file);
  refuseUnreadFiles(form, filesRead);

  // SPEC §5: a variant is sent only with an option1 or a price; an empty one is left out.
  const variantIndexes = sortedKeys(variants).filter((i) => {
    const { option1 = '', price = '' } = variants.get(i)!.text;
    return option1.trim() !== '' || price.trim() !== '';
  });
  const existingIndexes = sortedKeys(existingImages);

  const raw: Record<string, unknown> = {};
  for (const name of PRODUCT_TEXT) {
    const value = form.fields.get(name);
    if (value !== undefined) raw[name] = value;
  }
  raw.existingImages = byIndex(existingImages);
  if (optionNames.size) raw.option_names = byIndex(optionNames);
  raw.variants = variantIndexes.map((i) => {
    const v = variants.get(i)!;
    return { ...v.text, existingImages: byIndex(v.existingImages) };
  });

  const parsed = productFormFields.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = formKey(issue.path, variantIndexes, existingIndexes, variants);
      fields[key] ??= issue.message;
    }
    throw badRequest(Object.values(fields)[0] ?? 'The product form is not valid.', fields);
  }

  const files = byIndex(productFiles);
  const { variants: variantFields, ...fields } = parsed.data;
  const result: ParsedProductForm = {
    fields,
    optionNamesSent: optionNames.size > 0,
    files,
    variants: variantFields.map((fieldsOfVariant, position) => {
      const index = variantIndexes[position]!;
      return {
        fields: fieldsOfVariant,
        files: byIndex(variants.get(index)!.files),
        key: `variants[${index}]`,
      };
    }),
  };
  // Cheap limits before any image is decoded: uploads alone already past the limit.
  if (result.files.length > PRODUCT_LIMITS.images) {
    throw fieldError('images', PRODUCT_MESSAGES.tooManyImages);
  }
  for (const variant of result.variants) {
    if (variant.files.length > PRODUCT_LIMITS.images) {
      throw fieldError(`${variant.key}.images`, PRODUCT_MESSAGES.tooManyImages);
    }
  }
  return result;
}

/** The form key a validation issue is about, with the indexes as they were sent. */
function formKey(
  path: readonly PropertyKey[],
  variantIndexes: number[],
  existingIndexes: number[],
  variants: Map<number, RawVariant>,
): string {
  const [first, second, third, fourth] = path;
  if (first === 'variants' && typeof second === 'number') {
    const index = variantIndexes[second]!;
    const prefix = `variants[${index}]`;
    if (third === 'existingImages' && typeof fourth === 'number') {
      const inner = sortedKeys(variants.get(index)!.existingImages)[fourth];
      return `${prefix}.existingImages[${inner}]`;
    }
    return third === undefined ? prefix : `${prefix}.${String(third)}`;
  }
  if (first === 'existingImages' && typeof second === 'number') {
    return `existingImages[${existingIndexes[second]}]`;
  }
  if (first === 'option_names' && typeof second === 'number') return `option_names[${second}]`;
  return path.length ? String(first) : 'form';
}
