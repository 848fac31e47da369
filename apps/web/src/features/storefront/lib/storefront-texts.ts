import { BRAND_NAME } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';

/** The storefront's texts of SPEC §8. */
export const STOREFRONT_TEXTS = {
  businessFailed: MESSAGES.businessDetailsFailed,
  productsFailed: MESSAGES.businessProductsFailed,
  noProducts: MESSAGES.businessNoProducts,
  verified: 'Verified',
  verifiedInfo: `Verified by ${BRAND_NAME}: we have reviewed this brand's materials, production and shipping against our sustainability criteria.`,
} as const;
