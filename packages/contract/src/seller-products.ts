import { z } from 'zod';
import { errorResponse } from './auth';
import { priceString, productDetailResponse, productVariant } from './catalog';
import {
  DEFAULT_PRODUCT_CATEGORY,
  PRODUCT_CATEGORIES,
  PRODUCT_CONDITIONS,
  PRODUCT_STATUSES,
  type ProductStatus,
} from './constants';
import { MAX_STORED_ID, parseId } from './ids';
import { sellerPageQuery } from './seller-orders';
import { LOW_STOCK_THRESHOLD, MAX_STOCK, STOCK_MESSAGES, stockInput } from './stock';

/**
 * Selling, the products (SPEC §2 dashboard add/products, §3 Product form, §5, §7): the one
 * product form of add and edit, sent as multipart with the §7 field names:
 *   name, description, price, condition, category, product_category, clear_images,
 *   images[i].image (files), existingImages[i],
 *   variants[i].option1 / option2 / price / id / clear_images / images[j].image (files) /
 *   existingImages[j], and stock / variants[i].stock (issue 26: units in stock, '' not counted),
 * and, beside them, option_names[0] and option_names[1] (the names of option1 and option2,
 * "Size", "Colour"; optional), and the option value a product picture shows (issue 24 point
 * 14, docs/decisions/0024): images[i].option1 or images[i].option2 for an upload,
 * existingImages[i].option1 or existingImages[i].option2 for a kept picture ('' unties it;
 * not sent, a kept picture keeps its tie), and the final place of each picture among the
 * product's (docs/decisions/0028): images[i].position and existingImages[i].position, 0-based,
 * one for every picture or none (then kept pictures first, in their order, then uploads); a
 * variant's own pictures likewise (variants[i].images[j].position,
 * variants[i].existingImages[j].position).
 * The server reads the text parts into `productFormFields` below; files are kept by key.
 */

export const PRODUCT_LIMITS = {
  name: 200,
  description: 10_000,
  category: 100,
  option: 100,
  optionName: 50,
  /** Pictures of one product, and of one variant. */
  images: 10,
  variants: 100,
  /** Largest index a form key may carry (`variants[1000].price`); larger is a 400. */
  formIndex: 1000,
  /** Largest price, in cents ($100,000.00). */
  maxPriceCents: 10_000_000,
  /** A SKU's longest text (issue 29, point 6). */
  sku: 64,
} as const;

export const PRODUCT_MESSAGES = {
  saved: 'Product saved.',
  stockSaved: 'Stock saved.',
  added: 'Product added.',
  deleted: 'Product deleted.',
  price: 'Price must be an amount like 12.50, more than 0, with at most two decimal places.',
  variantPrice:
    'A variant price must be an amount like 12.50, more than 0, with at most two decimal places.',
  tooManyImages: `A product or a variant can have at most ${PRODUCT_LIMITS.images} pictures.`,
  tooManyVariants: `A product can have at most ${PRODUCT_LIMITS.variants} variants.`,
  unknownVariant: 'This variant does not belong to the product.',
  unknownImage: 'This picture does not belong to the product.',
  duplicateVariant: 'A variant is sent twice.',
  tooManyOptionNames: 'A product has at most two option names.',
  /** `images[i].option1` and `images[i].option2` both given for one picture. */
  oneOptionValue: 'A picture shows the variants of one option value: give option1 or option2.',
  optionValueLength: `An option must be at most ${PRODUCT_LIMITS.option} characters.`,
  /**
   * An option value or a position sent for a picture the form does not carry
   * (`images[3].option1` or `images[3].position` alone).
   */
  optionValueWithoutPicture: (name: string) =>
    `The form field "${name}" names no picture of the form.`,
  /**
   * The final order of a product's (or a variant's) pictures sent as `existingImages[i].position`
   * / `images[i].position` (docs/decisions/0028): not a whole number, used twice, out of range
   * or missing for a picture. `count`: how many pictures the save leaves.
   */
  picturePositions: (count: number) =>
    `Picture positions must be the whole numbers 0 to ${Math.max(count - 1, 0)}, one for each picture, each used once.`,
  /** A form key of the §7 shape with a malformed or too large index (`variants[x].price`). */
  invalidFieldName: (name: string) => `The form field "${name}" is not valid.`,
  /** Issue 29, point 6: what it sold for before, struck through in the shop. */
  compareAtPrice:
    'A compare-at price must be an amount like 12.50, more than 0, with at most two decimal places.',
  compareAtAbovePrice: 'The compare-at price must be more than the price.',
  skuLength: `A SKU must be at most ${PRODUCT_LIMITS.sku} characters.`,
  /** The same SKU on two variants of the form. */
  skuTwice: (sku: string) => `SKU ${sku} is given twice.`,
  /** A SKU another product of the brand has. */
  skuTaken: (sku: string) => `SKU ${sku} is already used by another of your products.`,
  productCategory: `Product category must be one of: ${PRODUCT_CATEGORIES.join(', ')}.`,
  condition: 'Condition must be new or second_hand.',
  /** Issue 29, point 5. */
  status: `Status must be one of: ${PRODUCT_STATUSES.join(', ')}.`,
  statusSaved: (status: string) =>
    status === 'active'
      ? 'Product is in the shop.'
      : status === 'draft'
        ? 'Product saved as a draft: only you see it.'
        : 'Product archived: out of the shop, its orders kept.',
  duplicated: 'Copy saved as a draft.',
  /** A copy's name: the original's, marked. */
  copyName: (name: string) => `Copy of ${name}`,
} as const;

