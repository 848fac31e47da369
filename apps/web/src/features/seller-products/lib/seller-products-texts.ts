import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { PRODUCT_STATUS_LABELS } from '@leafline/contract/constants';
import { LOW_STOCK_VIEW, PRODUCT_MESSAGES } from '@leafline/contract/seller-products';
import { STOCK_MESSAGES } from '@leafline/contract/stock-texts';

/** Texts of the dashboard's add-product and products sections (SPEC §2, §4, §8, issue 26). */
export const SELLER_PRODUCTS_TEXTS = {
  productsFailed: BUSINESS_MESSAGES.productsFailed,
  productAdded: PRODUCT_MESSAGES.added,
  /** Over the links to a product just added (issue 24). */
  productAddedNamed: (name: string) => `“${name}” is in your shop now.`,
  /** Issue 29, point 5: saved as a draft, not in the shop. */
  draftAddedNamed: (name: string) =>
    `“${name}” is saved as a draft: only you see it until you make it active.`,
  viewAddedProduct: 'View its page',
  editAddedProduct: 'Edit it',
  productSaved: PRODUCT_MESSAGES.saved,
  productDeleted: PRODUCT_MESSAGES.deleted,
  // SPEC §8 only logs a failed delete; a seller needs to see that it did not happen.
  deleteFailed: 'The product could not be deleted. Please try again.',
  noProducts: 'No products yet.',
  noProductsHint: 'Add your first product and it will show up here.',
  productCount: (n: number) => (n === 1 ? '1 product' : `${n} products`),

  // ---- stock (issue 26) ----
  /** The list's two views, and what the group of their buttons is called. */
  views: { all: 'All products', low: LOW_STOCK_VIEW.label },
  viewsLabel: 'Show',
  lowStockCount: (n: number) =>
    `${n === 1 ? '1 product' : `${n} products`} with ${LOW_STOCK_VIEW.threshold} or fewer left`,
  noLowStock: 'Nothing is running low.',
  noLowStockHint: `Products you count stock of show up here once ${LOW_STOCK_VIEW.threshold} or fewer are left.`,
  stock: 'Stock',
  notCounted: 'Not counted',
  soldOut: STOCK_MESSAGES.soldOut,
  inStock: (n: number) => `${n} in stock`,
  /** Units held by shoppers' open checkouts (still part of the count until they pay or leave). */
  inCheckouts: (n: number) => `(${n} in checkouts)`,
  editStock: 'Edit stock',
  editStockOf: (name: string) => `Edit stock of ${name}`,
  stockOf: (name: string) => `Stock of ${name}`,
  stockEditHint: 'Leave empty if you do not count stock.',
  stockEditVariantHint: 'Empty: not counted',
  saveStock: 'Save',
  saveStockOf: (name: string) => `Save stock of ${name}`,
  cancelStock: 'Cancel',
  cancelStockOf: (name: string) => `Cancel stock edit of ${name}`,
  stockInvalid: STOCK_MESSAGES.stock,
  stockSaved: PRODUCT_MESSAGES.stockSaved,
  // The server's reason when it gave one; else this.
  stockSaveFailed: 'The stock could not be saved. Please try again.',

  // ---- draft, active, archived; search; copies (issue 29, point 5) ----
  filtersLabel: 'Find products',
  statusLabel: 'Status',
  anyStatus: 'Any status',
  searchLabel: 'Search',
  searchHint: 'Part of the name or a SKU',
  noMatch: 'No products match.',
  noMatchHint: 'Try another status or search.',
  showAll: 'Show all products',
  status: PRODUCT_STATUS_LABELS,
  statusSaved: PRODUCT_MESSAGES.statusSaved,
  statusFailed: 'The product could not be changed. Please try again.',
  activate: 'Make active',
  archive: 'Archive',
  duplicate: 'Duplicate',
  duplicated: PRODUCT_MESSAGES.duplicated,
  duplicateFailed: 'The product could not be copied. Please try again.',

  // ---- bulk changes (issue 29, point 7) ----
  select: (name: string) => `Select ${name}`,
  selectPage: 'Select every product on this page',
  selected: (n: number) => (n === 1 ? '1 product selected' : `${n} products selected`),
  clearSelection: 'Clear selection',
  bulkActivate: 'Make active',
  bulkArchive: 'Archive',
  bulkPrice: 'Change price…',
  priceDialogTitle: (n: number) =>
    n === 1 ? 'Change the price of 1 product' : `Change the prices of ${n} products`,
  percentLabel: 'Change in percent',
  percentHint:
    'For example 10 to raise prices by 10 %, or -15 to lower them by 15 %. Rounded to the cent; variants with a price of their own change by the same, and compare-at prices stay.',
  applyPrice: (n: number) => (n === 1 ? 'Change 1 price' : `Change ${n} prices`),
  bulkFailed: 'The products could not be changed. Please try again.',

  // ---- the products CSV (issue 29, point 7) ----
  exportCsv: 'Export CSV',
  exporting: 'Preparing…',
  exportFailed: 'The products could not be exported. Please try again.',
  importCsv: 'Import CSV…',
  importTitle: 'Import products from CSV',
  importHint:
    'Use the columns of the export. Each row is found by its SKU and updated, or created when the SKU is new. Check the file first: nothing is written while any row has an error.',
  importFile: 'CSV file',
  checkFile: 'Check file',
  importRows: (n: number) => (n === 1 ? 'Import 1 row' : `Import ${n} rows`),
  importFailed: 'The file could not be imported. Please try again.',
  previewCaption: 'What each row of the file does',
  previewRow: 'Row',
  previewName: 'Name',
  previewResult: 'Result',
  previewAction: { create: 'Creates it', update: 'Updates it' },
} as const;
