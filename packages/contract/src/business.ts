import { z } from 'zod';
import { publicBusinessResponse } from './catalog';
import { BRAND_NAME, BUSINESS_TYPES, COMMISSION_PERCENT } from './constants';
import { checkReturnsPolicy, deliveryFormFields } from './delivery';
import { MESSAGES } from './messages';

/**
 * Selling, the business (SPEC §2 Register Your Business and Business dashboard, §3 Business
 * and Business registration, §4, §5, §7, §8; DESIGN 2.8, 2.16, 2.18): registration, the
 * owner's list and overview, the edit form and payout onboarding.
 */

/** Screen texts of SPEC §4/§8 for the seller's side, typed once. */
export const BUSINESS_MESSAGES = {
  processing: 'Processing...',
  registered: 'Business registered successfully! Taking you to Stripe, please do not reload...',
  registerFailed: 'Failed to register business.',
  /** SPEC §4: the description an Individual Seller gets (with the brand name). */
  individualSellerDescription: `* This is an individual seller, not verified by ${BRAND_NAME}.`,
  updateFailed: 'Failed to update business.',
  updated: 'Business updated.',
  somethingWentWrong: MESSAGES.somethingWentWrong,
  businessesFailed: 'Something went wrong while fetching businesses',
  overviewFailed: 'Something went wrong while fetching business overview',
  ordersFailed: 'Something went wrong while fetching orders',
  productsFailed: 'Something went wrong while fetching products',
  selectBusinessFirst: 'Please select a business before adding or editing a product.',
  orderUpdateFailed: 'Failed to update order.',
  /** 409 of an order edit while the buyer has not paid (issue 24 point 1). */
  orderAwaitingPayment:
    'This order has not been paid yet, so it cannot be shipped or changed. It appears in your orders once the buyer pays.',
  onboardingLinkError: 'Error creating onboarding link: ',
  onboardingLinkFailed: 'Failed to generate onboarding link.',
  /** 409 of the onboarding link: nothing left to set up. */
  payoutsAlreadyActive: 'Payouts are already set up for this business.',
  /** 502 of the onboarding link (shown after onboardingLinkError). */
  providerUnavailable:
    'The payment provider could not be reached. Please try again in a few minutes.',
  /** 400 of the onboarding link without anything naming the business. */
  onboardingTargetMissing: 'Send the account_id or the business_id of the business.',
  finishPaymentSetup: 'Finish setting up payouts',
  shopifyConnectFailed: 'Failed to connect.',
  /** 400 of the Shopify connect when Shopify says why (issue 24, point 16). */
  shopifyTokenRefused:
    'Shopify refused this access token. Copy the Admin API access token of your app again (it starts with shpat_).',
  shopifyStoreNotFound: (store: string) =>
    `Shopify has no store at ${store}. Check the store address.`,
  shopifyStoreUnavailable:
    'Your Shopify store is paused, frozen or locked. Connect it again once it is open.',
  shopifyScopeMissing: (scopes: readonly string[]) =>
    `The access token lacks the Admin API access scope ${scopes.join(', ')}. Add it to your Shopify app, install the app again and connect with its new token.`,
  /** 503 of the Shopify connect: Shopify down, failing or too slow. */
  shopifyUnreachable: 'Shopify could not be reached. Please try again in a few minutes.',
  /**
   * 400 of the Shopify connect: a token with characters no Shopify token has (a space, a
   * zero-width or accented character picked up in copying), which no request could carry.
   */
  shopifyAccessTokenInvalid:
    'The access token can only contain letters, digits and symbols, without spaces. Copy it again from Shopify.',
  /** 400 of the Shopify connect: an address that is not a Shopify store's. */
  shopifyStoreUrlInvalid:
    'Enter your Shopify store address, like your-store.myshopify.com or just your-store.',
  productSyncFailed: 'Failed to sync products.',
  /** SPEC §2: the note of the Shopify section. */
  shopifySyncedOrdersNote:
    'Orders synced from Shopify show here as Pending even though they are already paid.',
  /** SPEC §1: the Dashboard Help modal says payouts are shown after the commission. */
  helpPayouts: `Payouts shown in your dashboard already have the ${COMMISSION_PERCENT} ${BRAND_NAME} commission deducted.`,
  /** Any business, product or order the caller does not own (DESIGN 2.16: no oracle). */
  businessNotFound: 'Business not found',
  productNotFound: MESSAGES.productNotFound,
  orderNotFound: 'Order not found',
  noBusinesses: "You don't have a business yet.",
} as const;

/** Longest texts accepted in the business form (no bounds in the spec; a person's sizes). */
export const BUSINESS_LIMITS = {
  name: 120,
  email: 254,
  website: 2048,
  description: 5000,
  shortText: 2000,
} as const;