/**
 * A price as typed in the form: "12", "12.5", "12.50" → cents. Refuses 'abc', negatives, 0
 * and more than two decimals, with `message`.
 */
export const priceInput = (message: string) =>
  z.string({ error: message }).transform((value, ctx): number => {
    const text = value.trim();
    const match = /^(\d{1,7})(?:\.(\d{0,2}))?$/.exec(text) ?? /^()\.(\d{1,2})$/.exec(text);
    const cents = match
      ? Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'))
      : Number.NaN;
    if (!(cents > 0) || cents > PRODUCT_LIMITS.maxPriceCents) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, `${label} is required.`)
        .max(max, `${label} must be at most ${max} characters.`),
    );

const flag = z
  .string()
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'on');

/** An optional amount: empty or not sent → null. */
const optionalPrice = (message: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(priceInput(message).optional())
    .transform((v) => v ?? null);

/**
 * `compare_at_price` and `sku` (issue 29, point 6) of a product without variants or of a
 * variant: empty or not sent → null (an edit that leaves them out clears them, as the form
 * always sends what it shows).
 */
const compareAtAndSku = {
  compare_at_price: optionalPrice(PRODUCT_MESSAGES.compareAtPrice),
  sku: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null))
    .pipe(z.string().max(PRODUCT_LIMITS.sku, PRODUCT_MESSAGES.skuLength).nullable()),
};

/** An existing picture to keep: its id, or its address (`/media/…`) as the payloads give it. */
const existingImage = z.string().trim().min(1).max(2048);

export const variantFormFields = z.object({
  /** An existing variant of this product (edit); absent for a new one. */
  id: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || /^\d{1,10}$/.test(v), 'A variant id must be a whole number.')
    .transform((v) => (v === undefined ? undefined : Number(v))),
  option1: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(PRODUCT_LIMITS.option, 'An option must be at most 100 characters.')),
  option2: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null))
    .pipe(
      z.string().max(PRODUCT_LIMITS.option, 'An option must be at most 100 characters.').nullable(),
    ),
  /** Empty → the product's price. */
  price: optionalPrice(PRODUCT_MESSAGES.variantPrice),
  ...compareAtAndSku,
  clear_images: flag,
  existingImages: z.array(existingImage).max(PRODUCT_LIMITS.images, PRODUCT_MESSAGES.tooManyImages),
  /**
   * `variants[i].stock` (issue 26): units in stock, '' for not counted; not sent: a new variant
   * is not counted, an existing one keeps its count.
   */
  stock: stockInput,
});
export type VariantFormFields = z.output<typeof variantFormFields>;

