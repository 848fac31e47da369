/**
 * Where the seller's dashboard keeps its answers in the query cache, in one place: the seller
 * features read and change each other's (a saved order reads the sales again, a product sync
 * the products, a shipping sync the fees), and `catalogueChanged` keeps every key starting
 * with 'dashboard' while it drops what the shop cached.
 */
export const SELLER_KEYS = {
  all: ['dashboard'] as const,
  ownedBusinesses: ['dashboard', 'businesses'] as const,
  overview: (businessId: number) => ['dashboard', 'overview', businessId] as const,
  orders: (businessId: number) => ['dashboard', 'orders', businessId] as const,
  products: (businessId: number) => ['dashboard', 'products', businessId] as const,
  reviews: (businessId: number) => ['dashboard', 'reviews', businessId] as const,
  /** A page of the Reviews section in one order (the live stream puts a new review on it). */
  reviewsPage: (businessId: number, sort: 'newest' | 'lowest', page: number) =>
    ['dashboard', 'reviews', businessId, sort, page] as const,
  sales: (businessId: number) => ['dashboard', 'sales', businessId] as const,
  /** The counts of the orders' messages with their buyers, and each thread (decision 0051). */
  orderMessages: (businessId: number) => ['dashboard', 'order-messages', businessId] as const,
  /** The payout ledger (issue 29): a saved or refunded order changes it as it does the sales. */
  payouts: (businessId: number) => ['dashboard', 'sales', businessId, 'payouts'] as const,
  shippingFees: (businessId: number) => ['dashboard', 'shipping-fees', businessId] as const,
  shopifySync: (businessId: number) => ['dashboard', 'shopify-sync', businessId] as const,
  /** What the product sync imports (issue 29, point 8), and the store's products to pick. */
  shopifyImport: (businessId: number) => ['dashboard', 'shopify-import', businessId] as const,
  shopifyStoreProducts: (businessId: number) =>
    ['dashboard', 'shopify-import', businessId, 'store-products'] as const,
  /** The Verified badge and the brand's latest request (issue 29, point 10). */
  verification: (businessId: number) => ['dashboard', 'verification', businessId] as const,
};