/** `stripe_status` values: pending until payouts are set up, then active (or restricted). */
export const STRIPE_STATUSES = ['pending', 'active', 'restricted'] as const;
export type StripeStatus = (typeof STRIPE_STATUSES)[number];

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, `${label} is required.`)
        .max(max, `${label} must be at most ${max} characters.`),
    );

const optionalText = (label: string, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters.`));

/**
 * A website as the owner typed it, with `https://` put in front when it has no scheme
 * ('fernwood.example/shop' → 'https://fernwood.example/shop'; issue 24). Something with a
 * scheme of its own ('ftp:', 'javascript:') is left as it is, for the check to refuse.
 */
export function withHttps(value: string): string {
  const v = value.trim();
  if (v === '' || /^[a-z][a-z\d+-]*:/i.test(v)) return v;
  return `https://${v.replace(/^\/+/, '')}`;
}

const website = z
  .string()
  .optional()
  .transform((v) => withHttps(v ?? ''))
  .refine(
    (v) => v === '' || (/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v) && URL.canParse(v)),
    'Website must be a full address starting with https://',
  )
  .pipe(z.string().max(BUSINESS_LIMITS.website, 'Website is too long.'));

const publicEmail = z
  .string({ error: 'Public email is required.' })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, 'Public email is required.')
      .max(BUSINESS_LIMITS.email, 'Public email is too long.')
      .pipe(z.email('Enter a valid email address.')),
  );

/**
 * The text fields of `POST api/registerbiz/` (multipart; `logo` and `banner` are files).
 * Description is required for an eco-friendly company only (SPEC §5).
 */
export const registerBusinessFields = z
  .object({
    name: trimmed('Business name', BUSINESS_LIMITS.name),
    description: optionalText('Description', BUSINESS_LIMITS.description),
    email: publicEmail,
    website,
    business_type: z
      .enum(BUSINESS_TYPES, {
        error: 'Business type must be eco_friendly_company or individual_seller.',
      })
      .optional()
      .transform((v) => v ?? 'eco_friendly_company'),
    shipping_strategy: trimmed('Shipping strategy', BUSINESS_LIMITS.shortText),
    price_range: trimmed('Price range', BUSINESS_LIMITS.shortText),
    production: trimmed('Production', BUSINESS_LIMITS.shortText),
    /** Processing time and returns policy (decision 0052); absent: DELIVERY_DEFAULTS. */
    ...deliveryFormFields,
  })
  .superRefine((v, ctx) => {
    if (v.business_type === 'eco_friendly_company' && v.description === '') {
      ctx.addIssue({ code: 'custom', path: ['description'], message: 'Description is required.' });
    }
    checkReturnsPolicy(v, ctx);
  });
export type RegisterBusinessFields = z.output<typeof registerBusinessFields>;

/** 201 of `POST api/registerbiz/`: where the browser goes next (payout onboarding). */
export const registerBusinessResponse = z.object({
  id: z.number().int(),
  message: z.string(),
  stripe_onboarding_url: z.string().nullable(),
});
export type RegisterBusinessResponse = z.infer<typeof registerBusinessResponse>;

/**
 * Where new-order e-mails go (issue 24 point 7): an address of the brand's choice, or '' for
 * the owner's account e-mail (never the public storefront address).
 */
export const ORDER_EMAIL_TEXTS = {
  label: 'Order notification e-mail (optional)',
  hint: "New orders are e-mailed here. Leave it empty to use your account's e-mail; the public e-mail above is never used for them.",
  invalid: 'Enter a valid order notification e-mail address.',
  tooLong: 'Order notification e-mail is too long.',
} as const;

const orderEmail = z
  .string({ error: ORDER_EMAIL_TEXTS.invalid })
  .transform((v) => v.trim())
  .pipe(
    z.union([
      z.literal(''),
      z
        .string()
        .max(BUSINESS_LIMITS.email, ORDER_EMAIL_TEXTS.tooLong)
        .pipe(z.email(ORDER_EMAIL_TEXTS.invalid)),
    ]),
  );

/**
 * The text fields of `POST api/business/edit/{businessId}/` (multipart; `logonew` and
 * `banner` are files). Name and e-mail required (SPEC §5); the rest as in registration.
 */
export const editBusinessFields = z
  .object({
    name: trimmed('Business name', BUSINESS_LIMITS.name),
    description: optionalText('Description', BUSINESS_LIMITS.description),
    email: publicEmail,
    website,
    shipping_strategy: optionalText('Shipping strategy', BUSINESS_LIMITS.shortText),
    price_range: optionalText('Price range', BUSINESS_LIMITS.shortText),
    production: optionalText('Production', BUSINESS_LIMITS.shortText),
    /** Absent: unchanged; '': the owner's account e-mail. */
    order_email: orderEmail.optional(),
    /** Processing time and returns policy (decision 0052); absent: unchanged. */
    ...deliveryFormFields,
  })
  .superRefine(checkReturnsPolicy);
