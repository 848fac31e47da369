import { BRAND_NAME } from '@leafline/contract/constants';

/** The storefront's texts of SPEC §8. */
export const STOREFRONT_TEXTS = {
  businessFailed: 'Failed to load business details.',
  productsFailed: 'Failed to load products.',
  noProducts: 'No products available from this business at the moment.',
  verified: 'Verified',
  verifiedInfo: `Verified by ${BRAND_NAME}: we have reviewed this brand's materials, production and shipping against our sustainability criteria.`,
} as const;
