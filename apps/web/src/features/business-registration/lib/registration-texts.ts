import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { BRAND_NAME } from '@leafline/contract/constants';

/** The Register Your Business page's texts (SPEC §2, §4, §8). */
export const REGISTRATION_TEXTS = {
  title: 'Register your business',
  intro: `Tell shoppers who you are. After registering, you set up payouts with our payment partner, Stripe, and can start listing products on ${BRAND_NAME}.`,
  mustLogin: 'Please log in to register your business.',
  businessType: 'Business type',
  ecoFriendly: 'Eco-friendly company',
  individualSeller: 'Individual Seller',
  individualNote:
    'Individual sellers are listed without a description or website, and are not verified.',
  logo: 'Logo',
  banner: 'Banner',
  imageHint: 'Optional. An image file; it is resized for the shop.',
  submit: 'Register business',
  processing: BUSINESS_MESSAGES.processing,
  registered: BUSINESS_MESSAGES.registered,
  failed: BUSINESS_MESSAGES.registerFailed,
  fixFields: 'Please check the highlighted fields.',
} as const;