export type EditBusinessFields = z.output<typeof editBusinessFields>;

/** One business of the owner (`GET api/business/dashboard/` → `businesses`). */
export const ownedBusinessSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  logonew: z.string().nullable(),
  verified: z.boolean(),
  stripe_status: z.enum(STRIPE_STATUSES),
});
export type OwnedBusinessSummary = z.infer<typeof ownedBusinessSummary>;

export const dashboardResponse = z.object({ businesses: z.array(ownedBusinessSummary) });
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/**
 * `GET api/business/overview/{businessId}/` (owner only): the public fields, plus what only
 * the owner sees. Never the Shopify token (only whether one is stored).
 */
export const businessOverviewResponse = publicBusinessResponse.extend({
  stripe_account_id: z.string().nullable(),
  stripe_status: z.enum(STRIPE_STATUSES),
  shopify_store_url: z.string().nullable(),
  shopify_connected: z.boolean(),
  shopify_order_sync: z.boolean(),
  /** Where new-order e-mails go; '' when they go to the owner's account e-mail. */
  order_email: z.string(),
  /** The delivery fields of the form (decision 0052): days to send, and the returns policy. */
  processing_days: z.number().int(),
  returns_accepted: z.boolean(),
  /** Null when the brand takes no returns. */
  returns_days: z.number().int().nullable(),
  /** Figures of the overview panel. */
  stats: z.object({
    product_count: z.number().int(),
    order_count: z.number().int(),
    /** Paid orders not yet shipped: the seller's to-do list. */
    to_ship_count: z.number().int(),
    /** Sum of the payouts (after the 3 % commission) of paid-for orders, as "12.34". */
    payouts_total: z.string(),
    /** Of which still waiting for the payout setup or a transfer. */
    payouts_waiting: z.string(),
  }),
});
export type BusinessOverview = z.infer<typeof businessOverviewResponse>;

/** `PUT api/business/overview/{businessId}/`: the order-sync toggle (SPEC §4). */
export const businessOverviewUpdateBody = z.object({
  shopify_order_sync: z.boolean({ error: 'shopify_order_sync must be true or false.' }),
});

/** `POST api/api/stripe/onboarding-link/`: a fresh link for a business still pending. */
export const onboardingLinkBody = z.object({
  account_id: z.string().max(255).optional(),
  /** Also accepted: the business itself (a business registered without an account yet). */
  business_id: z.union([z.number().int(), z.string()]).optional(),
});
export const onboardingLinkResponse = z.object({ onboarding_url: z.string() });
export type OnboardingLinkResponse = z.infer<typeof onboardingLinkResponse>;

/**
 * `POST api/shopifymanualconnect/{businessId}/` (SPEC §7): the store's address and an Admin
 * API access token, pasted by the owner.
 */
export const shopifyManualConnectBody = z.object({
  shopify_store_url: z
    .string({ error: 'Store URL is required.' })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Store URL is required.').max(255, 'Store URL is too long.')),
  access_token: z
    .string({ error: 'Access token is required.' })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, 'Access token is required.')
        .max(255, 'Access token is too long.')
        // Shopify's tokens are printable ASCII; anything else could not even be sent as a header.
        .regex(/^[\x21-\x7e]+$/, BUSINESS_MESSAGES.shopifyAccessTokenInvalid),
    ),
  /**
   * Optional (issue 13): the API secret key of the brand's custom app, which Shopify signs that
   * app's webhooks with. Without it the store's webhooks are not subscribed (unless the
   * marketplace's own app secret is configured); products still sync on demand.
   */
  shopify_api_secret: z
    .string({ error: 'API secret key must be text.' })
    .transform((v) => v.trim())
    .pipe(z.string().max(255, 'API secret key is too long.'))
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ShopifyManualConnectBody = z.input<typeof shopifyManualConnectBody>;

/** 200 of the Shopify connect: the normalised store address and the shop's name (no token). */
export const shopifyConnectResponse = z.object({
  shopify_store_url: z.string(),
  shop_name: z.string(),
});
export type ShopifyConnectResponse = z.infer<typeof shopifyConnectResponse>;

/** 200 of `DELETE api/shopifymanualconnect/{businessId}/`: the token and address are gone. */
export const shopifyDisconnectResponse = z.object({ shopify_connected: z.literal(false) });
export type ShopifyDisconnectResponse = z.infer<typeof shopifyDisconnectResponse>;
