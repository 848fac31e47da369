import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { BRAND_NAME } from '@leafline/contract/constants';

/**
 * The dashboard shell's texts (SPEC §2 Business dashboard, §4, §8): title, selector, overview
 * strip, sections and help; the §8 ones from the contract.
 */
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
  syncedOrdersNote: BUSINESS_MESSAGES.shopifySyncedOrdersNote,
} as const;