export const productFormFields = z
  .object({
    name: requiredText('Name', PRODUCT_LIMITS.name),
    description: requiredText('Description', PRODUCT_LIMITS.description),
    price: priceInput(PRODUCT_MESSAGES.price),
    condition: z
      .string({ error: PRODUCT_MESSAGES.condition })
      .transform((v) => v.trim())
      .pipe(z.enum(PRODUCT_CONDITIONS, { error: PRODUCT_MESSAGES.condition })),
    category: z
      .string()
      .optional()
      .transform((v) => (v?.trim() ? v.trim() : DEFAULT_PRODUCT_CATEGORY))
      .pipe(z.string().max(PRODUCT_LIMITS.category, 'Category must be at most 100 characters.')),
    product_category: z
      .string({ error: PRODUCT_MESSAGES.productCategory })
      .transform((v) => v.trim())
      .pipe(z.enum(PRODUCT_CATEGORIES, { error: PRODUCT_MESSAGES.productCategory })),
    clear_images: flag,
    existingImages: z
      .array(existingImage)
      .max(PRODUCT_LIMITS.images, PRODUCT_MESSAGES.tooManyImages),
    /**
     * `stock` (issue 26), for a product without variants: units in stock, '' for not counted.
     * Not sent: on add, 1 for a second-hand product and not counted for a new one; on edit, the
     * count is kept.
     */
    stock: stockInput,
    ...compareAtAndSku,
    /**
     * `status` (issue 29, point 5): active (the shop), draft or archived (the dashboard only).
     * Not sent: a new product is active, an edited one keeps its status.
     */
    status: z
      .string()
      .optional()
      .transform((v) => (v?.trim() ? v.trim() : undefined))
      .pipe(z.enum(PRODUCT_STATUSES, { error: PRODUCT_MESSAGES.status }).optional()),
    option_names: z
      .array(
        z
          .string()
          .trim()
          .max(PRODUCT_LIMITS.optionName, 'An option name must be at most 50 characters.'),
      )
      .max(2, PRODUCT_MESSAGES.tooManyOptionNames)
      .default([]),
    variants: z
      .array(variantFormFields)
      .max(PRODUCT_LIMITS.variants, PRODUCT_MESSAGES.tooManyVariants),
  })
  .superRefine((form, ctx) => {
    // A compare-at price is what it sold for before: more than the price it is shown beside
    // (a variant's own, else the product's).
    if (form.compare_at_price !== null && form.compare_at_price <= form.price) {
      ctx.addIssue({
        code: 'custom',
        path: ['compare_at_price'],
        message: PRODUCT_MESSAGES.compareAtAbovePrice,
      });
    }
    const skus = new Set<string>();
    const once = (sku: string | null, path: PropertyKey[]) => {
      if (sku === null) return;
      const key = sku.toLowerCase();
      if (skus.has(key)) {
        ctx.addIssue({ code: 'custom', path, message: PRODUCT_MESSAGES.skuTwice(sku) });
      }
      skus.add(key);
    };
    once(form.sku, ['sku']);
    form.variants.forEach((variant, index) => {
      const price = variant.price ?? form.price;
      if (variant.compare_at_price !== null && variant.compare_at_price <= price) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', index, 'compare_at_price'],
          message: PRODUCT_MESSAGES.compareAtAbovePrice,
        });
      }
      once(variant.sku, ['variants', index, 'sku']);
    });
  });
export type ProductFormFields = z.output<typeof productFormFields>;

/** A product as its owner sees it in the dashboard: the detail payload plus its dates. */
export const sellerProduct = productDetailResponse.extend({
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * For its brand, `stock` is the count the form edits: units in stock, including the
   * `reserved` ones that open checkouts hold (issue 26); the shop shows stock − reserved.
   */
  reserved: z.number().int(),
  /**
   * For its brand (issue 29, point 6): the compare-at price as saved (the shop shows it only
   * when more than the price) and the brand's SKU, of the product and of each variant.
   */
  compare_at_price: priceString.nullable(),
  sku: z.string().nullable(),
  /** Issue 29, point 5: only an active product is in the shop. */
  status: z.enum(PRODUCT_STATUSES),
  variants: z.array(
    productVariant.extend({
      reserved: z.number().int(),
      compare_at_price: priceString.nullable(),
      sku: z.string().nullable(),
    }),
  ),
});
export type SellerProduct = z.infer<typeof sellerProduct>;

