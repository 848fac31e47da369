import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@leafline/contract/seller-products';

/** Texts of the product form (SPEC §4, §5, §8). */
export const PRODUCT_FORM_TEXTS = {
  selectBusinessFirst: BUSINESS_MESSAGES.selectBusinessFirst,
  // SPEC §8 only logs a failed save; a seller needs to see why it did not happen.
  saveFailed: 'The product could not be saved. Please try again.',
  fixErrors: 'Please correct the highlighted fields.',
  tooManyImages: PRODUCT_MESSAGES.tooManyImages,
  // Photos of an option value (issue 24 point 14, docs/decisions/0024).
  optionPhotosTitle: 'Photos of an option value',
  optionPhotosHint:
    'Tie a product picture to an option value (e.g. Colour: Navy): every Navy variant then shows it first, in the shop, the cart and orders, and the other variants leave it out. A picture for every variant shows with all of them.',
  everyVariant: 'Every variant',
  photoShows: (n: number) => `Picture ${n} shows`,
  // Stock (issue 26): an empty field means the brand does not count it (sold without limit).
  stock: 'Stock',
  variantStock: (n: number) => `Stock (variant ${n})`,
  stockHint: 'Units you have. Leave empty if you do not count stock.',
  variantStockHint: 'Empty: not counted',
  stockPlaceholder: 'Not counted',
  // Issue 29, point 6: the former price and the brand's own code.
  compareAt: 'Compare-at price',
  compareAtHint: 'Optional: what it sold for before, shown struck through. More than the price.',
  variantCompareAt: (n: number) => `Compare-at price (variant ${n})`,
  sku: 'SKU',
  skuHint: 'Optional: your own code for it, unique in your shop.',
  variantSku: (n: number) => `SKU (variant ${n})`,
  // Issue 29, point 5.
  status: 'Status',
  statusOptions: {
    active: 'Active — in the shop',
    draft: 'Draft — only you see it',
    archived: 'Archived — out of the shop',
  },
  // Variants from option values.
  optionValues: (name: string) => `${name} values`,
  optionValuesHint: 'Separated by commas, e.g. S, M, L',
  makeVariants: 'Make every combination',
  madeVariants: (made: number, kept: number) =>
    `${made} new ${made === 1 ? 'row' : 'rows'} added${kept ? `, ${kept} kept` : ''}: give each a price and stock if it differs.`,
  noNewVariants: 'Every combination already has a row.',
  noOptionValues: 'Give the values of at least the first option, separated by commas.',
  tooManyCombinations: (n: number) =>
    `That would make ${n} variants, more than the ${PRODUCT_LIMITS.variants} a product can have.`,
} as const;
