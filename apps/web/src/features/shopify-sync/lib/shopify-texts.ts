import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { BRAND_NAME } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';

/** Texts of the dashboard's Shopify section (SPEC §2, §4, §8); the §8 ones from the contract. */
export const SHOPIFY_SECTION_TEXTS = {
  overviewFailed: BUSINESS_MESSAGES.overviewFailed,
  somethingWentWrong: MESSAGES.somethingWentWrong,
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