/**
 * `GET api/business/products/{businessId}/`: a list (SPEC §7), newest first, a page at a time
 * (`?page=`, `SELLER_PAGE_SIZE` each); the total is in the `X-Total-Count` header.
 */
export const sellerProductsResponse = z.array(sellerProduct);

/** Answer of add (201) and edit (200): the product as saved. */
export const productSavedResponse = z.object({ message: z.string(), product: sellerProduct });
export type ProductSavedResponse = z.infer<typeof productSavedResponse>;

/** Params of the product edit and delete calls: `productIdParams` of the cart contract. */

/** A count as the quick stock edit sends it: a whole number 0..MAX_STOCK, or null (not counted). */
const stockValue = z
  .number({ error: STOCK_MESSAGES.stock })
  .int(STOCK_MESSAGES.stock)
  .min(0, STOCK_MESSAGES.stock)
  .max(MAX_STOCK, STOCK_MESSAGES.stock)
  .nullable();

/**
 * `PATCH api/products/{productId}/stock/`: the dashboard's quick stock edit (issue 26). `stock`
 * for a product without variants, `variants` (id and count) for its variants; at least one.
 * The answer is `productSavedResponse`.
 */
export const stockUpdateBody = z
  .object(
    {
      stock: stockValue.optional(),
      variants: z
        .array(z.object({ id: z.number().int(), stock: stockValue }))
        .max(PRODUCT_LIMITS.variants, PRODUCT_MESSAGES.tooManyVariants)
        .optional(),
    },
    { error: 'Send stock, or variants with their stock.' },
  )
  .refine((v) => v.stock !== undefined || (v.variants?.length ?? 0) > 0, {
    message: 'Send stock, or variants with their stock.',
  });
export type StockUpdateBody = z.input<typeof stockUpdateBody>;

/**
 * The seller's product list's query: `page`, and `stock=low` for the "Low stock" view — the
 * products with a counted product or variant at LOW_STOCK_THRESHOLD or fewer left, sold out
 * included, fewest left first.
 */
