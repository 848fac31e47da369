import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { BRAND_NAME } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';
import { SELLER_ORDER_MESSAGES } from '@leafline/contract/seller-orders';
import { PRODUCT_MESSAGES } from '@leafline/contract/seller-products';

/** The dashboard's texts (SPEC §2 Business dashboard, §4, §8); the §8 ones from the contract. */
export const DASHBOARD_TEXTS = {
  title: 'Business dashboard',
  businessLabel: 'Business',
  businessesFailed: BUSINESS_MESSAGES.businessesFailed,
  overviewFailed: BUSINESS_MESSAGES.overviewFailed,
  noBusinesses: BUSINESS_MESSAGES.noBusinesses,
  noBusinessesHint: `Register your business to start selling on ${BRAND_NAME}: it takes a few minutes.`,
  registerLink: 'Register your business',
  sectionsLabel: 'Dashboard sections',
  verified: 'Verified',
  notVerified: 'Not verified yet',
  payoutsActive: 'Payouts active',
  payoutsPending: 'Payouts not set up',
  payoutsRestricted: 'Payouts restricted',
  finishPaymentSetup: BUSINESS_MESSAGES.finishPaymentSetup,
  onboardingLinkError: BUSINESS_MESSAGES.onboardingLinkError,
  onboardingLinkFailed: BUSINESS_MESSAGES.onboardingLinkFailed,
  statProducts: 'Products',
  statOrders: 'Orders',
  statToShip: 'To ship',
  statPayouts: 'Payouts',
  statPayoutsWaiting: 'waiting',
  viewStorefront: 'View storefront',
  helpButton: 'Dashboard help',
  helpTitle: 'Dashboard Help',
  helpPayouts: BUSINESS_MESSAGES.helpPayouts,
  // Edit business
  editTitle: 'Edit business',
  editSave: 'Save changes',
  updated: BUSINESS_MESSAGES.updated,
  updateFailed: BUSINESS_MESSAGES.updateFailed,
  somethingWentWrong: MESSAGES.somethingWentWrong,
  logo: 'Logo',
  banner: 'Banner',
  imageHint: 'Optional. Choose a new image to replace the current one.',
  // Shipping fees
  logisticsTitle: 'Shipping fees',
  logisticsIntro:
    'Your rates per order. A country’s own fee wins, then the fee for all other countries, then the worldwide fee. Leave a field empty for none.',
  worldwideFee: 'Worldwide shipping fee ($)',
  allExceptFee: 'Fee for all countries except those listed ($)',
  thresholdFree: 'Free shipping from an order of ($, optional)',
  countryFeesTitle: 'Country fees',
  countryCode: 'Country code',
  countryCodeHint: 'Two letters, like US or CA.',
  countryFee: 'Fee ($)',
  addCountry: 'Add country fee',
  removeCountry: (code: string) => `Remove ${code}`,
  noCountryFees: 'No country fees yet.',
  shippingSave: 'Save shipping fees',
  shippingLoadFailed: 'Failed to load shipping fees.',
  shippingSaveFailed: 'Failed to save shipping fees.',
  // Shopify
  shopifyTitle: 'Shopify',
  shopifyIntro:
    'Connect your Shopify store to import its products and shipping rates, and to sync orders.',
  storeUrl: 'Store URL',
  storeUrlHint: 'Like your-store.myshopify.com.',
  accessToken: 'Admin API access token',
  accessTokenHint: 'From a custom app in your Shopify admin (Settings › Apps and sales channels).',
  connect: 'Connect store',
  connected: 'Your Shopify store is connected.',
  connectFailed: BUSINESS_MESSAGES.shopifyConnectFailed,
  connectedStore: 'Connected store',
  // The sync texts (buttons, progress, results) are the contract's SHOPIFY_TEXTS.
  orderSyncHint: `Each order paid on ${BRAND_NAME} is created in your Shopify store.`,
  orderSyncFailed: 'Failed to change order sync.',
  syncedOrdersNote: BUSINESS_MESSAGES.shopifySyncedOrdersNote,
  disconnect: 'Disconnect store',
  disconnectTitle: 'Disconnect Shopify?',
  disconnectDescription: (store: string) =>
    `${store} will be disconnected: its access token is deleted and order sync is turned off. Products imported from it stay in your shop.`,
  disconnected: 'Your Shopify store is disconnected.',
  disconnectFailed: 'The store could not be disconnected. Please try again.',
} as const;

/** Texts of the dashboard's products and orders sections (SPEC §2, §4, §8). */
export const CATALOG_TEXTS = {
  productsFailed: BUSINESS_MESSAGES.productsFailed,
  ordersFailed: BUSINESS_MESSAGES.ordersFailed,
  orderUpdateFailed: BUSINESS_MESSAGES.orderUpdateFailed,
  orderSaved: SELLER_ORDER_MESSAGES.saved,
  productAdded: PRODUCT_MESSAGES.added,
  /** Over the links to a product just added (issue 24). */
  productAddedNamed: (name: string) => `“${name}” is in your shop now.`,
  viewAddedProduct: 'View its page',
  editAddedProduct: 'Edit it',
  productSaved: PRODUCT_MESSAGES.saved,
  productDeleted: PRODUCT_MESSAGES.deleted,
  // SPEC §8 only logs a failed delete; a seller needs to see that it did not happen.
  deleteFailed: 'The product could not be deleted. Please try again.',
  noProducts: 'No products yet.',
  noProductsHint: 'Add your first product and it will show up here.',
  noOrders: 'No orders yet.',
  noOrdersHint: 'When shoppers buy your products, their orders will show up here to fulfil.',
} as const;