export const sellerProductsQuery = sellerPageQuery.extend({
  stock: z.enum(['low'], { error: 'stock must be low, or left out.' }).optional(),
  /** Issue 29, point 5: one status only (left out: every status). */
  status: z.enum(PRODUCT_STATUSES, { error: PRODUCT_MESSAGES.status }).optional(),
  /** Part of the name or of a SKU (the product's or a variant's), any case. */
  q: z
    .string()
    .trim()
    .max(100, 'A search is at most 100 characters.')
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** `PATCH api/products/{productId}/status/` (issue 29, point 5): into the shop, or out of it. */
export const productStatusBody = z.object({
  status: z.enum(PRODUCT_STATUSES, { error: PRODUCT_MESSAGES.status }),
});
export type ProductStatusBody = z.input<typeof productStatusBody>;
export const LOW_STOCK_VIEW = { threshold: LOW_STOCK_THRESHOLD, label: 'Low stock' } as const;

/** What a bulk change does to the products picked (issue 29, point 7). */
export const PRODUCT_BULK_ACTIONS = ['active', 'draft', 'archived', 'price'] as const;
/** At most this many products in one bulk change (a page of the list is 20). */
export const PRODUCT_BULK_MAX = 100;

export const PRODUCT_BULK_MESSAGES = {
  action: `Action must be one of: ${PRODUCT_BULK_ACTIONS.join(', ')}.`,
  ids: `Pick from 1 to ${PRODUCT_BULK_MAX} products.`,
  percent: 'Give a change of price in percent between -90 and 1000, like 10 or -15 (not 0).',
  /** A product picked that is not the business's (or no longer exists): nothing is changed. */
  unknownProduct: 'A product picked is not one of this business’s. Nothing was changed.',
  priceOutOfRange: (name: string) =>
    `The new price of “${name}” would be out of range ($0.01 to $100,000.00). Nothing was changed.`,
  statusSaved: (n: number, status: ProductStatus) =>
    `${n === 1 ? '1 product' : `${n} products`} ${status === 'active' ? 'now in the shop' : status === 'draft' ? 'now drafts' : 'archived'}.`,
  priceSaved: (n: number, percent: number) =>
    `${n === 1 ? '1 price' : `Prices of ${n} products`} ${percent > 0 ? 'raised' : 'lowered'} by ${Math.abs(percent)} %.`,
} as const;

/** A change of price in percent: -90 to 1000, two decimals at most, not 0. */
export const productBulkPercent = z
  .number({ error: PRODUCT_BULK_MESSAGES.percent })
  .min(-90, PRODUCT_BULK_MESSAGES.percent)
  .max(1000, PRODUCT_BULK_MESSAGES.percent)
  .refine((v) => v !== 0 && Math.round(v * 100) === v * 100, PRODUCT_BULK_MESSAGES.percent);

/**
 * `POST api/business/products/{businessId}/bulk/` (issue 29, point 7): the products picked made
 * active, drafts or archived, or their prices (the product's and each variant's own) changed by
 * a percentage, rounded to the cent. All or nothing.
 */
export const productBulkBody = z
  .object({
    ids: z
      .array(z.number().int().positive().max(MAX_STORED_ID), { error: PRODUCT_BULK_MESSAGES.ids })
      .min(1, PRODUCT_BULK_MESSAGES.ids)
      .max(PRODUCT_BULK_MAX, PRODUCT_BULK_MESSAGES.ids),
    action: z.enum(PRODUCT_BULK_ACTIONS, { error: PRODUCT_BULK_MESSAGES.action }),
    percent: productBulkPercent.optional(),
  })
  .refine((body) => body.action !== 'price' || body.percent !== undefined, {
    message: PRODUCT_BULK_MESSAGES.percent,
    path: ['percent'],
  });
export type ProductBulkBody = z.input<typeof productBulkBody>;

/** A price in cents changed by `percent` (two decimals at most), to the cent, half up. */
export const priceAfterPercent = (cents: number, percent: number) =>
  Math.round((cents * (10_000 + Math.round(percent * 100))) / 10_000);
export const productBulkResponse = z.object({
  message: z.string(),
  /** How many products were changed. */
  updated: z.number().int(),
});

/**
 * The products CSV (issue 29, point 7): export and import in the same columns, a row per thing
 * sold (a product without variants, or each live variant, its product's fields repeated). The
 * import creates or updates by SKU: a row's SKU found among the brand's products or variants
 * updates that one; an unknown SKU is new — a variant of `product_id` when given, else a new
 * product (rows with option1 and the same name are one product's variants).
 */
export const PRODUCT_CSV_COLUMNS = [
  'product_id',
  'sku',
  'name',
  'description',
  'status',
  'condition',
  'product_category',
  'category',
  'option1_name',
  'option1',
  'option2_name',
  'option2',
  'price',
  'compare_at_price',
  'stock',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
/** Rows one import takes at most. */
export const PRODUCT_IMPORT_MAX_ROWS = 1000;

export const PRODUCT_IMPORT_MESSAGES = {
  noFile: 'Send the CSV file as the form field "file".',
  unreadable: 'The file could not be read as CSV (UTF-8, comma separated).',
  columns: (missing: readonly string[]) =>
    `The first line must name the columns ${PRODUCT_CSV_COLUMNS.join(', ')}; missing: ${missing.join(', ')}.`,
  noRows: 'The file has no product rows under its first line.',
  tooManyRows: `At most ${PRODUCT_IMPORT_MAX_ROWS} rows at a time.`,
  skuRequired: 'A SKU is required: the import finds or creates each row by it.',
  skuTwice: (row: number) => `This SKU is also on row ${row}.`,
  unknownProduct: 'product_id is not one of your products.',
  otherProduct: 'This SKU belongs to another of your products than product_id says.',
  option1Required: 'A variant needs its option1 value.',
  productId: 'product_id must be the number of one of your products, or empty.',
  hasErrors: (n: number) =>
    `${n === 1 ? '1 row has errors' : `${n} rows have errors`}: nothing was written.`,
  imported: (created: number, updated: number) => `${created} created, ${updated} updated.`,
  preview: (created: number, updated: number) =>
    `Ready: ${created} to create, ${updated} to update.`,
} as const;

const trimmed = z.string().transform((v) => v.trim());
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  trimmed.transform((v) => v || undefined).pipe(z.enum(values, { error: message }).optional());
const cellOf = (max: number, message: string) => trimmed.pipe(z.string().max(max, message));

/**
 * One row of the products CSV as read (issue 29, point 7), every column a text: the product
 * form's own rules. An empty status, condition, product_category or category is the default on
 * a new product and unchanged on an update; an empty stock is "not counted", as exported.
 */
export const productCsvRow = z
  .object({
    product_id: trimmed
      .refine((v) => v === '' || parseId(v) !== null, PRODUCT_IMPORT_MESSAGES.productId)
      .transform((v) => (v ? Number(v) : null)),
    sku: trimmed
      .pipe(z.string().min(1, PRODUCT_IMPORT_MESSAGES.skuRequired))
      .pipe(z.string().max(PRODUCT_LIMITS.sku, PRODUCT_MESSAGES.skuLength)),
    name: requiredText('Name', PRODUCT_LIMITS.name),
    description: requiredText('Description', PRODUCT_LIMITS.description),
    status: optionalChoice(PRODUCT_STATUSES, PRODUCT_MESSAGES.status),
    condition: optionalChoice(PRODUCT_CONDITIONS, PRODUCT_MESSAGES.condition),
    product_category: optionalChoice(PRODUCT_CATEGORIES, PRODUCT_MESSAGES.productCategory),
    category: cellOf(PRODUCT_LIMITS.category, 'Category must be at most 100 characters.'),
    option1_name: cellOf(
      PRODUCT_LIMITS.optionName,
      'An option name must be at most 50 characters.',
    ),
    option1: cellOf(PRODUCT_LIMITS.option, PRODUCT_MESSAGES.optionValueLength),
    option2_name: cellOf(
      PRODUCT_LIMITS.optionName,
      'An option name must be at most 50 characters.',
    ),
    option2: cellOf(PRODUCT_LIMITS.option, PRODUCT_MESSAGES.optionValueLength),
    price: priceInput(PRODUCT_MESSAGES.price),
    compare_at_price: optionalPrice(PRODUCT_MESSAGES.compareAtPrice),
    stock: stockInput,
  })
  .superRefine((row, ctx) => {
    if (row.compare_at_price !== null && row.compare_at_price <= row.price) {
      ctx.addIssue({
        code: 'custom',
        path: ['compare_at_price'],
        message: PRODUCT_MESSAGES.compareAtAbovePrice,
      });
    }
  });
export type ProductCsvRow = z.output<typeof productCsvRow>;

/** One row of an import's answer: what it does, or why it cannot. */
export const productImportRow = z.object({
  /** Its line in the file (the column names are line 1). */
  row: z.number().int(),
  sku: z.string(),
  name: z.string(),
  action: z.enum(['create', 'update']),
  errors: z.array(z.string()),
});
export type ProductImportRow = z.infer<typeof productImportRow>;

/**
 * `POST api/business/products/{businessId}/import/` (multipart `file`): with `dry_run=true` the
 * preview (nothing written); without, the import, all or nothing. Rows with errors make a 400
 * whose body carries the same `rows`.
 */
export const productImportResponse = z.object({
  message: z.string(),
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  rows: z.array(productImportRow),
});
export type ProductImportResponse = z.infer<typeof productImportResponse>;
/** The import's 400 when rows have errors: every row, each with its own (nothing written). */
export const productImportErrorResponse = errorResponse.extend({
  rows: z.array(productImportRow).optional(),
});
export const productImportQuery = z.object({
  dry_run: z
    .enum(['true', 'false'], { error: 'dry_run must be true or false.' })
    .optional()
    .transform((v) => v === 'true'),
});
